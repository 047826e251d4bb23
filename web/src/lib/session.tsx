/**
 * The session of spec 1 section 4: loading until the silent refresh at start settles, then a
 * signed-in account or nobody. The access token lives only in the API client's memory.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Account } from '@shared/schemas/account';
import { api as defaultApi, type ApiClient, type SessionKind } from './api-client';
import { mergeGuestFavorites } from './favorites';
import { SESSION_HINT_COOKIE } from '@shared/shell-limits';
import { readCookie, writeCookie } from './cookies';

export interface Session {
  loading: boolean;
  account: Account | null;
  login(account: Account, accessToken: string, kind?: SessionKind): void;
  logout(): Promise<void>;
  updateAccount(fields: Partial<Account>): void;
}

const SessionContext = createContext<Session | null>(null);

/** The admin area keeps its own refresh cookie; the path says which one this tab resumes. */
export const sessionKindFor = (pathname: string): SessionKind => (pathname.startsWith('/admin') ? 'admin' : 'user');

const LOGOUT_ROUTE = { user: 'POST /api/auth/logout', admin: 'POST /api/admin/auth/logout' } as const satisfies Record<SessionKind, string>;

let resumed: Promise<Account | null> | undefined;

/**
 * Silent refresh then the current account; once per page load (StrictMode mounts effects twice). A
 * member's browser holds the session hint beside its refresh cookie (decision 290); a visitor's holds
 * none, so there is no session to resume and no request is sent that could only be refused (decision 299).
 */
function resume(client: ApiClient): Promise<Account | null> {
  resumed ??= (async () => {
    const kind = sessionKindFor(location.pathname);
    client.setSessionKind(kind);
    if (kind === 'user' && readCookie(SESSION_HINT_COOKIE) === undefined) return null;
    try {
      await client.refresh();
      return await client.call('GET /api/auth/user');
    } catch {
      client.setAccessToken(undefined);
      // No session to resume: the next prerendered page is shown at once again (decision 290).
      if (client.sessionKind === 'user' && readCookie(SESSION_HINT_COOKIE) !== undefined) writeCookie(SESSION_HINT_COOKIE, '', 0);
      return null;
    }
  })();
  return resumed;
}

/**
 * Settles once the session at start is known: route loaders wait for it so they call as the
 * signed-in account. In a visitor's browser it is known at once (decision 299).
 */
export const sessionSettled = (): Promise<unknown> => resume(defaultApi);

export function SessionProvider({
  children,
  client = defaultApi,
  initialAccount,
  assumeSignedOut = false,
}: {
  children: ReactNode;
  client?: ApiClient;
  initialAccount?: Account | null;
  /** A prerendered page (decision 290): shown signed out at once, the session resumed behind it. */
  assumeSignedOut?: boolean;
}) {
  const [account, setAccount] = useState<Account | null>(initialAccount ?? null);
  const [loading, setLoading] = useState(initialAccount === undefined && !assumeSignedOut);

  /** What a visitor saved before signing in joins the account; on failure it stays stored for next time. */
  const mergeGuest = useCallback(() => {
    mergeGuestFavorites(client).then(
      (favorites) => favorites && setAccount((current) => (current ? { ...current, favorites } : current)),
      () => undefined,
    );
  }, [client]);

  useEffect(() => {
    client.setOnSessionLost(() => setAccount(null));
    if (initialAccount !== undefined) return;
    let active = true;
    void resume(client).then((found) => {
      if (!active) return;
      setAccount(found);
      setLoading(false);
      if (found && client.sessionKind === 'user') mergeGuest();
    });
    return () => {
      active = false;
    };
  }, [client, initialAccount, mergeGuest]);

  const login = useCallback(
    (next: Account, accessToken: string, kind: SessionKind = 'user') => {
      client.setSessionKind(kind);
      client.setAccessToken(accessToken);
      setAccount(next);
      if (kind === 'user') mergeGuest();
    },
    [client, mergeGuest],
  );

  const logout = useCallback(async () => {
    try {
      await client.call(LOGOUT_ROUTE[client.sessionKind]);
    } catch {
      // Logged out locally whatever the server answers.
    } finally {
      client.setAccessToken(undefined);
      setAccount(null);
    }
  }, [client]);

  const updateAccount = useCallback((fields: Partial<Account>) => {
    setAccount((current) => (current ? { ...current, ...fields } : current));
  }, []);

  const value = useMemo<Session>(() => ({ loading, account, login, logout, updateAccount }), [loading, account, login, logout, updateAccount]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** "Claire Dubois", else the student's name, else the e-mail. */
export function displayName(account: Account): string {
  const full = [account.firstName, account.lastName].filter(Boolean).join(' ').trim();
  return full || account.name || account.email;
}

export function initials(account: Account): string {
  const parts = displayName(account)
    .split(/[\s@.]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}
