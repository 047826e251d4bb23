import { lazy, Suspense, useState } from 'react';
import type { ErrorCode } from '@shared/error-codes';
import { formatEuros } from '@shared/money';
import { MSG } from '@shared/web-texts';
import type { ChatDto } from '@shared/schemas/chats';
import { errorCode, errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import * as orders from '@/features/chat/api/orders';
import {
  cancelTerms,
  deliveryText,
  factsOf,
  formatWhen,
  INTRO_LABEL,
  isSession,
  type OrderAction,
  type OrderRole,
  orderActions,
  payLabel,
  statusLine,
} from '@/features/chat/lib/order-status';
import { ORDER_RULES } from '@shared/limits';
import { formatDuration, sessionMinutes } from '@shared/order-transitions';
import type { PickedSchedule, ScheduleMode } from './order-schedule-dialog';
import { SessionRoom } from './session-room';

// The dialogs, the upload and the review (its form, or the review written) load when first needed: /messages' own chunk stays small.
const ScheduleDialog = lazy(() => import('./order-lazy').then((module) => ({ default: module.ScheduleDialog })));
const CancelDialog = lazy(() => import('./order-lazy').then((module) => ({ default: module.CancelDialog })));
const ProblemDialog = lazy(() => import('./order-lazy').then((module) => ({ default: module.ProblemDialog })));
const RefundDialog = lazy(() => import('./order-lazy').then((module) => ({ default: module.RefundDialog })));
const WorkHoursDialog = lazy(() => import('./order-lazy').then((module) => ({ default: module.WorkHoursDialog })));
const UploadDialog = lazy(() => import('./order-lazy').then((module) => ({ default: module.UploadDialog })));
const ReviewForm = lazy(() => import('./order-lazy').then((module) => ({ default: module.ReviewForm })));
const ReviewView = lazy(() => import('./order-lazy').then((module) => ({ default: module.ReviewView })));

/** Answers after which the order on screen is stale: it is fetched again. */
const STALE: ReadonlySet<ErrorCode> = new Set(['order_not_movable', 'not_your_turn', 'schedule_unconfirmed', 'already_paid', 'amount_mismatch', 'intro_used']);

type Dialog = { kind: 'schedule'; mode: ScheduleMode } | { kind: 'cancel' | 'problem' | 'refund' | 'upload' | 'workHours' };

interface OrderPanelProps {
  chat: ChatDto;
  role: OrderRole;
  /** The other side's name. */
  other: string;
  timeZone: string;
  /** The server's clock less the device's, as of the conversation's last answer: times are read by the server's. */
  clockOffsetMs: number;
  /** The order moved (or may have): fetch the conversation again. */
  onChanged(): void;
}

/**
 * A conversation's order: the status line (what happens next and who acts) and the actions of the
 * viewer's side in the order's status. Each step calls its route, says what the server answered,
 * and fetches the conversation again; the other side sees it through the `orderChanged` push.
 */
export function OrderPanel({ chat, role, other, timeZone, clockOffsetMs, onChanged }: OrderPanelProps) {
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();
  const now = Date.now() + clockOffsetMs;
  const offered = orderActions(chat, role, now);
  const actions = new Set(offered);
  const id = chat._id;

  /** A failed step: said as the server said it; a stale order is fetched again. Resolves whether the dialog may close. */
  function failed(error: unknown, fallback: string): boolean {
    const code = errorCode(error);
    if (code === 'payment_not_confirmed') {
      notify.info(MSG.paymentNotConfirmed);
      return true;
    }
    notify.error(errorText(error, fallback));
    if (code && STALE.has(code)) {
      onChanged();
      return true;
    }
    return false;
  }

  async function run(step: () => Promise<{ msg?: string }>, fallback: string): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await step();
      if (answer.msg) notify.success(answer.msg);
      onChanged();
      return true;
    } catch (error) {
      return failed(error, fallback);
    } finally {
      setBusy(false);
    }
  }

  /** To the provider's checkout; hours of work are paid for as chosen (their total is the server's). Resolves false when it failed. */
  async function pay(hours?: number): Promise<boolean> {
    setBusy(true);
    try {
      const booking =
        chat.orderKind === 'hourly' && chat.scheduledDate && chat.scheduledHours ? { booking: { date: chat.scheduledDate, hours: chat.scheduledHours } } : {};
      const { url } = await orders.createPaymentSession({ chatId: id, ...(hours === undefined ? { amount: chat.total } : { hours }), ...booking });
      window.location.assign(url);
      return true;
    } catch (error) {
      failed(error, MSG.paymentSessionFailed);
      setBusy(false);
      return false;
    }
  }

  async function download() {
    try {
      const { url } = await orders.projectFileLink(id);
      window.location.assign(url);
    } catch (error) {
      failed(error, MSG.projectFileOpenFailed);
    }
  }

  function schedule(mode: ScheduleMode, picked: PickedSchedule): Promise<boolean> {
    const { scheduledDate, hours } = picked;
    switch (mode) {
      case 'hours':
        return run(() => orders.proposeSchedule(id, { scheduledDate, scheduledHours: hours ?? 1 }), MSG.scheduleSaveFailed);
      case 'time':
        return run(() => orders.proposeSchedule(id, { scheduledDate }), MSG.scheduleSaveFailed);
      case 'intro':
        return run(() => orders.proposeSchedule(id, { scheduledDate, freeIntro: true }), MSG.scheduleSaveFailed);
      case 'counter':
        return run(() => orders.counterSchedule(id, { scheduledDate, ...(hours !== undefined && { scheduledHours: hours }) }), MSG.scheduleSaveFailed);
      case 'reschedule':
        return run(() => orders.proposeReschedule(id, scheduledDate), MSG.scheduleSaveFailed);
    }
  }

  const open = (next: Dialog) => () => setDialog(next);
  const close = () => setDialog(undefined);
  const step = (call: () => Promise<{ msg?: string }>, fallback: string) => () => void run(call, fallback);

  const buttons: Partial<Record<OrderAction, { label: string; onClick(): void; primary?: boolean; danger?: boolean }>> = {
    pickHours: {
      label: chat.orderStatus === 'open' ? 'Choose date and hours' : 'Change date and hours',
      onClick: open({ kind: 'schedule', mode: 'hours' }),
      primary: chat.orderStatus === 'open',
    },
    pickTime: {
      label: chat.orderStatus === 'open' ? 'Choose a time' : 'Change the time',
      onClick: open({ kind: 'schedule', mode: 'time' }),
      primary: chat.orderStatus === 'open',
    },
    bookIntro: {
      label: chat.orderKind === 'intro' && chat.orderStatus !== 'open' ? 'Change the introduction time' : 'Book a free 30-minute introduction',
      onClick: open({ kind: 'schedule', mode: 'intro' }),
    },
    pay:
      chat.orderKind === 'work'
        ? { label: 'Choose the hours and pay', onClick: open({ kind: 'workHours' }), primary: true }
        : { label: payLabel(chat.total), onClick: () => void pay(), primary: true },
    acceptCounter: { label: 'Accept the suggested time', onClick: step(() => orders.acceptSchedule(id), MSG.scheduleSaveFailed), primary: true },
    declineCounter: { label: 'Decline the suggested time', onClick: step(() => orders.declineSchedule(id), MSG.scheduleSaveFailed) },
    confirmSchedule: { label: 'Confirm the time', onClick: step(() => orders.confirmSchedule(id), MSG.scheduleSaveFailed), primary: true },
    counter: { label: 'Suggest another time', onClick: open({ kind: 'schedule', mode: 'counter' }) },
    approve: { label: 'Approve the project', onClick: step(() => orders.handleProject(id, 'approve'), MSG.approveFailed), primary: true },
    requestRevision: { label: 'Ask for changes', onClick: step(() => orders.handleProject(id, 'request_revision'), MSG.revisionFailed) },
    confirmSession: { label: 'Confirm the session took place', onClick: step(() => orders.confirmSession(id), MSG.orderStepFailed), primary: true },
    reschedule: { label: 'Propose a new time', onClick: open({ kind: 'schedule', mode: 'reschedule' }) },
    acceptReschedule: { label: 'Accept the new time', onClick: step(() => orders.acceptReschedule(id), MSG.orderStepFailed), primary: true },
    declineReschedule: { label: 'Decline the new time', onClick: step(() => orders.declineReschedule(id), MSG.orderStepFailed) },
    submitProject: {
      label: chat.orderStatus === 'revision_requested' ? 'Submit the project again' : 'Submit the project file',
      onClick: open({ kind: 'upload' }),
      primary: true,
    },
    downloadProject: { label: 'Download the project file', onClick: () => void download() },
    decideRefund: { label: 'Decide the refund', onClick: open({ kind: 'refund' }), primary: true },
    cancel: { label: 'Cancel the order', onClick: open({ kind: 'cancel' }), danger: true },
    reportProblem: { label: 'Report a problem', onClick: open({ kind: 'problem' }) },
    contestNoShow: { label: 'I was there: contest the report', onClick: step(() => orders.contestNoShow(id), MSG.orderStepFailed), primary: true },
  };
  // The step that moves the order on comes first, cancelling last; the table's order within each.
  const rank = (action: OrderAction) => (buttons[action]?.primary ? 0 : buttons[action]?.danger ? 2 : 1);
  const shown = offered.filter((action) => buttons[action] !== undefined).sort((a, b) => rank(a) - rank(b));

  return (
    <div className="order-panel">
      <p className="order-status-line" role="status">
        {statusLine({ chat, role, other, timeZone, now })}
      </p>
      <dl className="chat-offer-facts">
        {chat.orderKind === 'intro' && (
          <>
            <dt>Booking</dt>
            <dd>{INTRO_LABEL}</dd>
          </>
        )}
        {isSession(chat) && chat.scheduledDate && (
          <>
            <dt>Session</dt>
            <dd>
              {formatWhen(chat.scheduledDate, timeZone, now)}
              {chat.orderKind === 'intro' ? '' : `, ${formatDuration(sessionMinutes(factsOf(chat)))}`}
            </dd>
          </>
        )}
        <SessionRoom key={chat.orderStatus} chat={chat} />
        {chat.orderKind === 'work' && chat.scheduledHours !== undefined && chat.paymentAmount !== undefined && (
          <>
            <dt>Hours of work</dt>
            <dd>{chat.scheduledHours} h</dd>
          </>
        )}
        {chat.orderKind === 'hourly' && chat.total > 0 && !chat.paymentAmount && (
          <>
            <dt>Total</dt>
            <dd>{formatEuros(chat.total)}</dd>
          </>
        )}
        {deliveryText(chat.projectSubmission, timeZone, now) && (
          <>
            <dt>Delivered</dt>
            <dd className="order-delivery">{deliveryText(chat.projectSubmission, timeZone, now)}</dd>
          </>
        )}
        {chat.paymentAmount !== undefined && chat.paymentAmount > 0 && (
          <>
            <dt>Paid</dt>
            <dd>{formatEuros(chat.paymentAmount)}</dd>
          </>
        )}
      </dl>
      {shown.length > 0 && (
        <div className="order-actions">
          {shown.map((action) => {
            const button = buttons[action];
            if (!button) return null;
            const kind = button.danger ? 'btn-danger' : button.primary ? 'btn-primary' : 'btn-secondary';
            return (
              <button key={action} type="button" className={`btn btn-small ${kind}`} disabled={busy} onClick={button.onClick}>
                {button.label}
              </button>
            );
          })}
        </div>
      )}
      {chat.review ? (
        <Suspense fallback={null}>
          <ReviewView rating={chat.review.rating} comment={chat.review.comment} by={role === 'expert' ? chat.review.user : undefined} />
        </Suspense>
      ) : (
        actions.has('review') && (
          <Suspense fallback={null}>
            <ReviewForm chat={chat} onReviewed={onChanged} />
          </Suspense>
        )
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'schedule' && (
          <ScheduleDialog
            mode={dialog.mode}
            withHours={chat.orderKind === 'hourly' && (dialog.mode === 'hours' || dialog.mode === 'counter')}
            lengthMinutes={dialog.mode === 'intro' ? ORDER_RULES.introMinutes : sessionMinutes(factsOf(chat))}
            hourlyPrice={chat.offer.price}
            current={chat}
            timeZone={timeZone}
            // The student chooses among the expert's free slots; the expert's own proposals may fall outside their hours.
            expert={role === 'student' ? { id: chat.offer.professor._id, firstName: chat.offer.professor.firstName } : undefined}
            onSubmit={(picked) => schedule(dialog.mode, picked)}
            onClose={close}
          />
        )}
        {dialog?.kind === 'cancel' && (
          <CancelDialog terms={cancelTerms(chat, role, now)} onConfirm={() => run(() => orders.cancelOrder(id), MSG.cancelFailed)} onClose={close} />
        )}
        {dialog?.kind === 'problem' && (
          <ProblemDialog onConfirm={(reason) => run(() => orders.reportProblem(id, reason), MSG.orderStepFailed)} onClose={close} />
        )}
        {dialog?.kind === 'refund' && (
          <RefundDialog paid={chat.paymentAmount} onConfirm={(percent) => run(() => orders.decideRefund(id, percent), MSG.orderStepFailed)} onClose={close} />
        )}
        {dialog?.kind === 'upload' && <UploadDialog chatId={id} onDone={onChanged} onClose={close} />}
        {dialog?.kind === 'workHours' && (
          <WorkHoursDialog rate={chat.offer.price} hours={chat.scheduledHours} onConfirm={(hours) => pay(hours)} onClose={close} />
        )}
      </Suspense>
    </div>
  );
}
