import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { displayName } from '@/lib/session';
import type { Account } from '@shared/schemas/account';
import { Avatar } from './avatar';
import { LogoutButton } from './logout-button';

/** Account disclosure menu: Profile, Notifications, Logout. Escape or a click outside closes it. */
export function UserMenu({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  return (
    <div
      className="user-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button type="button" ref={buttonRef} className="user-menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <Avatar account={account} />
        <span className="user-menu-name">{displayName(account)}</span>
        <span className="visually-hidden"> account menu</span>
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <li>
          <Link to="/profile" onClick={() => setOpen(false)}>
            Profile
          </Link>
        </li>
        <li>
          <Link to="/" onClick={() => setOpen(false)}>
            Notifications
          </Link>
        </li>
        <li>
          <LogoutButton className="user-menu-logout" onAsk={() => setOpen(false)} onCancel={() => buttonRef.current?.focus()} />
        </li>
      </ul>
    </div>
  );
}
