import { useId, useState, type FormEvent } from 'react';
import { REPORTS } from '@shared/limits';
import type { ReportAction, ReportCaseView } from '@shared/schemas/reports';
import { DialogFrame } from '@/components/dialog-frame';
import { TextAreaField } from '@/components/form/text-field';

/** The decisions this dialog asks about; a ban is asked with the ban dialog, which shows its refunds. */
export type AskedAction = Exclude<ReportAction, 'ban'>;

/** What each decision does, as the admin is asked before it. */
const QUESTIONS: Record<AskedAction, (item: ReportCaseView) => string> = {
  hide: (item) =>
    ({
      message: 'Remove this message? Both members see that a moderator removed it.',
      review: 'Hide this review? It leaves the offer and the expert’s profile, and no longer counts in their rating.',
      offer: 'Unpublish this offer? It leaves the catalogue and search.',
    })[item.target.type],
  warn: (item) => `Warn ${item.author.firstName} ${item.author.lastName}? They are mailed a warning naming the content and the reason. The content stays.`,
  dismiss: () => 'Dismiss these reports? Nothing changes for the content or its author.',
};

const CONFIRM: Record<AskedAction, string> = { hide: 'Hide', warn: 'Send warning', dismiss: 'Dismiss' };

interface ResolveReportDialogProps {
  item: ReportCaseView;
  action: AskedAction;
  onConfirm(note: string): void;
  onCancel(): void;
}

/** Asks before a decision on a reported item, with an optional note kept with the decision (and put in a warning). */
export function ResolveReportDialog({ item, action, onConfirm, onCancel }: ResolveReportDialogProps) {
  const titleId = useId();
  const [note, setNote] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onConfirm(note.trim());
  }

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onCancel}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="modal-message">
          {QUESTIONS[action](item)}
        </h2>
        <TextAreaField
          label="Note"
          optional
          hint={action === 'warn' ? 'The author reads it in the warning.' : 'Kept with the decision.'}
          rows={3}
          maxLength={REPORTS.noteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={action === 'dismiss' ? 'btn btn-primary' : 'btn btn-danger'}>
            {CONFIRM[action]}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
