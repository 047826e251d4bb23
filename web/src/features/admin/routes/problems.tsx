import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { centsFromEuros, eurosFromCents, formatEuros, shareOf } from '@shared/money';
import { isBooked } from '@shared/order-transitions';
import type { ReportedOrder } from '@shared/schemas/orders';
import type { AttendanceView } from '@shared/schemas/rooms';
import { MSG } from '@shared/web-texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorText } from '@/lib/api-client';
import { sessionSettled } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getReportedOrders, getRoomAttendance, resolveProblem } from '@/features/admin/api/problems';
import { STEP_UP_CANCELLED, useStepUp } from '@/features/admin/components/step-up';

export async function loader(): Promise<{ reports: ReportedOrder[] | null }> {
  await sessionSettled();
  try {
    return { reports: await getReportedOrders() };
  } catch {
    return { reports: null };
  }
}

// What the admin reads before deciding loads when a report is opened.
const ReportedOrderDetail = lazy(() => import('@/features/admin/components/reported-order-detail'));

type Decision = { report: ReportedOrder; decision: 'release' } | { report: ReportedOrder; decision: 'refund'; refundPercent: number };

/**
 * /admin/problems: the orders a participant reported (a no-show, work not as agreed), oldest first.
 * The admin releases the payment to the expert, or refunds a share of it: the only refund an admin
 * issues, recorded with the order. A refund moves money: when the server asks for the admin's code
 * again (step-up), a dialog takes it, and a cancelled one refunds nothing.
 */
