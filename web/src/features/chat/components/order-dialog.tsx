import { useEffect, useEffectEvent, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '@/lib/keep-tab-inside';

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
 * The modal form of an order step: focus moves to its first control, Tab stays inside, Escape or
 * a press outside closes it, and focus returns to the control that opened it.
 */
export function OrderDialog({ title, children, submitLabel, closeLabel = 'Close', danger = false, busy = false, onSubmit, onClose }: OrderDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLFormElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);

  const onPointerDown = useEffectEvent((event: MouseEvent) => {
    if (event.target === backdropRef.current && !busy) onClose();
  });
  useEffect(() => {
    const listener = (event: MouseEvent) => onPointerDown(event);
    document.addEventListener('mousedown', listener);
    return () => document.removeEventListener('mousedown', listener);
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onClose();
      return;
    }
    keepTabInside(event);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return createPortal(
    <div className="modal-backdrop" ref={backdropRef}>
      <form
        className="modal order-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialogRef}
        onKeyDown={onKeyDown}
        onSubmit={submit}
        noValidate
      >
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
    </div>,
    document.body,
  );
}
