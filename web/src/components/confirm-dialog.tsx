import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '@/lib/keep-tab-inside';

interface ConfirmDialogProps {
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal yes/no question: focus moves into it, Tab stays inside, Escape or a press outside it
 * answers no, and focus returns to where it was when it closes.
 */
export function ConfirmDialog({ message, confirmLabel = 'Yes', cancelLabel = 'No', onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);

  // A press on the backdrop, outside the dialog, answers no (the keyboard's way is Escape).
  const onPointerDown = useEffectEvent((event: MouseEvent) => {
    if (event.target === backdropRef.current) onCancel();
  });
  useEffect(() => {
    const listener = (event: MouseEvent) => onPointerDown(event);
    document.addEventListener('mousedown', listener);
    return () => document.removeEventListener('mousedown', listener);
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    // Back to where focus was, unless that control has been hidden meanwhile (a closed menu).
    return () => {
      if (previous?.isConnected && !previous.closest('[hidden]')) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    keepTabInside(event);
  }

  return createPortal(
    <div className="modal-backdrop" ref={backdropRef}>
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <p id={titleId} className="modal-message">
          {message}
        </p>
        <div className="modal-actions">
          <button type="button" ref={cancelRef} className="btn btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
