import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import type { ChatDto } from '@shared/schemas/chats';
import { json } from '@/test/render-app';
import { roomAt } from '@/test/room-fixtures';
import { aliceAsParticipant, at, chatWith, claire, claireAccount, conversationAnswers, message, renderMessages } from '@/test/messages-fixtures';
import { dateInputValue } from '@/features/chat/lib/session-time';
import { formatMessageTime } from '@/features/chat/lib/chat-format';
import { formatDay, formatWhen } from '@/features/chat/lib/order-status';

afterEach(() => vi.unstubAllGlobals());
// The dialogs load lazily: loaded once here, so that a busy machine does not time the first one out.
beforeAll(() => import('@/features/chat/components/order-lazy'), 30_000);

const DAY = 86_400_000;
const order = () => within(screen.getByRole('region', { name: 'Order' }));
const statusLine = () => order().getAllByRole('status')[0];
const inDays = (days: number) => {
  const at = new Date(Date.now() + days * DAY);
  at.setHours(10, 30, 0, 0);
  return at;
};

/** /messages?chatId=c1 with this order, answering its calls as given. */
function openOrder(chat: ChatDto, answers: Parameters<typeof renderMessages>[1] = {}, asExpert = false, path = '/messages?chatId=c1') {
  return renderMessages(
    path,
    {
      'GET /chats': () => json(200, { chats: [chat] }),
      ...conversationAnswers(chat, []),
      'GET /chats/chat/c1?limit=1': () => json(200, { chat, messages: [], hasMore: false }),
      ...answers,
    },
    asExpert ? { account: claireAccount } : {},
  );
}

