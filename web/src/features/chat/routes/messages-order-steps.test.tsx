import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import type { ChatDto } from '@shared/schemas/chats';
import { json } from '@/test/render-app';
import { chatWith, claire, claireAccount, conversationAnswers, renderMessages } from '@/test/messages-fixtures';
import { dateInputValue } from '@/features/chat/lib/session-time';

/**
 * The order panel's steps of a booked session and of its problems, as each side sees them on
 * /messages: moving a paid session (proposed, declined), declining a suggested time, reporting a
 * problem, confirming a session took place. Each step is taken through its button and dialog; the
 * test checks the call sent, the message shown, and the order as the page fetches it again.
 */

afterEach(() => vi.unstubAllGlobals());
// The dialogs load lazily: loaded once here, so that a busy machine does not time the first one out.
beforeAll(() => import('@/features/chat/components/order-lazy'), 30_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HALF_HOUR = HOUR / 2;
/** The local time of day as the start-time list names it, "09:30". */
const clockOf = (at: Date) => `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
/** How long the page may take to show what the server answered: longer than the 1 s default on a busy machine. */
const ANSWERED = { timeout: 4000 };
const order = () => within(screen.getByRole('region', { name: 'Order' }));
const statusLine = () => order().getAllByRole('status')[0];
const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setHours(10, 30, 0, 0);
  return at;
};

/** A paid hourly session of Alice with Claire, starting at `start`. */
const paidSession = (start: Date, fields: Partial<ChatDto> = {}) =>
  chatWith(claire, 'c1', {
    orderStatus: 'in_progress',
    orderKind: 'hourly',
    paymentAmount: 240,
    total: 240,
    scheduledDate: start.toISOString(),
    scheduledHours: 2,
    isScheduleConfirmed: true,
    isServiceInProgress: true,
    ...fields,
  });

/**
 * /messages?chatId=c1 as Alice (or Claire), the conversation read from `current()` each time the
 * page fetches it, so that a step's answer can change what the page fetches next.
 */
function openOrder(current: () => ChatDto, answers: Parameters<typeof renderMessages>[1], asExpert = false) {
  return renderMessages(
    '/messages?chatId=c1',
    {
      'GET /chats': () => json(200, { chats: [current()] }),
      ...conversationAnswers(current(), []),
      'GET /chats/chat/c1?limit=1': () => json(200, { chat: current(), messages: [], hasMore: false }),
      ...answers,
    },
    asExpert ? { account: claireAccount } : {},
  );
}

const panel = async () => within(await screen.findByRole('region', { name: 'Order' }));

// A dialog's steps take several seconds on a busy machine (2 cores shared): longer than the 5 s default, as in profile-tab.test.tsx.
const DIALOG_STEPS = { timeout: 15_000 };

describe('messages page: moving a paid session', DIALOG_STEPS, () => {
  /** Alice's paid session in 5 days, the new-time dialog open; the page answers the proposal by showing it as Claire's to accept. */
  async function proposing() {
    let chat = paidSession(inDays(5));
    const page = openOrder(() => chat, {
      'PUT /chats/c1/reschedule': (call) => {
        chat = { ...chat, reschedule: { scheduledDate: (call.body as { scheduledDate: string }).scheduledDate, proposedBy: 'user' } };
        return json(200, { msg: MSG.rescheduleProposed });
      },
    });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Paid — the session is on /), ANSWERED);
    await userEvent.click(order().getByRole('button', { name: 'Propose a new time' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a new time' }, { timeout: 5000 }));
    const pick = (at: Date, time: string) => {
      fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(at) } });
      fireEvent.change(dialog.getByLabelText(/^Start time/), { target: { value: time } });
    };
    return { page, dialog, pick };
  }

  it('the student’s new time less than 24 hours ahead is refused in the dialog, and nothing is sent', async () => {
    const { page, dialog, pick } = await proposing();
    expect(dialog.queryByLabelText('Hours')).not.toBeInTheDocument();
    const soon = new Date(Math.ceil((Date.now() + 12 * HOUR) / HALF_HOUR) * HALF_HOUR);
    pick(soon, clockOf(soon));
    await userEvent.click(dialog.getByRole('button', { name: 'Propose this time' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MSG.rescheduleTooLate);
    expect(page.calls('PUT', '/chats/c1/reschedule')).toHaveLength(0);
  });

  it('the student’s later new time is sent, and the page then waits for Claire to accept it', async () => {
    const { page, dialog, pick } = await proposing();
    const later = inDays(8);
    pick(later, '10:30');
    await userEvent.click(dialog.getByRole('button', { name: 'Propose this time' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/reschedule')).toHaveLength(1), ANSWERED);
    const body = page.calls('PUT', '/chats/c1/reschedule')[0]?.body as { scheduledDate: string };
    expect(Object.keys(body)).toEqual(['scheduledDate']);
    expect(Date.parse(body.scheduledDate)).toBe(later.getTime());

    expect(await screen.findByText(MSG.rescheduleProposed, {}, ANSWERED)).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Waiting for Claire Dubois to accept moving the session to /), ANSWERED);
    expect(order().queryByRole('button', { name: 'Propose a new time' })).not.toBeInTheDocument();
    expect(order().queryByRole('button', { name: 'Accept the new time' })).not.toBeInTheDocument();
  });

  it('the expert declines the student’s new time: the session stays as booked', async () => {
    const user = userEvent.setup();
    let chat = paidSession(inDays(5), { reschedule: { scheduledDate: inDays(8).toISOString(), proposedBy: 'user' } });
    const page = openOrder(
      () => chat,
      {
        'PUT /chats/c1/decline-reschedule': () => {
          chat = { ...chat, reschedule: undefined };
          return json(200, { msg: MSG.rescheduleDeclined });
        },
      },
      true,
    );
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Alice Martin proposes to move the session to .*\. Accept or decline it\.$/), ANSWERED);
    expect(order().getByRole('button', { name: 'Accept the new time' })).toBeInTheDocument();
    await user.click(order().getByRole('button', { name: 'Decline the new time' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/decline-reschedule')).toHaveLength(1), ANSWERED);
    expect(page.calls('PUT', '/chats/c1/accept-reschedule')).toHaveLength(0);
    expect(await screen.findByText(MSG.rescheduleDeclined, {}, ANSWERED)).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Paid — the session is on /), ANSWERED);
    expect(order().queryByRole('button', { name: 'Decline the new time' })).not.toBeInTheDocument();
  });
});

describe('messages page: declining the expert’s suggested time', () => {
  it('sends the decline, says so, and the order is open again for a new proposal', async () => {
    const user = userEvent.setup();
    let chat = chatWith(claire, 'c1', { orderStatus: 'countered', orderKind: 'hourly', scheduledDate: inDays(4).toISOString(), scheduledHours: 2, total: 240 });
    const page = openOrder(() => chat, {
      'PUT /chats/c1/decline-schedule': () => {
        chat = { ...chat, orderStatus: 'open', scheduledDate: undefined, scheduledHours: undefined, total: 0 };
        return json(200, { msg: MSG.counterDeclined });
      },
    });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Claire Dubois suggested .* Accept or decline it\.$/), ANSWERED);
    await user.click(order().getByRole('button', { name: 'Decline the suggested time' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/decline-schedule')).toHaveLength(1), ANSWERED);
    expect(page.calls('PUT', '/chats/c1/accept-schedule')).toHaveLength(0);
    expect(await screen.findByText(MSG.counterDeclined, {}, ANSWERED)).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent('Choose a date and hours to propose a session to Claire Dubois.'), ANSWERED);
    expect(order().getByRole('button', { name: 'Choose date and hours' })).toBeInTheDocument();
  });
});

describe('messages page: reporting a problem', DIALOG_STEPS, () => {
  it('asks what went wrong before sending, then the order waits for an admin', async () => {
    const user = userEvent.setup();
    let chat = chatWith(claire, 'c1', { orderStatus: 'submitted', paymentAmount: 120, projectSubmission: { status: 'submitted', file: 'f.pdf' } });
    const page = openOrder(() => chat, {
      'POST /chats/c1/report-problem': (call) => {
        const { reason } = call.body as { reason: string };
        chat = { ...chat, orderStatus: 'problem_reported', problem: { reportedBy: 'user', reason, at: new Date().toISOString() } };
        return json(200, { msg: MSG.problemReported });
      },
    });
    await user.click((await panel()).getByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }, { timeout: 5000 }));
    expect(dialog.getByText(/An admin reviews the order and decides/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('What went wrong?'), '   ');
    await user.click(dialog.getByRole('button', { name: 'Report the problem' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MSG.problemReasonRequired);
    expect(dialog.getByLabelText('What went wrong?')).toHaveAttribute('aria-invalid', 'true');
    expect(page.calls('POST', '/chats/c1/report-problem')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('What went wrong?'));
    await user.type(dialog.getByLabelText('What went wrong?'), '  The plan ignores my market.  ');
    await user.click(dialog.getByRole('button', { name: 'Report the problem' }));
    await waitFor(() => expect(page.calls('POST', '/chats/c1/report-problem')).toHaveLength(1), ANSWERED);
    expect(page.calls('POST', '/chats/c1/report-problem')[0]?.body).toEqual({ reason: 'The plan ignores my market.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), ANSWERED);
    expect(await screen.findByText(MSG.problemReported, {}, ANSWERED)).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent('You reported a problem — an admin will review the order and decide.'), ANSWERED);
    expect(order().queryByRole('button', { name: 'Approve the project' })).not.toBeInTheDocument();
    expect(order().queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('an order cancelled meanwhile: says it moved on, closes the dialog and shows the order as it is now', async () => {
    const user = userEvent.setup();
    let chat = paidSession(inDays(3));
    const page = openOrder(
      () => chat,
      {
        'POST /chats/c1/report-problem': () => {
          chat = {
            ...chat,
            orderStatus: 'canceled',
            isServiceInProgress: false,
            isOrderCanceled: true,
            cancellation: { by: 'user', at: new Date().toISOString(), refundAmount: 240 },
          };
          return json(409, { msg: MSG.orderNotMovable, code: 'order_not_movable' });
        },
      },
      true,
    );
    await user.click((await panel()).getByRole('button', { name: 'Report a problem' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a problem' }, { timeout: 5000 }));
    await user.type(dialog.getByLabelText('What went wrong?'), 'The student did not join.');
    await user.click(dialog.getByRole('button', { name: 'Report the problem' }));
    await waitFor(() => expect(page.calls('POST', '/chats/c1/report-problem')).toHaveLength(1), ANSWERED);
    expect(await screen.findByText(MSG.orderNotMovable, {}, ANSWERED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), ANSWERED);
    await waitFor(() => expect(statusLine()).toHaveTextContent('Cancelled — €240.00 refunded to Alice Martin.'), ANSWERED);
    expect(order().queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });
});

describe('messages page: confirming a session took place', () => {
  it('is the student’s once the session has started: the order completes', async () => {
    const user = userEvent.setup();
    const start = new Date(Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR);
    let chat = paidSession(start, { dueAt: new Date(start.getTime() + 50 * HOUR).toISOString() });
    const page = openOrder(() => chat, {
      'PUT /chats/c1/confirm-session': () => {
        chat = { ...chat, orderStatus: 'closed', isOrderClosed: true, isServiceInProgress: false, dueAt: undefined };
        return json(200, { msg: MSG.sessionConfirmed });
      },
    });
    await waitFor(
      () => expect(statusLine()).toHaveTextContent(/^The session was on .*\. Confirm it took place, or report a problem; it completes automatically on .*\.$/),
      ANSWERED,
    );
    // Started: it can no longer be moved or cancelled, only confirmed or reported.
    expect(order().queryByRole('button', { name: 'Propose a new time' })).not.toBeInTheDocument();
    expect(order().queryByRole('button', { name: 'Cancel the order' })).not.toBeInTheDocument();
    expect(order().getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();

    await user.click(order().getByRole('button', { name: 'Confirm the session took place' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/confirm-session')).toHaveLength(1), ANSWERED);
    expect(page.calls('PUT', '/chats/c1/confirm-session')[0]?.body).toEqual({});
    expect(await screen.findByText(MSG.sessionConfirmed, {}, ANSWERED)).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent('Completed — the session took place.'), ANSWERED);
    expect(order().queryByRole('button', { name: 'Confirm the session took place' })).not.toBeInTheDocument();
  });

  it('reads the session’s time by the server’s clock, not the device’s: a device running behind still offers the confirmation', async () => {
    // By the device the session starts in 2 hours; by the server's clock it started an hour ago.
    const start = new Date(Math.floor((Date.now() + 2 * HOUR) / HOUR) * HOUR);
    const serverNow = new Date(start.getTime() + HOUR).toISOString();
    const chat = paidSession(start);
    renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [chat] }),
      ...conversationAnswers(chat, []),
      'GET /chats/chat/c1': () => json(200, { chat, messages: [], hasMore: false, now: serverNow }),
    });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^The session was on /), ANSWERED);
    expect(order().getByRole('button', { name: 'Confirm the session took place' })).toBeInTheDocument();
    expect(order().queryByRole('button', { name: 'Propose a new time' })).not.toBeInTheDocument();
  });

  it('is not the expert’s: they wait for the student', async () => {
    const start = new Date(Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR);
    openOrder(() => paidSession(start), {}, true);
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^The session was on .*\. Waiting for Alice Martin to confirm it took place\.$/), ANSWERED);
    expect(order().queryByRole('button', { name: 'Confirm the session took place' })).not.toBeInTheDocument();
    expect(order().getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
  });
});
