import { useState } from 'react';
import { DEFAULT_AVATAR, photoUrl } from '@/features/chat/lib/chat-format';

/** A profile photo from /uploads, the default avatar when there is none or it fails to load. Decorative: the name is said next to it. */
export function PersonPhoto({ photo, size = 44 }: { photo?: string; size?: number }) {
  const [failed, setFailed] = useState<string>();
  const src = failed === photo ? DEFAULT_AVATAR : photoUrl(photo);
  return <img className="chat-photo" src={src} alt="" width={size} height={size} onError={() => src !== DEFAULT_AVATAR && setFailed(photo)} />;
}
