/**
 * /admin/audit: every admin action, newest first, a page at a time: who, what, on whom or what,
 * when and from which address. Filtered by action, admin and target (the address keeps the
 * filters, so a member's row can link to their history with ?targetId=).
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '@shared/schemas/audit';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import { TableScroll } from '@/components/table-scroll';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type AuditFilters, getAuditLog } from '@/features/admin/api/audit';

const ACTION_LABELS: Record<AuditAction, string> = {
  'offer.approve': 'Offer approved',
  'offer.reject': 'Offer rejected',
  'offer.edit': 'Offer edited',
  'user.update': 'User edited',
  'user.email-change': 'User e-mail changed',
  'user.ban': 'User banned',
  'user.unban': 'User unbanned',
  'user.delete': 'User deleted',
  'user.restore': 'User restored',
  'user.create': 'User created',
  'user.verify': 'Expert verified',
  'user.unverify': 'Verification withdrawn',
  'admin.second-factor-change': 'Admin’s authenticator secret changed',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'order.resolve': 'Reported order resolved',
  'order.view-reported': 'Reported order’s conversation read',
  'user.view-orders': 'Member’s orders read',
  'report.hide': 'Reported content hidden',
  'report.warn': 'Member warned',
  'report.ban': 'Member banned from a report',
  'report.dismiss': 'Report dismissed',
  'reconciliation.run': 'Reconciliation run',
};

const isAction = (value: string | null): value is AuditAction => (AUDIT_ACTIONS as readonly (string | null)[]).includes(value);

const FILTER_KEYS = ['action', 'adminId', 'targetId'] as const;

export default function AdminAuditRoute() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const raw = params.get('action');
  const filters: AuditFilters = {
    ...(isAction(raw) && { action: raw }),
    ...(params.get('adminId') && { adminId: params.get('adminId') ?? undefined }),
    ...(params.get('targetId') && { targetId: params.get('targetId') ?? undefined }),
  };

  return (
    <section aria-labelledby="admin-audit-title" className="admin-audit">
      <h1 id="admin-audit-title" tabIndex={-1}>
        Audit log
      </h1>
      <FilterForm filters={filters} onApply={(next) => setParams(next)} />
      {/* Other filters are another list: its own pages from the first. */}
      <AuditList key={params.toString()} filters={filters} />
    </section>
  );
}

/**
 * The filters as typed, applied on submit (not at each key). They follow the address: a link to
 * another history, or Clear, shows its filters.
 */
function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply(next: URLSearchParams): void }) {
  const ids = { action: useId(), adminId: useId(), targetId: useId() };
  const applied = JSON.stringify(filters);
  const [draft, setDraft] = useState({ filters, applied });
  if (draft.applied !== applied) setDraft({ filters, applied });
  const set = (key: keyof AuditFilters, value: string) => setDraft((before) => ({ ...before, filters: { ...before.filters, [key]: value } }));

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = (draft.filters[key] ?? '').trim();
      if (value) next.set(key, value);
    }
    onApply(next);
  }

  return (
    <form className="admin-search" onSubmit={apply} aria-label="Audit log filters">
      <div className="field">
        <label htmlFor={ids.action}>Action</label>
        <select id={ids.action} value={draft.filters.action ?? ''} onChange={(event) => set('action', event.target.value)}>
          <option value="">All</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.adminId}>Admin id</label>
        <input id={ids.adminId} value={draft.filters.adminId ?? ''} onChange={(event) => set('adminId', event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.targetId}>Target id</label>
        <input id={ids.targetId} value={draft.filters.targetId ?? ''} onChange={(event) => set('targetId', event.target.value)} />
      </div>
      <div className="admin-search-actions">
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        {Object.keys(filters).length > 0 && (
          <Link className="btn btn-secondary" to="/admin/audit">
            Clear
          </Link>
        )}
      </div>
    </form>
  );
}

const historyOf = (key: 'adminId' | 'targetId', id: string) => `/admin/audit?${new URLSearchParams({ [key]: id })}`;

function AuditList({ filters }: { filters: AuditFilters }) {
  const list = useCursorPages((cursor) => getAuditLog(filters, cursor), MSG.auditLoadFailed);
  const captionId = useId();
  const told = useRef<string>(undefined);
  useEffect(() => {
    if (list.problem && told.current !== list.problem) notify.error(MSG.auditLoadFailed);
    told.current = list.problem;
  }, [list.problem]);

  const rows = list.data?.entries;
  return (
    <div aria-busy={list.loading}>
      {!list.data && list.loading && !list.problem && <p role="status">{MSG.loading}</p>}
      {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
      {rows?.length === 0 && list.pageNumber === 1 && (
        <p className="empty-state">No admin action recorded{Object.keys(filters).length > 0 && ' for these filters'}.</p>
      )}
      {rows && rows.length > 0 && (
        <TableScroll labelledBy={captionId}>
          <table className="data-table admin-table">
            <caption id={captionId}>Admin actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Address</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <AuditRow key={entry._id} entry={entry} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pager label="Audit log pages" list={list} />
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const { target } = entry;
  const name = target.label ?? target._id;
  return (
    <tr>
      <th scope="row">{formatDateTime(entry.at)}</th>
      <td>
        <Link to={historyOf('adminId', entry.admin._id)} aria-label={`Actions of ${entry.admin.email || entry.admin._id}`}>
          {entry.admin.email || entry.admin._id}
        </Link>
      </td>
      <td>{ACTION_LABELS[entry.action]}</td>
      <td>
        <Link to={historyOf('targetId', target._id)} aria-label={`History of ${name}`}>
          {name}
        </Link>
        <span className="data-table-detail">
          {target.type} {target._id}
        </span>
      </td>
      <td>{entry.clientIp}</td>
      <td>
        {entry.details &&
          Object.entries(entry.details).map(([key, value]) => (
            <span key={key} className="data-table-detail">
              {key}: {String(value)}
            </span>
          ))}
      </td>
    </tr>
  );
}
