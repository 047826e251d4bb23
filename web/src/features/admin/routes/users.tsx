/**
 * /admin/users (spec 2: the sidebar's Users): the members, newest first, a page at a time, searched
 * by name or e-mail and filtered by role and by banned; the Archived tab lists those an admin
 * deleted, to restore them. Each row's actions: the member's orders (each paid one leads to its
 * payment), edit names and role, verify an expert (with a note of what was checked) or withdraw the
 * badge, archive. Every action is asked for again in a dialog;
 * the list is loaded again after it, and a refusal shows the server's message.
 */
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminUserRow } from '@shared/schemas/admin';
import { MSG } from '@shared/web-texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import { BanButton } from '@/features/admin/components/ban-button';
import { TableScroll } from '@/components/table-scroll';
import { ApiError, errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useDocumentTitle } from '@/lib/use-document-title';
import { archiveAdminUser, getAdminUsers, restoreAdminUser, type UserFilters, unverifyExpert, updateAdminUser, verifyExpert } from '@/features/admin/api/users';
import { EditUserDialog, type UserChanges } from '@/features/admin/components/edit-user-dialog';
import { MemberOrdersDialog } from '@/features/admin/components/member-orders-dialog';
import { VerifyExpertDialog } from '@/features/admin/components/verify-expert-dialog';

const ROLE_WORDS = { user: 'Student', professor: 'Expert' } as const;
const isRole = (value: string | null): value is 'user' | 'professor' => value === 'user' || value === 'professor';
const isFlag = (value: string | null): value is 'true' | 'false' => value === 'true' || value === 'false';
const nameOf = (user: AdminUserRow) => `${user.firstName} ${user.lastName}`.trim() || user.email;

export default function AdminUsersRoute() {
  useDocumentTitle('Users');
  const [params, setParams] = useSearchParams();
  const archived = params.get('view') === 'archived';
  const role = params.get('role');
  const banned = params.get('banned');
  const filters: UserFilters = {
    ...(params.get('q') && { q: params.get('q') ?? undefined }),
    ...(isRole(role) && { role }),
    ...(!archived && isFlag(banned) && { banned }),
  };
  const headingRef = useRef<HTMLHeadingElement>(null);

  function show(next: UserFilters, view = archived ? 'archived' : undefined) {
    const query = new URLSearchParams();
    if (view) query.set('view', view);
    for (const [key, value] of Object.entries(next)) if (value) query.set(key, value);
    setParams(query);
  }

  return (
    <section aria-labelledby="admin-users-title" className="admin-users">
      <h1 id="admin-users-title" ref={headingRef} tabIndex={-1}>
        Users
      </h1>
      <nav aria-label="User lists" className="admin-tabs">
        <Link to="/admin/users" aria-current={archived ? undefined : 'page'}>
          Members
        </Link>
        <Link to="/admin/users?view=archived" aria-current={archived ? 'page' : undefined}>
          Archived
        </Link>
        <Link to="/admin/create-user" className="btn btn-secondary btn-small">
          Add user
        </Link>
      </nav>
      <UserSearch key={JSON.stringify(filters)} archived={archived} current={filters} onSearch={show} />
      {/* Another search is another list: its own pages from the first. */}
      <UserList key={`${archived}${JSON.stringify(filters)}`} archived={archived} filters={filters} headingRef={headingRef} />
    </section>
  );
}

