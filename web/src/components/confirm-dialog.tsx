import { useId } from 'react';
import { DialogFrame } from '@/components/dialog-frame';

interface ConfirmDialogProps {
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal yes/no question: focus moves to its no, Tab stays inside, Escape or a press outside it
 * answers no, and focus returns to where it was when it closes.
 */
export function ConfirmDialog({ message, confirmLabel = 'Yes', cancelLabel = 'No', onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <DialogFrame role="alertdialog" labelledBy={titleId} onDismiss={onCancel}>
      <p id={titleId} className="modal-message">
        {message}
      </p>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
