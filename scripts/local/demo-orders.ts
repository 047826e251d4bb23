/**
 * The demo conversations of demo-chats.ts and their orders, written through the services the API
 * calls, as their people would: the chats service opens each conversation and sends its messages,
 * the orders services schedule, confirm, take the payment, deliver, approve and cancel, and the
 * catalogue's review service takes the review. Payments are the local Stripe's own: the adapter
 * creates the checkout session, the student presses Pay on its checkout page, and the return to the
 * conversation confirms it, as the browser's does; a cancellation is refunded there. So this runs
 * once the local Stripe listens; with Stripe's test mode instead, the conversations whose order is
 * paid are left out. First, every demo expert connects a payout account at the local Stripe, as
 * they would on its onboarding page. Written once: when the first demo student has no conversation yet.
 */
import type { Caller } from '../../functions/platform/access-token';
import type { AccountRecord } from '../../functions/contexts/accounts/account';
import * as accounts from '../../functions/contexts/accounts/service';
import { myOffers } from '../../functions/contexts/catalogue/offer-service';
import { reviewOffer } from '../../functions/contexts/catalogue/review-service';
import * as chats from '../../functions/contexts/chats/service';
import * as delivery from '../../functions/contexts/orders/delivery-service';
import * as orders from '../../functions/contexts/orders/lifecycle-service';
import * as orderPayments from '../../functions/contexts/orders/payment-service';
import * as payouts from '../../functions/contexts/payments/service';
import { nowMs } from '../../functions/platform/clock';
import { scheduleSchema } from '../../shared/schemas/orders';
import { DEMO_CONVERSATIONS, type DemoConversation, type DemoMove, type DemoSessionTime, isMessage } from './demo-chats';
import { demoPdf } from './demo-pdf';
import { postForm } from './cross-site';

const DAY_MS = 24 * 3_600_000;

interface Participant {
  caller: Caller;
  account: AccountRecord;
}

export async function seedDemoConversations(options: { localStripe: boolean }): Promise<void> {
  const known = new Map<string, Participant>();
  const participant = async (email: string, role: Caller['role']) => {
    const found = known.get(email) ?? (await participantOf(email, role));
    known.set(email, found);
    return found;
  };
  const first = await participant(DEMO_CONVERSATIONS[0].student, 'user');
  if ((await chats.listChats(first.caller, { limit: 1 })).chats.length > 0) return;
  // Every demo expert publishes and is paid (seed.ts's EXPERT_DEFAULTS), so each has connected a payout
  // account: without one, the transfer of an order a visitor pays them would wait for ever.
  if (options.localStripe) for (const expert of await accounts.allExperts()) if (!expert.payoutAccountId) await onboard(expert);
  const seeded = DEMO_CONVERSATIONS.filter(({ turns }) => options.localStripe || !turns.some((turn) => !isMessage(turn) && turn.move === 'pay'));
  // One after the other: the chat list shows the last on top, and at once, all being Alice's, they would contend for her unread total.
  for (const conversation of seeded) {
    await seedConversation(conversation, await participant(conversation.student, 'user'), await participant(conversation.expert, 'professor'));
  }
}

/** As the expert connects their payout account: the onboarding page of the local Stripe, its Complete button, then the status read back. */
async function onboard(expert: AccountRecord): Promise<void> {
  const { url } = await payouts.onboard(expert);
  const page = await postForm(url, { action: 'complete' });
  await page.body?.cancel();
  if (page.status !== 303) throw new Error(`Demo experts: the local Stripe's onboarding page answered ${page.status} to Complete`);
  const account = await accounts.getAccount(expert.userId);
  if (!account) throw new Error(`Demo experts: ${expert.email} disappeared`);
  await payouts.payoutStatus(account);
}

async function participantOf(email: string, role: Caller['role']): Promise<Participant> {
  const userId = await accounts.findAccountIdByEmail(email);
  const account = userId && (await accounts.getAccount(userId));
  if (!account) throw new Error(`Demo conversations: no account ${email}`);
  return { caller: { userId: account.userId, role, sessionId: 'demo-seed', kind: 'user' }, account };
}

async function seedConversation({ expert: expertEmail, offerTitle, turns }: DemoConversation, student: Participant, expert: Participant): Promise<void> {
  const offer = (await myOffers(expert.caller)).find((candidate) => candidate.title === offerTitle && candidate.status === 'approved');
  if (!offer) throw new Error(`Demo conversations: no published offer "${offerTitle}" of ${expertEmail}`);
  const [[, opening], ...rest] = turns;
  const { chat } = await chats.createChat(student.caller, student.account, offer._id, opening);
  for (const turn of rest) {
    if (isMessage(turn)) {
      const [speaker, text] = turn;
      const side = speaker === 's' ? student : expert;
      await chats.sendMessage(side.caller, side.account, chat._id, text);
    } else {
      await move(turn, { chatId: chat._id, offerId: offer._id, orderNumber: chat.orderNumber }, student, expert);
    }
  }
}

async function move(turn: DemoMove, order: { chatId: string; offerId: string; orderNumber: number }, student: Participant, expert: Participant): Promise<void> {
  const { chatId } = order;
  switch (turn.move) {
    case 'schedule':
      await orders.schedule(
        student.caller,
        chatId,
        scheduleSchema.parse({ scheduledDate: sessionStart(turn), ...(turn.hours !== undefined && { scheduledHours: turn.hours }) }),
      );
      return;
    case 'bookIntro':
      await orders.schedule(student.caller, chatId, scheduleSchema.parse({ scheduledDate: sessionStart(turn), freeIntro: true }));
      return;
    case 'confirm':
      await orders.confirmSchedule(expert.caller, chatId);
      return;
    case 'pay':
      await pay(student, chatId, turn.hours);
      return;
    case 'deliver': {
      const data = demoPdf(turn.file.title, turn.file.paragraphs);
      await delivery.submitProject(expert.caller, chatId, { fileName: turn.file.fileName, contentType: 'application/pdf', data });
      return;
    }
    case 'requestRevision':
      await orders.requestRevision(student.caller, chatId);
      return;
    case 'approve':
      await orders.approve(student.caller, chatId);
      return;
    case 'review':
      await reviewOffer(order.offerId, { rating: turn.rating, comment: turn.comment, orderNumber: order.orderNumber }, student.caller, student.account);
      return;
    case 'cancel':
      await orderPayments.cancel(student.caller, chatId);
      return;
    case 'read':
      await chats.markRead(student.caller, chatId);
      return;
  }
}

/** As the student pays: the checkout page of the session the adapter created, its Pay button, then the return to the conversation. */
async function pay(student: Participant, chatId: string, hours?: number): Promise<void> {
  const { url } = await orderPayments.createSession(student.caller, student.account, { chatId, ...(hours !== undefined && { hours }) });
  const page = await postForm(url, { action: 'pay' });
  await page.body?.cancel();
  if (page.status !== 303) throw new Error(`Demo conversations: the local Stripe's checkout page answered ${page.status} to Pay`);
  await orderPayments.markPaid(student.caller, chatId);
}

/** The session's start, on the hour: some days after now, by the app's clock, which the services check it against. */
function sessionStart({ daysAhead, hourUtc }: DemoSessionTime): string {
  const day = new Date(nowMs() + daysAhead * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hourUtc)).toISOString();
}