function UserSearch({ archived, current, onSearch }: { archived: boolean; current: UserFilters; onSearch(filters: UserFilters): void }) {
  const [q, setQ] = useState(current.q ?? '');
  const [role, setRole] = useState(current.role ?? '');
  const [banned, setBanned] = useState(current.banned ?? '');
  const ids = { q: useId(), role: useId(), banned: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch({
      ...(q.trim() && { q: q.trim() }),
      ...(isRole(role) && { role }),
      ...(isFlag(banned) && { banned }),
    });
  }

  return (
    <search aria-label={archived ? 'Archived users' : 'Users'}>
      <form className="admin-search" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.q}>Name or e-mail</label>
          <input id={ids.q} type="search" autoComplete="off" value={q} onChange={(event) => setQ(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Role</label>
          <select id={ids.role} value={role} onChange={(event) => setRole(event.target.value)}>
            <option value="">All</option>
            <option value="user">Students</option>
            <option value="professor">Experts</option>
          </select>
        </div>
        {!archived && (
          <div className="field">
            <label htmlFor={ids.banned}>Banned</label>
            <select id={ids.banned} value={banned} onChange={(event) => setBanned(event.target.value)}>
              <option value="">All</option>
              <option value="true">Banned only</option>
              <option value="false">Not banned</option>
            </select>
          </div>
        )}
        <div className="admin-search-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </form>
    </search>
  );
}

type Asking = { user: AdminUserRow; action: 'orders' | 'edit' | 'verify' | 'unverify' | 'archive' | 'restore' };

function statusOf(user: AdminUserRow): [string, string] {
  if (user.isDeleted) return ['Archived', 'stopped'];
  if (user.isBanned) return ['Banned', 'stopped'];
  if (user.status === 'pending') return ['Not activated', 'waiting'];
  return ['Active', 'done'];
}

function UserList({ archived, filters, headingRef }: { archived: boolean; filters: UserFilters; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const list = useCursorPages((cursor) => getAdminUsers(archived, filters, cursor), MSG.usersLoadFailed);
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState(false);
  const captionId = useId();

  async function act(run: () => Promise<{ msg: string }>, failure: string) {
    setAsking(undefined);
    setBusy(true);
    try {
      notify.success((await run()).msg);
      list.reload();
      // The row may have left the list: continue from the page's heading.
      headingRef.current?.focus();
    } catch (error) {
      notify.error(errorText(error, failure));
      if (error instanceof ApiError && error.status === 409) list.reload();
    } finally {
      setBusy(false);
    }
  }

  const rows = list.data?.users;
  const searched = Object.keys(filters).length > 0;
  return (
    <div aria-busy={list.loading}>
      {!list.data && list.loading && !list.problem && <p role="status">{MSG.loading}</p>}
      {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
      {rows?.length === 0 && list.pageNumber === 1 && (
        <p className="empty-state">{searched ? 'No user matches this search.' : archived ? 'No archived users.' : 'No users yet'}</p>
      )}
      {rows && rows.length > 0 && (
        <TableScroll labelledBy={captionId}>
          <table className="data-table admin-table admin-users-table">
            <caption id={captionId}>{archived ? 'Archived users, newest first' : 'Users, newest first'}</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => {
                const [words, badge] = statusOf(user);
                const disabled = busy || list.loading;
                return (
                  <tr key={user._id}>
                    <th scope="row">
                      {nameOf(user)}
                      <span className="data-table-detail">{user.email}</span>
                    </th>
                    <td>
                      {ROLE_WORDS[user.role]}
                      {user.isVerified && (
                        <span className="data-table-detail">
                          <span className="admin-badge admin-badge-done">Verified</span>
                          {user.verifiedNote && <span className="data-table-detail">{user.verifiedNote}</span>}
                        </span>
                      )}
                    </td>
                    <td>
                      <span className={`admin-badge admin-badge-${badge}`}>{words}</span>
                      {user.mustChangePassword && <span className="data-table-detail">Has not chosen a password yet</span>}
                    </td>
                    <td>
                      {formatDateTime(user.createdAt)}
                      {user.lastLoginAt && <span className="data-table-detail">Last sign-in {formatDateTime(user.lastLoginAt)}</span>}
                    </td>
                    <td>
                      <div className="admin-row-actions">
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          disabled={disabled}
                          aria-label={`Orders of ${nameOf(user)}`}
                          onClick={() => setAsking({ user, action: 'orders' })}
                        >
                          Orders
                        </button>
                        {archived ? (
                          <button
                            type="button"
                            className="btn btn-primary btn-small"
                            disabled={disabled}
                            aria-label={`Restore ${nameOf(user)}`}
                            onClick={() => setAsking({ user, action: 'restore' })}
                          >
                            Restore
                          </button>
                        ) : (
                          <>
                            <button
                              type="button"
                              className="btn btn-secondary btn-small"
                              disabled={disabled}
                              aria-label={`Edit ${nameOf(user)}`}
                              onClick={() => setAsking({ user, action: 'edit' })}
                            >
                              Edit
                            </button>
                            {user.role === 'professor' && (
                              <button
                                type="button"
                                className="btn btn-secondary btn-small"
                                disabled={disabled}
                                aria-label={`${user.isVerified ? 'Unverify' : 'Verify'} ${nameOf(user)}`}
                                onClick={() => setAsking({ user, action: user.isVerified ? 'unverify' : 'verify' })}
                              >
                                {user.isVerified ? 'Unverify' : 'Verify'}
                              </button>
                            )}
                            <BanButton user={user} onChanged={() => list.reload()} />
                            <button
                              type="button"
                              className="btn btn-danger btn-small"
                              disabled={disabled}
                              aria-label={`Delete ${nameOf(user)}`}
                              onClick={() => setAsking({ user, action: 'archive' })}
                            >
                              Delete
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager label="User pages" list={list} />
      {asking?.action === 'orders' && <MemberOrdersDialog user={asking.user} onClose={() => setAsking(undefined)} />}
      {asking?.action === 'edit' && (
        <EditUserDialog
          user={asking.user}
          onSave={(changes: UserChanges) => void act(() => updateAdminUser(asking.user._id, changes), MSG.userUpdateFailed)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.action === 'verify' && (
        <VerifyExpertDialog
          user={asking.user}
          onConfirm={(note) => void act(() => verifyExpert(asking.user._id, note), MSG.userVerifyFailed)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.action === 'unverify' && (
        <ConfirmDialog
          message={`Withdraw the Verified badge of ${nameOf(asking.user)}? It leaves their profile and cards.`}
          confirmLabel="Withdraw"
          cancelLabel="Cancel"
          onConfirm={() => void act(() => unverifyExpert(asking.user._id), MSG.userVerifyFailed)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.action === 'archive' && (
        <ConfirmDialog
          message={`Delete ${nameOf(asking.user)} (${asking.user.email})? They are signed out at once and cannot sign in; their offers leave search. Their orders and money stay as they are, and you can restore them from Archived.`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={() => void act(() => archiveAdminUser(asking.user._id), MSG.userDeleteFailed)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.action === 'restore' && (
        <ConfirmDialog
          message={`Restore ${nameOf(asking.user)} (${asking.user.email})? They can sign in again, and their published offers come back to search.`}
          confirmLabel="Restore"
          cancelLabel="Cancel"
          onConfirm={() => void act(() => restoreAdminUser(asking.user._id), MSG.userRestoreFailed)}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </div>
  );
}
