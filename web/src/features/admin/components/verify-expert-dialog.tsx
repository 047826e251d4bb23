import { type FormEvent, useId, useState } from 'react';
import { LIMITS } from '@shared/limits';
import type { AdminUserRow } from '@shared/schemas/admin';
import { DialogFrame } from '@/components/dialog-frame';
import { TextAreaField } from '@/components/form/text-field';
import { verifyExpertSchema } from '@/features/admin/api/users';

interface VerifyExpertDialogProps {
  user: AdminUserRow;
  onConfirm(note: string): void;
  onCancel(): void;
}

/** Grants the Verified badge, with a note of what was checked (kept for admins, in the audit log too). */
export function VerifyExpertDialog({ user, onConfirm, onCancel }: VerifyExpertDialogProps) {
  const titleId = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = verifyExpertSchema.safeParse({ note });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message);
    onConfirm(checked.data.note);
  }

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onCancel}>
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId} className="modal-message">
          Verify {user.firstName} {user.lastName}?
        </h2>
        <p>The Verified badge shows on their profile and cards.</p>
        <TextAreaField
          label="What did you check?"
          hint={`For example an identity document or a diploma. ${LIMITS.verifyNoteMin} to ${LIMITS.verifyNoteMax} characters.`}
          rows={3}
          maxLength={LIMITS.verifyNoteMax}
          value={note}
          error={problem}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Verify
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