describe('messages page: the order, as the student', () => {
  it('pays a fixed-price order from open: the session is asked for the total, and the browser sent to it', async () => {
    const chat = chatWith(claire, 'c1');
    const page = openOrder(chat, { 'POST /payments/create-session': () => json(200, { url: 'https://checkout.example/s/1' }) });
    await waitFor(() => expect(statusLine()).toHaveTextContent('Pay €120.00 to start the project.'));
    expect(order().getByRole('button', { name: 'Book a free 30-minute introduction' })).toBeInTheDocument();
    await userEvent.click(order().getByRole('button', { name: 'Pay €120.00' }));
    await waitFor(() => expect(page.calls('POST', '/payments/create-session')).toHaveLength(1));
    expect(page.calls('POST', '/payments/create-session')[0]?.body).toEqual({ chatId: 'c1', amount: 120 });
  });

  it('an hourly order: no Pay before a time is agreed; the picker refuses past times and hours outside 1–8, shows the total, and sends the start with my offset', async () => {
    const user = userEvent.setup();
    const chat = chatWith(claire, 'c1', { orderKind: 'hourly', total: 0, offer: { ...chatWith(claire, 'c1').offer, pricingType: 'hourly', price: 60.5 } });
    const page = openOrder(chat, { 'PUT /chats/c1/schedule': () => json(200, { msg: MSG.scheduleProposed }) });
    await waitFor(() => expect(statusLine()).toHaveTextContent('Choose a date and hours to propose a session to Claire Dubois.'));

    // Nothing can be paid before a time is agreed: no Pay is offered, only the step that comes first.
    expect(order().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();

    await user.click(order().getByRole('button', { name: 'Choose date and hours' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose date and hours' }, { timeout: 5000 }));
    // The dialog moves focus in an effect, right after it is drawn.
    await waitFor(() => expect(dialog.getByLabelText('Date')).toHaveFocus());
    expect(dialog.getByText(`Times are in your time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`)).toBeInTheDocument();

    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(new Date(Date.now() - DAY)) } });
    await user.selectOptions(dialog.getByLabelText(/^Start time/), '10:30');
    await user.click(dialog.getByRole('button', { name: 'Propose this time' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MSG.sessionInPast);

    const start = inDays(3);
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(start) } });
    await user.clear(dialog.getByLabelText('Hours'));
    await user.type(dialog.getByLabelText('Hours'), '9');
    await user.click(dialog.getByRole('button', { name: 'Propose this time' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MSG.sessionHoursRange);
    expect(page.calls('PUT', '/chats/c1/schedule')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Hours'));
    await user.type(dialog.getByLabelText('Hours'), '3');
    expect(dialog.getByText(/Total: €181\.50/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Propose this time' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/schedule')).toHaveLength(1));
    const body = page.calls('PUT', '/chats/c1/schedule')[0]?.body as { scheduledDate: string; scheduledHours: number };
    expect(body.scheduledHours).toBe(3);
    expect(body.scheduledDate).toMatch(new RegExp(`^${dateInputValue(start)}T10:30:00[+-]\\d\\d:\\d\\d$`));
    expect(Date.parse(body.scheduledDate)).toBe(start.getTime());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(order().getByRole('button', { name: 'Choose date and hours' })).toHaveFocus();
  });

  it('books the free introduction with freeIntro and no hours', async () => {
    const user = userEvent.setup();
    const page = openOrder(chatWith(claire, 'c1'), { 'PUT /chats/c1/schedule': () => json(200, { msg: MSG.scheduleProposed }) });
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Book a free 30-minute introduction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a free 30-minute introduction' }));
    expect(dialog.queryByLabelText('Hours')).not.toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(inDays(2)) } });
    await user.selectOptions(dialog.getByLabelText(/^Start time/), '10:30');
    await user.click(dialog.getByRole('button', { name: 'Book the introduction' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/schedule')).toHaveLength(1));
    expect(page.calls('PUT', '/chats/c1/schedule')[0]?.body).toEqual({ scheduledDate: expect.stringMatching(/T10:30:00[+-]/), freeIntro: true });
  });

  it('offers only the expert’s free times once they have set hours, each in my zone with the expert’s named', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const day = inDays(3);
    const free = [new Date(day.getTime()), new Date(day.getTime() + 2 * 3_600_000)].map((at) => at.toISOString());
    const asked: URLSearchParams[] = [];
    const page = openOrder(chatWith(claire, 'c1'), {
      'GET /experts/expert-1/slots?*': (call) => {
        asked.push(new URLSearchParams(call.path.split('?')[1]));
        return json(200, { slots: free, expertTimeZone: 'Asia/Tokyo', hasHours: true });
      },
      'PUT /chats/c1/schedule': () => json(200, { msg: MSG.scheduleProposed }),
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Book a free 30-minute introduction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a free 30-minute introduction' }));
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(day) } });
    const clock = (iso: string, timeZone?: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    const city = Intl.DateTimeFormat().resolvedOptions().timeZone.split('/').at(-1)?.replaceAll('_', ' ');
    await waitFor(() => expect(dialog.getAllByRole('option')).toHaveLength(3));
    expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a time',
      ...free.map((slot) => `${clock(slot)} your time (${city}) · ${clock(slot, 'Asia/Tokyo')} for Claire (Tokyo)`),
    ]);
    expect(dialog.getByText('2 free times on this day.')).toBeInTheDocument();
    expect(asked.at(-1)?.get('minutes')).toBe('30');
    expect(asked.at(-1)?.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await user.selectOptions(dialog.getByLabelText(/^Start time/), clock(free[1] ?? ''));
    await user.click(dialog.getByRole('button', { name: 'Book the introduction' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/schedule')).toHaveLength(1));
    const body = page.calls('PUT', '/chats/c1/schedule')[0]?.body as { scheduledDate: string };
    expect(Date.parse(body.scheduledDate)).toBe(Date.parse(free[1] ?? ''));
  });

  it('a fixed-price call: its time is chosen among free slots of its length, and the start alone is sent', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const day = inDays(4);
    const free = [day.toISOString()];
    const asked: URLSearchParams[] = [];
    const chat = chatWith(claire, 'c1', { orderKind: 'call', durationMinutes: 90, offer: { ...chatWith(claire, 'c1').offer, lessonType: 'Video Call' } });
    const page = openOrder(chat, {
      'GET /experts/expert-1/slots?*': (call) => {
        asked.push(new URLSearchParams(call.path.split('?')[1]));
        return json(200, { slots: free, expertTimeZone: 'Europe/Paris', hasHours: true });
      },
      'PUT /chats/c1/schedule': () => json(200, { msg: MSG.scheduleProposed }),
    });
    await waitFor(() => expect(statusLine()).toHaveTextContent('Choose a time to propose a 90 min call to Claire Dubois.'));
    // Nothing to pay and no hours to pick before the time is agreed.
    expect(order().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(order().getByRole('button', { name: 'Choose a time' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose a time' }));
    expect(dialog.queryByLabelText('Hours')).not.toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(day) } });
    await waitFor(() => expect(dialog.getAllByRole('option')).toHaveLength(2));
    expect(asked.at(-1)?.get('minutes')).toBe('90');
    await user.selectOptions(dialog.getByLabelText(/^Start time/), dialog.getAllByRole('option')[1]?.getAttribute('value') ?? '');
    await user.click(dialog.getByRole('button', { name: 'Propose this time' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/schedule')).toHaveLength(1));
    const body = page.calls('PUT', '/chats/c1/schedule')[0]?.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['scheduledDate']);
    expect(Date.parse(String(body.scheduledDate))).toBe(Date.parse(free[0] ?? ''));
  });

  it('starts on the expert’s first free day and offers their next free days, one press each', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const first = inDays(2);
    const later = inDays(5);
    const free = [first, new Date(first.getTime() + 3_600_000), later].map((at) => at.toISOString());
    const asked: URLSearchParams[] = [];
    openOrder(chatWith(claire, 'c1'), {
      // The free starts within the range asked, as the API answers them.
      'GET /experts/expert-1/slots?*': (call) => {
        const query = new URLSearchParams(call.path.split('?')[1]);
        asked.push(query);
        const within = free.filter((slot) => slot >= String(query.get('from')) && slot < String(query.get('to')));
        return json(200, { slots: within, expertTimeZone: 'Europe/Paris', hasHours: true });
      },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Book a free 30-minute introduction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a free 30-minute introduction' }));

    // Two weeks ahead from the start of my day are asked once, and the first free day is chosen for me.
    await waitFor(() => expect(dialog.getByLabelText('Date')).toHaveValue(dateInputValue(first)));
    const midnight = new Date(new Date().setHours(0, 0, 0, 0));
    const weeks = asked.find((query) => query.get('from') === midnight.toISOString());
    expect(weeks?.get('to')).toBe(new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate() + 14).toISOString());
    const days = within(dialog.getByRole('group', { name: 'Next free days' }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(days.getAllByRole('button').map((button) => button.textContent)).toEqual([first, later].map((at) => formatDay(at.toISOString(), zone)));
    expect(days.getByRole('button', { name: formatDay(first.toISOString(), zone) })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(dialog.getByText('2 free times on this day.')).toBeInTheDocument());

    // One press moves to another free day, and its times replace the first day's.
    await user.click(days.getByRole('button', { name: formatDay(later.toISOString(), zone) }));
    expect(dialog.getByLabelText('Date')).toHaveValue(dateInputValue(later));
    expect(days.getByRole('button', { name: formatDay(later.toISOString(), zone) })).toHaveAttribute('aria-pressed', 'true');
    expect(days.getByRole('button', { name: formatDay(first.toISOString(), zone) })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(dialog.getByText('1 free time on this day.')).toBeInTheDocument());
    // Both days' times came from the one answer for the two weeks.
    expect(asked).toHaveLength(1);

    // A day after those two weeks is asked for alone.
    const farDay = inDays(20);
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(farDay) } });
    await waitFor(() => expect(dialog.getByText('No free time on this day: choose another date.')).toBeInTheDocument());
    const farMidnight = new Date(farDay.getFullYear(), farDay.getMonth(), farDay.getDate());
    expect(asked).toHaveLength(2);
    expect([asked[1]?.get('from'), asked[1]?.get('to')]).toEqual([
      farMidnight.toISOString(),
      new Date(farDay.getFullYear(), farDay.getMonth(), farDay.getDate() + 1).toISOString(),
    ]);
  });

  it('puts the step that moves the order on first and cancelling last: Pay before changing the confirmed time', async () => {
    const chat = chatWith(claire, 'c1', {
      orderStatus: 'confirmed',
      isScheduleConfirmed: true,
      orderKind: 'hourly',
      scheduledDate: inDays(3).toISOString(),
      scheduledHours: 2,
      total: 240,
    });
    openOrder(chat);
    await waitFor(() => expect(order().getByRole('button', { name: 'Pay €240.00' })).toBeInTheDocument());
    expect(
      order()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pay €240.00', 'Change date and hours', 'Cancel the order']);
    expect(order().getByRole('button', { name: 'Pay €240.00' })).toHaveClass('btn-primary');
  });

  it('names no free day when the expert has none in the next two weeks, and leaves the date to me', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    openOrder(chatWith(claire, 'c1'), { 'GET /experts/expert-1/slots?*': () => json(200, { slots: [], expertTimeZone: 'Europe/Paris', hasHours: true }) });
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Book a free 30-minute introduction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Book a free 30-minute introduction' }));
    const days = within(await dialog.findByRole('group', { name: 'Next free days' }));
    expect(days.getByText('No free time in the next 14 days: choose a later date.')).toBeInTheDocument();
    expect(days.queryByRole('button')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Date')).toHaveValue('');
  });

  it('hours of work: the student chooses the hours, sees the total, and pays for those hours', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const chat = chatWith(claire, 'c1', {
      orderKind: 'work',
      total: 0,
      offer: { ...chatWith(claire, 'c1').offer, lessonType: 'Document', pricingType: 'hourly', price: 45.5 },
    });
    const page = openOrder(chat, { 'POST /payments/create-session': () => json(200, { url: 'https://checkout.example/s/2' }) });
    await waitFor(() => expect(statusLine()).toHaveTextContent('Choose the hours of work and pay €45.50 an hour to start.'));
    await user.click(order().getByRole('button', { name: 'Choose the hours and pay' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Hours of work' }));
    await user.clear(dialog.getByLabelText('Hours'));
    await user.type(dialog.getByLabelText('Hours'), '41');
    await user.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MSG.chooseWorkHours);
    expect(page.calls('POST', '/payments/create-session')).toHaveLength(0);
    await user.clear(dialog.getByLabelText('Hours'));
    await user.type(dialog.getByLabelText('Hours'), '3');
    expect(dialog.getByText('Total: €136.50 (€45.50 × 3 h)')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(page.calls('POST', '/payments/create-session')).toHaveLength(1));
    expect(page.calls('POST', '/payments/create-session')[0]?.body).toEqual({ chatId: 'c1', hours: 3 });
  });

  it('shows each step of the order between the messages, at its time, from my side', async () => {
    const chat = chatWith(claire, 'c1', {
      orderKind: 'hourly',
      orderStatus: 'confirmed',
      timeline: [
        { action: 'schedule', by: 'user', at: at(1) },
        { action: 'confirmSchedule', by: 'professor', at: at(10) },
      ],
    });
    const said = message('m1', 'c1', aliceAsParticipant, 'Does Tuesday morning suit you?', 5);
    renderMessages('/messages?chatId=c1', { 'GET /chats': () => json(200, { chats: [chat] }), ...conversationAnswers(chat, [said]) });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(lines[0]).toMatch(/^You proposed a time /);
    expect(lines[1]).toContain(said.content);
    expect(lines[2]).toMatch(/^Claire Dubois confirmed the time /);
  });

  it('names the time each proposal, counter-proposal and move set, in my zone, apart from when the step was taken', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const [first, second, third] = [inDays(3), inDays(4), inDays(6)].map((day) => day.toISOString());
    const chat = chatWith(claire, 'c1', {
      orderKind: 'hourly',
      orderStatus: 'in_progress',
      scheduledDate: third,
      timeline: [
        { action: 'schedule', by: 'user', at: at(1), scheduledDate: first },
        { action: 'counter', by: 'professor', at: at(2), scheduledDate: second },
        { action: 'acceptCounter', by: 'user', at: at(3) },
        { action: 'pay', by: 'payment', at: at(4) },
        { action: 'reschedule', by: 'professor', at: at(5), scheduledDate: third },
      ],
    });
    renderMessages('/messages?chatId=c1', { 'GET /chats': () => json(200, { chats: [chat] }), ...conversationAnswers(chat, []) });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    const when = (iso: string | undefined) => formatWhen(iso ?? '', zone);
    expect(lines).toEqual([
      `You proposed ${when(first)} · ${formatMessageTime(at(1))}`,
      `Claire Dubois suggested ${when(second)} instead · ${formatMessageTime(at(2))}`,
      `You accepted the suggested time · ${formatMessageTime(at(3))}`,
      `Paid · ${formatMessageTime(at(4))}`,
      `The session moved to ${when(third)} · ${formatMessageTime(at(5))}`,
    ]);
  });

  it('approves a delivered project, or asks for changes', async () => {
    const user = userEvent.setup();
    const deliveredAt = '2026-11-28T09:30:00.000Z';
    const chat = chatWith(claire, 'c1', {
      orderStatus: 'submitted',
      paymentAmount: 120,
      projectSubmission: { status: 'submitted', file: 'f.pdf', fileName: 'tax-review.pdf', bytes: 1_572_864, delivery: 2, deliveredAt },
    });
    const page = openOrder(chat, { 'POST /chats/c1/handle-project': () => json(200, { msg: MSG.projectApproved }) });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Delivered — approve it or ask for changes/));
    expect(order().getByRole('button', { name: 'Download the project file' })).toBeInTheDocument();
    // What was delivered: the file's name and size, which delivery it is, and when, in my zone.
    expect(
      order().getByText(`tax-review.pdf, 1.5 MB, second delivery, ${formatWhen(deliveredAt, Intl.DateTimeFormat().resolvedOptions().timeZone)}`),
    ).toBeInTheDocument();
    await user.click(order().getByRole('button', { name: 'Ask for changes' }));
    await user.click(order().getByRole('button', { name: 'Approve the project' }));
    await waitFor(() => expect(page.calls('POST', '/chats/c1/handle-project')).toHaveLength(2));
    expect(page.calls('POST', '/chats/c1/handle-project').map((call) => call.body)).toEqual([{ action: 'request_revision' }, { action: 'approve' }]);
  });

  it('states the cancellation terms before cancelling; keeping the order calls nothing', async () => {
    const user = userEvent.setup();
    const chat = chatWith(claire, 'c1', {
      orderStatus: 'in_progress',
      orderKind: 'hourly',
      paymentAmount: 240,
      scheduledDate: inDays(5).toISOString(),
      scheduledHours: 2,
    });
    const page = openOrder(chat, { 'PUT /chats/c1/cancel': () => json(200, { msg: MSG.orderCanceledRefunded }) });
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Cancel the order' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Cancel this order?' }));
    expect(dialog.getByText('The session is more than 12 hours away: €240.00 is refunded in full.')).toBeInTheDocument();
    expect(dialog.getByText(/Cancelling is free before payment/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep the order' }));
    expect(page.calls('PUT', '/chats/c1/cancel')).toHaveLength(0);

    await user.click(order().getByRole('button', { name: 'Cancel the order' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Cancel this order?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/cancel')).toHaveLength(1));
  });

  it('an order moved meanwhile: says so and fetches the order again', async () => {
    const user = userEvent.setup();
    let chat = chatWith(claire, 'c1', { orderStatus: 'countered', orderKind: 'hourly', scheduledDate: inDays(4).toISOString(), scheduledHours: 2, total: 240 });
    openOrder(chat, {
      'GET /chats/chat/c1?limit=1': () => json(200, { chat, messages: [], hasMore: false }),
      'PUT /chats/c1/accept-schedule': () => {
        chat = { ...chat, orderStatus: 'open', scheduledDate: undefined, scheduledHours: undefined, total: 0 };
        return json(409, { msg: MSG.orderNotMovable, code: 'order_not_movable' });
      },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Accept the suggested time' }));
    expect(await screen.findByText(MSG.orderNotMovable)).toBeInTheDocument();
    await waitFor(() => expect(statusLine()).toHaveTextContent('Choose a date and hours to propose a session to Claire Dubois.'));
  });

  it('back from the checkout (?status=paid): marks the order paid once and drops the parameter', async () => {
    const paid = chatWith(claire, 'c1', { orderStatus: 'in_progress', paymentAmount: 120, isServiceInProgress: true });
    const page = openOrder(chatWith(claire, 'c1'), { 'PUT /chats/c1/mark-paid': () => json(200, paid) }, false, '/messages?chatId=c1&status=paid');
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Paid — Claire Dubois is working on your project/));
    expect(page.calls('PUT', '/chats/c1/mark-paid')).toHaveLength(1);
    expect(page.router.state.location.search).toBe('?chatId=c1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.calls('PUT', '/chats/c1/mark-paid')).toHaveLength(1);
  });

  it('a payment not confirmed yet is told as information, and the push updates the page', async () => {
    let chat = chatWith(claire, 'c1');
    const page = openOrder(
      chat,
      {
        'PUT /chats/c1/mark-paid': () => json(409, { msg: MSG.paymentNotConfirmed, code: 'payment_not_confirmed' }),
        'GET /chats/chat/c1?limit=1': () => json(200, { chat, messages: [], hasMore: false }),
      },
      false,
      '/messages?chatId=c1&status=paid',
    );
    const socket = await page.connect();
    expect(await screen.findByText(MSG.paymentNotConfirmed)).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast--info')).toBeInTheDocument();
    chat = { ...chat, orderStatus: 'in_progress', paymentAmount: 120 };
    socket.push({ type: 'orderChanged', chatId: 'c1', orderStatus: 'in_progress', eventId: 'e1' });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Paid — Claire Dubois is working on your project/));
  });
});

describe('messages page: the order, as the expert', () => {
  const proposed = () =>
    chatWith(claire, 'c1', { orderStatus: 'scheduled', orderKind: 'hourly', scheduledDate: inDays(3).toISOString(), scheduledHours: 2, total: 240 });

  it('confirms the proposed time; an orderChanged push brings the new status', async () => {
    const user = userEvent.setup();
    let chat = proposed();
    const page = openOrder(
      chat,
      {
        'GET /chats/chat/c1?limit=1': () => json(200, { chat, messages: [], hasMore: false }),
        'PUT /chats/c1/confirm-schedule': () => json(200, { msg: MSG.scheduleConfirmed }),
      },
      true,
    );
    const socket = await page.connect();
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Alice Martin proposed .* for 2 hours\. Confirm it or suggest another time\.$/));
    expect(order().queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    chat = { ...chat, orderStatus: 'confirmed', isScheduleConfirmed: true };
    await user.click(order().getByRole('button', { name: 'Confirm the time' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/confirm-schedule')).toHaveLength(1));
    await waitFor(() => expect(statusLine()).toHaveTextContent(/Waiting for Alice Martin to pay\.$/));

    chat = { ...chat, orderStatus: 'in_progress', paymentAmount: 240 };
    socket.push({ type: 'orderChanged', chatId: 'c1', orderStatus: 'in_progress', eventId: 'e2' });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Paid — the session is on /));
    expect(order().getByRole('button', { name: 'Cancel the order' })).toBeInTheDocument();
  });

  it('two pushes whose answers cross: the order shows the later state, never steps back', async () => {
    const confirmed = { ...proposed(), orderStatus: 'confirmed' as const, isScheduleConfirmed: true };
    const paid = { ...confirmed, orderStatus: 'in_progress' as const, paymentAmount: 240 };
    let reloads = 0;
    let release: () => void = () => undefined;
    const page = openOrder(
      proposed(),
      {
        // The first push's answer, made while the order was confirmed, arrives after the second's.
        'GET /chats/chat/c1?limit=1': () => {
          reloads += 1;
          if (reloads > 1) return json(200, { chat: paid, messages: [], hasMore: false });
          return new Promise<Response>((resolve) => (release = () => resolve(json(200, { chat: confirmed, messages: [], hasMore: false }))));
        },
      },
      true,
    );
    const socket = await page.connect();
    await waitFor(() => expect(statusLine()).toHaveTextContent(/Confirm it or suggest another time\.$/));
    // Events of their own: the channel passes each event on once.
    socket.push({ type: 'orderChanged', chatId: 'c1', orderStatus: 'confirmed', eventId: 'crossing-1' });
    socket.push({ type: 'orderChanged', chatId: 'c1', orderStatus: 'in_progress', eventId: 'crossing-2' });
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Paid — the session is on /));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statusLine()).toHaveTextContent(/^Paid — the session is on /);
  });

  it('counters with another date and hours', async () => {
    const user = userEvent.setup();
    const page = openOrder(proposed(), { 'PUT /chats/c1/counter-schedule': () => json(200, { msg: MSG.counterProposed }) }, true);
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Suggest another time' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Suggest another time' }));
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: dateInputValue(inDays(6)) } });
    await user.selectOptions(dialog.getByLabelText(/^Start time/), '14:00');
    await user.clear(dialog.getByLabelText('Hours'));
    await user.type(dialog.getByLabelText('Hours'), '1');
    await user.click(dialog.getByRole('button', { name: 'Send suggestion' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/counter-schedule')).toHaveLength(1));
    expect(page.calls('PUT', '/chats/c1/counter-schedule')[0]?.body).toEqual({ scheduledDate: expect.stringMatching(/T14:00:00[+-]/), scheduledHours: 1 });
  });

  it('decides the refund share of a late cancellation', async () => {
    const user = userEvent.setup();
    const chat = chatWith(claire, 'c1', { orderStatus: 'refund_pending', paymentAmount: 120, dueAt: new Date(Date.now() + DAY).toISOString() });
    const page = openOrder(chat, { 'PUT /chats/c1/refund-decision': () => json(200, { msg: MSG.orderCanceledRefunded }) }, true);
    await waitFor(() => expect(statusLine()).toHaveTextContent(/^Alice Martin cancelled late — decide the share to refund by/));
    await user.click(order().getByRole('button', { name: 'Decide the refund' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decide the refund' }));
    await user.clear(dialog.getByLabelText('Refund (%)'));
    await user.type(dialog.getByLabelText('Refund (%)'), '101');
    await user.click(dialog.getByRole('button', { name: 'Refund this share' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MSG.refundPercentRange);
    await user.clear(dialog.getByLabelText('Refund (%)'));
    await user.type(dialog.getByLabelText('Refund (%)'), '50');
    expect(dialog.getByText('Refunded to the student: €60.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Refund this share' }));
    await waitFor(() => expect(page.calls('PUT', '/chats/c1/refund-decision')).toHaveLength(1));
    expect(page.calls('PUT', '/chats/c1/refund-decision')[0]?.body).toEqual({ refundPercent: 50 });
  });

  it('cancelling says it is always a full refund', async () => {
    const user = userEvent.setup();
    openOrder(chatWith(claire, 'c1', { orderStatus: 'in_progress', paymentAmount: 120 }), {}, true);
    await user.click(await within(await screen.findByRole('region', { name: 'Order' })).findByRole('button', { name: 'Cancel the order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this order?' }));
    expect(dialog.getByText('€120.00 is refunded in full to the student.')).toBeInTheDocument();
  });
});

describe('messages page: the review of a closed order', () => {
  const closed = (fields: Partial<ChatDto> = {}) =>
    chatWith(claire, 'c1', {
      orderStatus: 'closed',
      isOrderClosed: true,
      paymentAmount: 120,
      projectSubmission: { status: 'approved', file: 'f.pdf' },
      ...fields,
    });
  const written = {
    _id: 'r1',
    offerId: 'o1',
    rating: 4,
    comment: 'Clear and patient.',
    createdAt: '2026-11-06T10:00:00.000Z',
    user: { firstName: 'Alice', lastName: 'M.' },
    orderNumber: 1042,
  };

  it('shows the expert the student’s review, read-only: stars, comment and author', async () => {
    openOrder(closed({ review: written }), {}, true);
    const review = await within(await screen.findByRole('region', { name: 'Order' })).findByRole('region', { name: 'Review by Alice M.' }, { timeout: 5000 });
    expect(within(review).getByRole('img', { name: 'Rating: 4 out of 5 stars' })).toBeInTheDocument();
    expect(within(review).getByText('Clear and patient.')).toBeInTheDocument();
    expect(within(review).queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).not.toBeInTheDocument();
  });

  it('shows the student their own review instead of the form', async () => {
    openOrder(closed({ review: written }));
    const review = await within(await screen.findByRole('region', { name: 'Order' })).findByRole('region', { name: 'Your review' }, { timeout: 5000 });
    expect(within(review).getByRole('img', { name: 'Your rating: 4 out of 5 stars' })).toBeInTheDocument();
    expect(within(review).getByText('Clear and patient.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).not.toBeInTheDocument();
  });

  it('sends the student’s review, then shows it as the server has it', async () => {
    const user = userEvent.setup();
    let chat = closed();
    const page = openOrder(chat, {
      'GET /chats/chat/c1?limit=1': () => json(200, { chat, messages: [], hasMore: false }),
      'POST /offers/offer-of-c1/reviews': () => {
        chat = closed({ review: written });
        return json(201, { msg: MSG.reviewSaved });
      },
    });
    const form = await within(await screen.findByRole('region', { name: 'Order' })).findByRole('form', { name: 'Leave a review' }, { timeout: 5000 });
    await user.click(within(form).getByText('4 stars'));
    await user.type(within(form).getByLabelText(/Comment/), 'Clear and patient.');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(page.calls('GET', '/chats/chat/c1?limit=1')).toHaveLength(1));
    expect(page.calls('POST', '/offers/offer-of-c1/reviews')[0]?.body).toEqual({ rating: 4, comment: 'Clear and patient.', orderNumber: 1042 });
    const review = await screen.findByRole('region', { name: 'Your review' });
    expect(within(review).getByText('Clear and patient.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Leave a review' })).not.toBeInTheDocument();
  });
});

describe('messages page: a booked call’s room', () => {
  const MINUTE = 60_000;
  const introAt = (startMs: number) =>
    chatWith(claire, 'c1', { orderKind: 'intro', orderStatus: 'in_progress', scheduledDate: new Date(startMs).toISOString(), total: 0 });

  it('leads into the room while it is open, and says nothing of attendance before the session is over', async () => {
    const start = Date.now() + 5 * MINUTE;
    openOrder(introAt(start), { 'GET /rooms/c1': () => json(200, roomAt(start, Date.now(), 'open')) });
    await waitFor(() => expect(statusLine()).toBeInTheDocument());
    const link = await order().findByRole('link', { name: 'Join the call' });
    expect(link).toHaveAttribute('href', '/room/c1');
    expect(order().queryByText('Attended')).not.toBeInTheDocument();
  });

  it('once the session is over, shows who attended and when, with the side that never came', async () => {
    const start = Date.now() - 2 * 60 * MINUTE;
    const from = new Date(start + MINUTE);
    const to = new Date(start + 29 * MINUTE);
    const hhmm = (at: Date) => `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    const attendance = [{ userId: aliceAsParticipant._id, stays: [{ from: from.toISOString(), to: to.toISOString() }] }];
    openOrder(introAt(start), { 'GET /rooms/c1': () => json(200, roomAt(start, Date.now(), 'closed', { attendance })) });
    await waitFor(() => expect(statusLine()).toBeInTheDocument());
    expect(await order().findByText(`You ${hhmm(from)}-${hhmm(to)} · Claire did not join`)).toBeInTheDocument();
    expect(order().queryByRole('link', { name: 'Join the call' })).not.toBeInTheDocument();
  });

  it('asks for no room when the order has none: a project delivered as a file', async () => {
    const page = openOrder(chatWith(claire, 'c1', { orderStatus: 'in_progress' }));
    await waitFor(() => expect(statusLine()).toBeInTheDocument());
    expect(page.calls('GET', '/rooms/c1')).toHaveLength(0);
  });
});
