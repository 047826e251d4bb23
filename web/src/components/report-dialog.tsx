import { useId, useState, type FormEvent } from 'react';
import { REPORTS } from '@shared/limits';
import { REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '@shared/schemas/reports';
import { MSG } from '@shared/web-texts';
import { type ReportRequest, sendReport } from '@/api/reports';
import { DialogFrame } from '@/components/dialog-frame';
import { TextAreaField } from '@/components/form/text-field';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import './report-dialog.css';

type ReportTarget = Pick<ReportRequest, 'targetType' | 'targetId' | 'chatId' | 'offerId'>;

interface ReportButtonProps {
  target: ReportTarget;
  /** What is reported, as the button's label and the dialog's title say it: "message from Rhea R.". */
  what: string;
}

/** A "Report" action: opens the reporting dialog; focus comes back to it when the dialog closes. */
export function ReportButton({ target, what }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="report-button" aria-label={`Report ${what}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Report
      </button>
      {open && <ReportDialog target={target} what={what} onClose={() => setOpen(false)} />}
    </>
  );
}

interface ReportDialogProps extends ReportButtonProps {
  onClose(): void;
}

/** Why the member reports it (one of a few reasons) and an optional note; sent to the moderators' queue. */
export function ReportDialog({ target, what, onClose }: ReportDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason>();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setProblem(MSG.reportReasonInvalid);
      return;
    }
    setSending(true);
    setProblem(undefined);
    try {
      const answer = await sendReport({ ...target, reason, ...(note.trim() && { note: note.trim() }) });
      notify.success(answer.msg);
      onClose();
    } catch (error) {
      setProblem(errorText(error, MSG.reportFailed));
      setSending(false);
    }
  }

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onClose}>
      <form className="form" noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="modal-message">
          Report {what}
        </h2>
        <fieldset className="report-reasons">
          <legend>Why are you reporting it?</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value}>
              <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="Note"
          optional
          hint={`Up to ${REPORTS.noteMax} characters. Only our moderators read it.`}
          rows={3}
          maxLength={REPORTS.noteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={sending}>
            Send report
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
