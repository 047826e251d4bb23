import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { displayName } from '@/lib/session';
import type { Account } from '@shared/schemas/account';
import { Avatar } from './avatar';
import { LogoutButton } from './logout-button';

/** Account disclosure menu: Profile, Notifications, Logout. Escape or a click outside closes it. */
export function AccountMenu({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape pressed inside the menu closes it, focus back on its button.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={rootRef}>
      <button type="button" ref={buttonRef} className="account-menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <Avatar account={account} />
        <span className="account-menu-name">{displayName(account)}</span>
        <span className="visually-hidden"> account menu</span>
      </button>
      <ul id={menuId} className="account-menu-list" hidden={!open}>
        <li>
          <Link to="/profile" onClick={() => setOpen(false)}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/profile?tab=notifications" onClick={() => setOpen(false)}>
            Notifications
          </Link>
        </li>
        <li>
          <LogoutButton className="account-menu-logout" onAsk={() => setOpen(false)} onCancel={() => buttonRef.current?.focus()} />
        </li>
      </ul>
    </div>
  );
}
