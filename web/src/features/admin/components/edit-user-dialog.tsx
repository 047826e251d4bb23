import { type FormEvent, useId, useState } from 'react';
import type { AdminUserRow } from '@shared/schemas/admin';
import { MSG } from '@shared/web-texts';
import { DialogFrame } from '@/components/dialog-frame';
import { TextField } from '@/components/form/text-field';
import { FormFailure } from '@/components/form/form-failure';

export type UserChanges = { firstName?: string; lastName?: string; role?: 'user' | 'professor' };

interface EditUserDialogProps {
  user: AdminUserRow;
  onSave(changes: UserChanges): void;
  onCancel(): void;
}

const ROLE_WORDS = { user: 'Student', professor: 'Expert' } as const;

/** Names and role of a member; only what changed is sent ('No changes detected.' otherwise). */
export function EditUserDialog({ user, onSave, onCancel }: EditUserDialogProps) {
  const titleId = useId();
  const roleId = useId();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [role, setRole] = useState(user.role);
  const [problem, setProblem] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!firstName.trim() || !lastName.trim()) return setProblem(MSG.adminAllFieldsRequired);
    const changes: UserChanges = {
      ...(firstName.trim() !== user.firstName && { firstName: firstName.trim() }),
      ...(lastName.trim() !== user.lastName && { lastName: lastName.trim() }),
      ...(role !== user.role && { role }),
    };
    if (Object.keys(changes).length === 0) return setProblem(MSG.noChanges);
    onSave(changes);
  }

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onCancel}>
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId} className="modal-message">
          Edit {user.firstName} {user.lastName}
        </h2>
        <TextField label="First name" autoComplete="off" value={firstName} onChange={(event) => setFirstName(event.target.value)} />
        <TextField label="Last name" autoComplete="off" value={lastName} onChange={(event) => setLastName(event.target.value)} />
        <div className="field">
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as AdminUserRow['role'])}>
            {(['user', 'professor'] as const).map((value) => (
              <option key={value} value={value}>
                {ROLE_WORDS[value]}
              </option>
            ))}
          </select>
        </div>
        <p className="field-hint">The e-mail address is changed by its owner, who confirms the new one.</p>
        <FormFailure text={problem} />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
