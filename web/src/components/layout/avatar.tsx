import { initials } from '@/lib/session';
import type { Account } from '@shared/schemas/account';

/** Profile photo from the uploads path, else the initials. Decorative: the name is said next to it. */
export function Avatar({ user, size = 32 }: { user: Account; size?: number }) {
  if (user.profilePhoto) {
    const src = user.profilePhoto.startsWith('/') || user.profilePhoto.startsWith('http') ? user.profilePhoto : `/uploads/${user.profilePhoto}`;
    return <img className="avatar" src={src} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar avatar-initials" aria-hidden="true" style={{ width: size, height: size }}>
      {initials(user)}
    </span>
  );
}
