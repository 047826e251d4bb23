import { useId, type FormEvent, type ReactNode } from 'react';
import { DialogFrame } from '@/components/dialog-frame';

interface OrderDialogProps {
  title: string;
  children: ReactNode;
  submitLabel: string;
  closeLabel?: string;
  /** A destructive step (cancelling): the submit button says so by its colour too. */
  danger?: boolean;
  busy?: boolean;
  onSubmit(): void;
  onClose(): void;
}

/**
 * The modal form of an order step, in the shared dialog frame: focus moves to its first control,
 * Tab stays inside, Escape or a press outside closes it (not while its step runs), and focus
 * returns to the control that opened it.
 */
export function OrderDialog({ title, children, submitLabel, closeLabel = 'Close', danger = false, busy = false, onSubmit, onClose }: OrderDialogProps) {
  const titleId = useId();

  function close() {
    if (!busy) onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <DialogFrame role="dialog" labelledBy={titleId} className="modal order-dialog" onDismiss={close}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId} className="order-dialog-title">
          {title}
        </h2>
        {children}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {closeLabel}
          </button>
          <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
