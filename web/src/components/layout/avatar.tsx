import { initials, type SessionUser } from '@/lib/session';

/** Profile photo from the uploads path, else the initials. Decorative: the name is said next to it. */
export function Avatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
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
