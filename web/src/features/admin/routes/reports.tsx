/**
 * /admin/reports: the reported items (decision 172), open ones oldest first, or resolved ones latest
 * first. Each shows the content as it was reported, its author (a link to their row in the users
 * page, found by their address), every report with its reason, and how many there are. An open item
 * is hidden, its author warned or banned, or its reports dismissed, all of them together, each asked
 * for again in a dialog (a ban in the users page's ban dialog, with the orders it refunds; a ban that
 * refunds orders may ask for the admin's code again, and a cancelled one decides nothing). An item
 * resolved meanwhile answers 409: its message shows and the list is loaded again.
 */
import { useId, useRef, useState, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { REPORT_REASON_LABELS, type ReportAction, type ReportCaseView, type ReportStatus } from '@shared/schemas/reports';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { Pager } from '@/components/pager';
import { ApiError, errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { useCursorPages } from '@/lib/use-cursor-pages';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getReportCases, resolveReportCase } from '@/features/admin/api/reports';
import { BanDialog } from '@/features/admin/components/ban-button';
import { ResolveReportDialog } from '@/features/admin/components/resolve-report-dialog';
import { STEP_UP_CANCELLED, useStepUp } from '@/features/admin/components/step-up';

const KIND: Record<ReportCaseView['target']['type'], string> = { message: 'Message', review: 'Review', offer: 'Offer' };
const ACTION_WORDS: Record<ReportAction, string> = { hide: 'Hidden', warn: 'Author warned', ban: 'Author banned', dismiss: 'Dismissed' };
const BUTTONS: { action: ReportAction; label: string; className: string }[] = [
  { action: 'hide', label: 'Hide', className: 'btn btn-danger btn-small' },
  { action: 'warn', label: 'Warn author', className: 'btn btn-secondary btn-small' },
  { action: 'ban', label: 'Ban author', className: 'btn btn-danger btn-small' },
  { action: 'dismiss', label: 'Dismiss', className: 'btn btn-secondary btn-small' },
];

const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A ban is for an author who is a member still (not archived or deleted) and not banned already. */
const mayDecide = (item: ReportCaseView, action: ReportAction) => action !== 'ban' || (item.author.email !== undefined && !item.author.isBanned);

/** The author's row in the users page: its search finds them by their address. */
function AuthorLink({ author }: { author: ReportCaseView['author'] }) {
  if (author.email === undefined) return <>{personName(author)}</>;
  return <Link to={`/admin/users?${new URLSearchParams({ q: author.email })}`}>{personName(author)}</Link>;
}

export default function AdminReportsRoute() {
  useDocumentTitle('Reports');
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const filterId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="admin-reports-title" className="admin-reports">
      <h1 id="admin-reports-title" ref={headingRef} tabIndex={-1}>
        Reports
      </h1>
      <div className="field admin-filter">
        <label htmlFor={filterId}>Status</label>
        <select id={filterId} value={status} onChange={(event) => setParams(event.target.value === 'resolved' ? { status: 'resolved' } : {})}>
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
        </select>
      </div>
      <CaseList key={status} status={status} headingRef={headingRef} />
    </section>
  );
}

function CaseList({ status, headingRef }: { status: ReportStatus; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const list = useCursorPages((cursor) => getReportCases(status, cursor), MSG.reportsLoadFailed);
  const [asking, setAsking] = useState<{ item: ReportCaseView; action: ReportAction }>();
  const [busy, setBusy] = useState(false);
  const { confirm } = useStepUp();

  async function decide(item: ReportCaseView, action: ReportAction, note: string) {
    setAsking(undefined);
    setBusy(true);
    try {
      // Only a ban that refunds orders asks for the code.
      const answer = await confirm((code) => resolveReportCase(item._id, action, note, code));
      if (answer === STEP_UP_CANCELLED) return;
      notify.success(answer.msg);
      list.reload();
      // The item's actions are gone: continue from the page's heading.
      headingRef.current?.focus();
    } catch (error) {
      notify.error(errorText(error, MSG.reportResolveFailed));
      if (error instanceof ApiError && error.status === 409) {
        list.reload();
        headingRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  const cases = list.data?.cases;
  return (
    <div aria-busy={list.loading}>
      {!list.data && list.loading && !list.problem && <p role="status">{MSG.loading}</p>}
      {!list.data && list.problem && <LoadProblem problem={list.problem} onRetry={() => list.reload()} />}
      {cases?.length === 0 && list.pageNumber === 1 && <p className="empty-state">{status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}</p>}
      {cases && cases.length > 0 && (
        <ul className="admin-report-list" aria-label={status === 'open' ? 'Open reports, oldest first' : 'Resolved reports, latest first'}>
          {cases.map((item) => (
            <li key={item._id} className="card admin-report">
              <article aria-labelledby={`report-${item._id}`}>
                <h2 id={`report-${item._id}`} className="admin-report-title">
                  {KIND[item.target.type]} by <AuthorLink author={item.author} />{' '}
                  <span className="admin-badge admin-badge-waiting">{item.reportCount === 1 ? '1 report' : `${item.reportCount} reports`}</span>
                </h2>
                <blockquote className="admin-report-content">{item.content}</blockquote>
                <ul className="admin-report-entries" aria-label="Reports">
                  {item.reports.map((entry) => (
                    <li key={entry.reporter._id}>
                      <strong>{REPORT_REASON_LABELS[entry.reason]}</strong> — {personName(entry.reporter)}, {formatDateTime(entry.createdAt)}
                      {entry.note && <span className="data-table-detail">{entry.note}</span>}
                    </li>
                  ))}
                </ul>
                {item.resolution ? (
                  <p className="admin-report-resolution">
                    {ACTION_WORDS[item.resolution.action]} by {item.resolution.admin} on {formatDateTime(item.resolution.at)}
                    {item.resolution.note && `: ${item.resolution.note}`}
                  </p>
                ) : (
                  <div className="admin-row-actions">
                    {BUTTONS.filter((button) => mayDecide(item, button.action)).map((button) => (
                      <button
                        key={button.action}
                        type="button"
                        className={button.className}
                        disabled={busy || list.loading}
                        aria-label={`${button.label}: ${KIND[item.target.type].toLowerCase()} by ${personName(item.author)}`}
                        onClick={() => setAsking({ item, action: button.action })}
                      >
                        {button.label}
                      </button>
                    ))}
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Report pages" list={list} />
      {asking && asking.action !== 'ban' && (
        <ResolveReportDialog
          item={asking.item}
          action={asking.action}
          onConfirm={(note) => void decide(asking.item, asking.action, note)}
          onCancel={() => setAsking(undefined)}
        />
      )}
      {asking?.action === 'ban' && asking.item.author.email !== undefined && (
        <BanDialog
          user={{ ...asking.item.author, email: asking.item.author.email }}
          onConfirm={(reason) => void decide(asking.item, 'ban', reason)}
          onCancel={() => setAsking(undefined)}
        />
      )}
    </div>
  );
}
