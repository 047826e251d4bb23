import { useEffect, useEffectEvent, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from '@/lib/keep-tab-inside';

interface DialogFrameProps {
  /** alertdialog: a question that interrupts (a confirmation); dialog: a form. */
  role: 'dialog' | 'alertdialog';
  /** The id of what names the dialog: its title, or its question. */
  labelledBy: string;
  className?: string;
  /** Escape, or a press on the backdrop outside the dialog. */
  onDismiss(): void;
  children: ReactNode;
}

/**
 * The frame of a modal dialog, over a backdrop: focus moves to its first control, Tab stays inside,
 * Escape or a press outside it dismisses it, and focus returns to where it was when it closes.
 */
export function DialogFrame({ role, labelledBy, className = 'modal', onDismiss, children }: DialogFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);

  // A press on the backdrop, outside the dialog, dismisses it (the keyboard's way is Escape); the
  // press does not take focus, so focus goes back to where it was.
  const onPointerDown = useEffectEvent((event: MouseEvent) => {
    if (event.target !== backdropRef.current) return;
    event.preventDefault();
    onDismiss();
  });
  useEffect(() => {
    const listener = (event: MouseEvent) => onPointerDown(event);
    document.addEventListener('mousedown', listener);
    return () => document.removeEventListener('mousedown', listener);
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    // Back to where focus was, unless that control has been hidden meanwhile (a closed menu).
    return () => {
      if (previous?.isConnected && !previous.closest('[hidden]')) previous.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
      return;
    }
    keepTabInside(event);
  }

  return createPortal(
    <div className="modal-backdrop" ref={backdropRef}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, both modal; Biome cannot read a role from a prop */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a dialog (or alertdialog) takes its keys: Escape and the Tab trap */}
      <div className={className} role={role} aria-modal="true" aria-labelledby={labelledBy} ref={dialogRef} onKeyDown={onKeyDown}>
        {children}
      </div>
    </div>,
    document.body,
  );
}