export default function AdminProblemsRoute() {
  const { reports } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Decision>();
  const [busy, setBusy] = useState(false);
  const { confirm } = useStepUp();
  useDocumentTitle('Reported orders');

  async function decide(chosen: Decision) {
    setPending(undefined);
    setBusy(true);
    try {
      const body = chosen.decision === 'release' ? { decision: 'release' as const } : { decision: 'refund' as const, refundPercent: chosen.refundPercent };
      // Only a refund asks for the code; a release never does.
      const answer = await confirm((code) => resolveProblem(chosen.report.chatId, body, code));
      if (answer === STEP_UP_CANCELLED) return;
      notify.success(answer.msg);
      await revalidator.revalidate();
    } catch (error) {
      notify.error(errorText(error, MSG.orderStepFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="problems-title">
      <h1 id="problems-title">Reported orders</h1>
      {reports === null && <p role="alert">{MSG.problemsLoadFailed}</p>}
      {reports?.length === 0 && <p>No order is waiting for a decision.</p>}
      <ul className="admin-problems">
        {reports?.map((report) => (
          <ReportedOrderCard key={report.chatId} report={report} busy={busy} onDecide={setPending} />
        ))}
      </ul>
      {pending && (
        <ConfirmDialog
          message={
            pending.decision === 'release'
              ? `Release ${formatEuros(pending.report.paymentAmount)} of order #${pending.report.orderNumber} to ${pending.report.professor.firstName} ${pending.report.professor.lastName}?`
              : `Refund ${pending.refundPercent} % (${formatEuros(eurosFromCents(shareOf(centsFromEuros(pending.report.paymentAmount), pending.refundPercent)))}) of order #${pending.report.orderNumber} to ${pending.report.student.firstName} ${pending.report.student.lastName}? The rest goes to the expert.`
          }
          confirmLabel={pending.decision === 'release' ? 'Release' : 'Refund'}
          cancelLabel="Cancel"
          onConfirm={() => void decide(pending)}
          onCancel={() => setPending(undefined)}
        />
      )}
    </section>
  );
}

/** A no-show report: who was reported absent, and whether they contested it or came after it. */
function noShowText(report: ReportedOrder): string {
  const noShow = report.noShow;
  if (!noShow) return '';
  const absent = noShow.absent === 'user' ? report.student : report.professor;
  const name = `${absent.firstName} ${absent.lastName}`.trim();
  if (noShow.attendedAt)
    return `A no-show report: ${name} was reported absent, and joined the call after the report (${new Date(noShow.attendedAt).toLocaleString()}).`;
  if (noShow.contestedAt) return `A no-show report: ${name} was reported absent, and contested it (${new Date(noShow.contestedAt).toLocaleString()}).`;
  return `A no-show report: ${name} was reported absent; uncontested, it is decided by itself 48 hours after the report.`;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** When each side was connected in the call's room, as their browsers reported it: evidence, not proof (docs/rooms.md). */
function RoomAttendance({ report }: { report: ReportedOrder }) {
  const [attendance, setAttendance] = useState<AttendanceView[] | 'failed'>();
  useEffect(() => {
    let shown = true;
    getRoomAttendance(report.chatId).then(
      (answer) => shown && setAttendance(answer.attendance),
      () => shown && setAttendance('failed'),
    );
    return () => {
      shown = false;
    };
  }, [report.chatId]);
  if (attendance === undefined || attendance === 'failed') return null;
  const line = (person: ReportedOrder['student'], role: string) => {
    const stays = attendance.find((entry) => entry.userId === person._id)?.stays ?? [];
    const name = `${person.firstName} ${person.lastName} (${role})`;
    return stays.length === 0 ? `${name} never connected` : `${name} ${stays.map((stay) => `${clock(stay.from)}-${clock(stay.to)}`).join(', ')}`;
  };
  return (
    <p>
      In the call&apos;s room: {line(report.student, 'student')} · {line(report.professor, 'expert')}
    </p>
  );
}

function ReportedOrderCard({ report, busy, onDecide }: { report: ReportedOrder; busy: boolean; onDecide: (decision: Decision) => void }) {
  const percentId = useId();
  const detailId = useId();
  const [open, setOpen] = useState(false);
  const [percent, setPercent] = useState('100');
  const refundPercent = Number(percent);
  const valid = Number.isInteger(refundPercent) && refundPercent >= 1 && refundPercent <= 100;
  const who =
    report.reportedBy === 'admin'
      ? 'a ban, after a session both sides attended'
      : report.reportedBy === 'user'
        ? `${report.student.firstName} ${report.student.lastName} (student)`
        : `${report.professor.firstName} ${report.professor.lastName} (expert)`;
  return (
    <li className="card admin-problem">
      <h2>
        Order #{report.orderNumber}: {report.offerTitle}
      </h2>
      <p>
        {report.student.firstName} {report.student.lastName} paid {formatEuros(report.paymentAmount)} to {report.professor.firstName}{' '}
        {report.professor.lastName}.{report.hasProjectFile ? ' A project file was delivered.' : ''}
      </p>
      <blockquote>
        <p>{report.reason}</p>
        <footer>
          Reported by {who} on {new Date(report.reportedAt).toLocaleString()}
        </footer>
      </blockquote>
      {report.noShow && <p>{noShowText(report)}</p>}
      {isBooked({ kind: report.orderKind }) && <RoomAttendance report={report} />}
      <button type="button" className="btn btn-secondary btn-small" aria-expanded={open} aria-controls={detailId} onClick={() => setOpen(!open)}>
        {open ? 'Hide the conversation and file' : 'Show the conversation and file'}
      </button>
      <div id={detailId} hidden={!open}>
        {open && (
          <Suspense fallback={<p role="status">{MSG.loading}</p>}>
            <ReportedOrderDetail chatId={report.chatId} orderNumber={report.orderNumber} />
          </Suspense>
        )}
      </div>
      <div className="admin-problem-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onDecide({ report, decision: 'release' })}>
          Release to the expert
        </button>
        <label htmlFor={percentId}>Refund share (%)</label>
        <input id={percentId} type="number" min={1} max={100} step={1} value={percent} onChange={(event) => setPercent(event.target.value)} />
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy || !valid}
          onClick={() => valid && onDecide({ report, decision: 'refund', refundPercent })}
        >
          Refund
        </button>
      </div>
    </li>
  );
}
