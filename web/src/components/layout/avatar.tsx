import { initials } from '@/lib/session';
import type { Account } from '@shared/schemas/account';

/** Profile photo from the uploads path, else the initials. Decorative: the name is said next to it. */
export function Avatar({ account, size = 32 }: { account: Account; size?: number }) {
  if (account.profilePhoto) {
    const src = account.profilePhoto.startsWith('/') || account.profilePhoto.startsWith('http') ? account.profilePhoto : `/uploads/${account.profilePhoto}`;
    return <img className="avatar" src={src} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar avatar-initials" aria-hidden="true" style={{ width: size, height: size }}>
      {initials(account)}
    </span>
  );
}
