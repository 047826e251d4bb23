import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { Role } from '@shared/roles';
import { useSavedOfferIds } from '@/lib/favorites';
import { useSession } from '@/lib/session';
import { useUnreadCount } from '@/lib/unread';
import { AccountMenu } from './account-menu';
import { useHydrated } from '@/lib/use-hydrated';
import { BrandLink } from './brand-link';
import { HeaderSearch } from './header-search';

interface NavItem {
  to: string;
  label: string;
  /** Unread or saved count shown as a badge. */
  count?: { value: number; unit: string };
}

const NAV: Record<Role | 'anonymous', NavItem[]> = {
  anonymous: [
    { to: '/', label: 'Home' },
    { to: '/contact-us', label: 'Contact' },
    { to: '/register', label: 'Sign Up' },
    { to: '/login', label: 'Log In' },
  ],
  user: [
    { to: '/', label: 'Home' },
    { to: '/messages', label: 'Messages', count: { value: 0, unit: 'unread' } },
    { to: '/favorites', label: 'Favourite', count: { value: 0, unit: 'saved' } },
    { to: '/order-history', label: 'Order History' },
    { to: '/contact-us', label: 'Contact' },
  ],
  professor: [
    { to: '/', label: 'Home' },
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/favorites', label: 'Favourite', count: { value: 0, unit: 'saved' } },
    { to: '/messages', label: 'Messages', count: { value: 0, unit: 'unread' } },
    { to: '/my-offers', label: 'My Offers' },
    { to: '/contact-us', label: 'Contact' },
  ],
  admin: [
    { to: '/', label: 'Home' },
    { to: '/admin', label: 'Admin Panel' },
    { to: '/favorites', label: 'Favourite', count: { value: 0, unit: 'saved' } },
  ],
};

const FAVOURITES: NavItem = { to: '/favorites', label: 'Favourite', count: { value: 0, unit: 'saved' } };
const MESSAGES = '/messages';

/** The role's links, the Favourite and Messages counts filled in; a visitor who saved offers gets the link too. */
function navItems(role: Role | 'anonymous', saved: number, unread: number): NavItem[] {
  const items = role === 'anonymous' && saved > 0 ? [NAV.anonymous[0], FAVOURITES, ...NAV.anonymous.slice(1)] : NAV[role];
  return items.map((item) => {
    if (item.to === FAVOURITES.to) return { ...item, count: { value: saved, unit: 'saved' } };
    if (item.to === MESSAGES) return { ...item, count: { value: unread, unit: 'unread' } };
    return item;
  });
}

export function Header() {
  const { account } = useSession();
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const items = navItems(account?.role ?? 'anonymous', useSavedOfferIds(account).length, useUnreadCount());

  // A navigation closes the menu (state adjusted while rendering, as React advises over an effect).
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="header-inner">
        <BrandLink />
        <button
          type="button"
          ref={toggleRef}
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-nav"
          disabled={!hydrated}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="primary-nav" aria-label="Main" className={menuOpen ? 'primary-nav open' : 'primary-nav'}>
          <HeaderSearch />
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={item.to === '/register' ? 'nav-cta' : undefined}>
                  {item.label}
                  {item.count && (
                    <>
                      <span className="badge" aria-hidden="true">
                        {item.count.value}
                      </span>
                      <span className="visually-hidden">
                        , {item.count.value} {item.count.unit}
                      </span>
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
          {account?.role === 'professor' && (
            <Link to="/create-offer" className="btn btn-primary btn-small header-create-offer">
              Create Offer
            </Link>
          )}
        </nav>
        {account && <AccountMenu account={account} />}
      </div>
    </header>
  );
}
