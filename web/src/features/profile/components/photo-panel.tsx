import { type ChangeEvent, useId, useRef, useState } from 'react';
import { LIMITS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { Avatar } from '@/components/layout/avatar';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { updateProfile, uploadProfilePhoto } from '@/features/profile/api/profile';

/** What the file picker offers; the server checks the bytes whatever the name or type says. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** What an upload says: the member's Profile tab calls it an avatar, the expert's About tab a photo (spec 2 section 8). */
const UPLOAD_TEXTS = {
  avatar: { done: MSG.avatarUploaded, failed: MSG.avatarUploadFailed },
  photo: { done: MSG.photoUpdated, failed: MSG.photoUploadFailed },
} as const;

/**
 * The profile photo: upload a new one (it replaces the current one) or delete it. The header, the
 * cards, the chat list and the public profile show it as soon as it is saved.
 */
export function PhotoPanel({ texts = 'avatar' }: { texts?: keyof typeof UPLOAD_TEXTS }) {
  const { account, updateAccount } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const id = useId();
  if (!account) return null;

  async function onChosen(event: ChangeEvent<HTMLInputElement>) {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo) return;
    setProblem(undefined);
    if (photo.size > LIMITS.photoMaxBytes) return setProblem(MSG.fileTooLarge);
    if (!PHOTO_TYPES.includes(photo.type)) return setProblem(MSG.invalidPhotoType);
    setBusy(true);
    try {
      const { profilePhoto } = await uploadProfilePhoto(photo);
      updateAccount({ profilePhoto });
      notify.success(UPLOAD_TEXTS[texts].done);
    } catch (error) {
      notify.error(errorText(error, UPLOAD_TEXTS[texts].failed));
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    setBusy(true);
    try {
      const { user } = await updateProfile({ profilePhoto: '' });
      updateAccount({ profilePhoto: user.profilePhoto });
      notify.success(MSG.avatarDeleted);
    } catch (error) {
      notify.error(errorText(error, MSG.avatarDeleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card profile-photo-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Photo</h2>
      <div className="profile-photo-row">
        <Avatar account={account} size={96} />
        <div className="profile-photo-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
            {account.profilePhoto ? 'Change photo' : 'Upload photo'}
          </button>
          {/* The button opens the picker: one control to reach by keyboard, labelled by what it does. */}
          <input ref={input} type="file" hidden aria-label="Profile photo" accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp" onChange={onChosen} />
          {account.profilePhoto && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={onDelete}>
              Delete photo
            </button>
          )}
          <p className="field-hint" id={`${id}-hint`}>
            JPG, PNG or WEBP, at most 2 MB.
          </p>
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
