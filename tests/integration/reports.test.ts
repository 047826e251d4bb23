/**
 * Reports of content through the local gateway, the users and admin handlers and DynamoDB Local:
 * members report a message of their conversation, a review or an offer, once each; every report of
 * an item joins its one open case; the admin hides the content (the message shows removed to both
 * members, the review leaves the lists and the ratings, the offer leaves search), warns its author
 * (a mail in the outbox), bans its author through the one ban (their sessions and sockets end) or
 * dismisses the reports, each action in the audit log. A closed order to
 * review is arranged in the table (the payment flow that closes one is tested elsewhere).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/schemas/audit';
import type { ExpertProfile, OfferDto, Review } from '../../shared/schemas/catalogue';
import type { ChatList, ChatMessages, CreatedChat, MessageDto } from '../../shared/schemas/chats';
import type { ReportCasePage, ReportCaseView } from '../../shared/schemas/reports';
import { MSG } from '../../shared/texts';
import { PASSWORD, signedInAs, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { connectAs, expertWithOffer, hourlyOfferOf } from '../support/chats';
import { latestMail } from '../support/outbox';
import { setAttributes } from '../support/table';

type Answer = { msg: string; code?: string };

let expert: ApiClient;
let expertId: string;
let offer: OfferDto;
let admin: ApiClient;
let student: ApiClient;
let studentEmail: string;
let studentId: string;
let other: ApiClient;
let chatId: string;
let expertMessage: MessageDto;
let studentMessage: MessageDto;

const userIdOf = (client: ApiClient) => JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;
const report = (client: ApiClient, body: Record<string, unknown>) => client.post<Answer>('/reports', body);
const resolve = (caseId: string, body: Record<string, unknown>) => admin.post<Answer>(`/admin/reports/${caseId}/resolve`, body);
const messagesSeenBy = async (client: ApiClient) => (await client.get<ChatMessages>(`/chats/chat/${chatId}`)).body.messages;

/** The open case of an item, as the queue shows it. */
async function openCaseOf(targetId: string): Promise<ReportCaseView> {
  const queue = await admin.get<ReportCasePage>('/admin/reports');
  expect(queue.status, JSON.stringify(queue.body)).toBe(200);
  const found = queue.body.cases.find((item) => item.target._id === targetId);
  expect(found, `no open case of ${targetId}`).toBeDefined();
  return found as ReportCaseView;
}

const auditOf = async (caseId: string) => (await admin.get<AuditPage>(`/admin/audit?targetId=${caseId}`)).body.entries;

beforeAll(async () => {
  ({ expert, expertId, offer } = await expertWithOffer('Rhea', 'Reported', 'Pitch deck critique session'));
  admin = await signedInAs('admin');
  ({ client: student, email: studentEmail } = await signedInStudent());
  studentId = userIdOf(student);
  ({ client: other } = await signedInStudent());
  const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello, can we talk about my deck?' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  chatId = opened.body.chat._id;
  studentMessage = opened.body.message as MessageDto;
  const sent = await expert.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content: 'Send me money outside the site, it is cheaper.' });
  expect(sent.status).toBe(201);
  expertMessage = sent.body.message;
});

describe('reporting content', () => {
  it('takes a member’s report of a message in their conversation, once', async () => {
    const body = { targetType: 'message', targetId: expertMessage._id, chatId, reason: 'fraud', note: 'Asks to <b>pay</b> off the site.' };
    expect(await report(student, body)).toMatchObject({ status: 201, body: { msg: MSG.reportReceived } });
    expect(await report(student, body)).toMatchObject({ status: 409, body: { msg: MSG.alreadyReported, code: 'already_reported' } });

    const shown = await openCaseOf(expertMessage._id);
    expect(shown).toMatchObject({
      status: 'open',
      target: { type: 'message', _id: expertMessage._id, chatId },
      content: 'Send me money outside the site, it is cheaper.',
      author: { _id: expertId, firstName: 'Rhea', lastName: 'Reported' },
      reportCount: 1,
    });
    expect(shown.reports).toEqual([
      expect.objectContaining({ reporter: expect.objectContaining({ _id: studentId }), reason: 'fraud', note: 'Asks to pay off the site.' }),
    ]);
  });

  it('refuses one’s own content, a conversation one is not part of, and what does not exist', async () => {
    expect(await report(student, { targetType: 'message', targetId: studentMessage._id, chatId, reason: 'spam' })).toMatchObject({
      status: 403,
      body: { msg: MSG.ownContentReport, code: 'own_content' },
    });
    expect(await report(expert, { targetType: 'offer', targetId: offer._id, reason: 'spam' })).toMatchObject({ status: 403, body: { code: 'own_content' } });
    expect(await report(other, { targetType: 'message', targetId: expertMessage._id, chatId, reason: 'spam' })).toMatchObject({
      status: 403,
      body: { code: 'not_your_chat' },
    });
    expect(await report(other, { targetType: 'message', targetId: expertMessage._id, chatId: 'no-such-chat', reason: 'spam' })).toMatchObject({
      status: 404,
      body: { code: 'chat_not_found' },
    });
    expect(await report(student, { targetType: 'message', targetId: '0000000000000000x', chatId, reason: 'spam' })).toMatchObject({
      status: 404,
      body: { msg: MSG.messageNotFound, code: 'message_not_found' },
    });
    expect(await report(student, { targetType: 'offer', targetId: 'no-such-offer', reason: 'spam' })).toMatchObject({
      status: 404,
      body: { code: 'offer_not_found' },
    });
    expect(await report(student, { targetType: 'review', targetId: 'no-such-review', offerId: offer._id, reason: 'spam' })).toMatchObject({
      status: 404,
      body: { msg: MSG.reviewNotFound, code: 'review_not_found' },
    });
  });

  it('answers bad input with 400 and the message saying what to fix', async () => {
    const message = { targetType: 'message', targetId: expertMessage._id, chatId };
    expect(await report(other, { ...message, reason: 'boring' })).toMatchObject({
      status: 400,
      body: { msg: MSG.reportReasonInvalid, code: 'validation_failed' },
    });
    expect(await report(other, { ...message })).toMatchObject({ status: 400, body: { msg: MSG.reportReasonInvalid, code: 'validation_failed' } });
    expect(await report(other, { ...message, targetType: 'user', reason: 'spam' })).toMatchObject({ status: 400, body: { msg: MSG.reportTargetInvalid } });
    expect(await report(other, { ...message, reason: 'spam', note: 'x'.repeat(501) })).toMatchObject({ status: 400, body: { msg: MSG.reportNoteTooLong } });
    expect(await report(other, { targetType: 'message', targetId: expertMessage._id, reason: 'spam' })).toMatchObject({
      status: 400,
      body: { msg: MSG.reportChatRequired },
    });
    expect(await report(other, { targetType: 'review', targetId: 'r1', reason: 'spam' })).toMatchObject({
      status: 400,
      body: { msg: MSG.reportOfferRequired },
    });
  });

  it('keeps the admin routes to admins', async () => {
    expect((await student.get('/admin/reports')).status).toBe(403);
    expect((await expert.post('/admin/reports/any/resolve', { action: 'dismiss' })).status).toBe(403);
    expect((await admin.get('/admin/reports?status=closed')).status).toBe(400);
    expect(await resolve('no-such-case', { action: 'hide' })).toMatchObject({ status: 404, body: { code: 'report_not_found' } });
    expect(await resolve('no-such-case', { action: 'ban' })).toMatchObject({ status: 404, body: { code: 'report_not_found' } });
    expect(await resolve('no-such-case', { action: 'expel' })).toMatchObject({ status: 400, body: { msg: MSG.reportActionInvalid } });
  });
});

describe('the admin’s queue', () => {
  it('hides a message: both members see it removed, the case is resolved once, and the action is audited', async () => {
    const shown = await openCaseOf(expertMessage._id);
    const sockets = await Promise.all([student, expert].map((member) => connectAs(member)));
    expect(await resolve(shown._id, { action: 'hide', note: 'Payment outside the platform.' })).toMatchObject({
      status: 200,
      body: { msg: MSG.reportContentHidden },
    });
    for (const member of [student, expert]) {
      const removed = (await messagesSeenBy(member)).find((message) => message._id === expertMessage._id);
      expect(removed).toMatchObject({ content: MSG.messageRemoved, removed: true });
      expect((await messagesSeenBy(member)).find((message) => message._id === studentMessage._id)?.content).toBe(studentMessage.content);
      // The chat list's preview, which showed the hidden message, shows the placeholder.
      const listed = (await member.get<ChatList>('/chats')).body.chats.find((chat) => chat._id === chatId);
      expect(listed?.lastMessage).toMatchObject({ _id: expertMessage._id, content: MSG.messageRemoved, removed: true });
    }
    // Both members' open pages hear of it at once: their conversation and their chat list.
    for (const socket of sockets) {
      await socket.next((event) => event.type === 'messageRemoved' && event.chatId === chatId && event.messageId === expertMessage._id);
      await socket.close();
    }
    expect(await resolve(shown._id, { action: 'dismiss' })).toMatchObject({ status: 409, body: { code: 'report_resolved' } });
    const resolved = await admin.get<ReportCasePage>('/admin/reports?status=resolved');
    expect(resolved.body.cases.find((item) => item._id === shown._id)).toMatchObject({
      status: 'resolved',
      resolution: { action: 'hide', note: 'Payment outside the platform.' },
    });
    expect(await auditOf(shown._id)).toEqual([
      expect.objectContaining({ action: 'report.hide', target: expect.objectContaining({ type: 'report', _id: shown._id }) }),
    ]);
    // A removed message is reported no more.
    expect(await report(student, { targetType: 'message', targetId: expertMessage._id, chatId, reason: 'spam' })).toMatchObject({ status: 404 });
  });

  it('counts every report of an item in one case, and hiding an offer takes it out of search', async () => {
    const title = 'Guaranteed visa approval in one call';
    const reported = await hourlyOfferOf(expert, title, 40);
    await expect
      .poll(async () => (await student.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent('visa approval')}`)).body.some((hit) => hit._id === reported._id))
      .toBe(true);
    expect((await report(student, { targetType: 'offer', targetId: reported._id, reason: 'fraud' })).status).toBe(201);
    expect((await report(other, { targetType: 'offer', targetId: reported._id, reason: 'spam', note: 'Too good to be true.' })).status).toBe(201);
    const shown = await openCaseOf(reported._id);
    expect(shown).toMatchObject({ content: title, reportCount: 2, author: { _id: expertId } });
    expect(shown.reports.map((entry) => entry.reason)).toEqual(['fraud', 'spam']);

    expect((await resolve(shown._id, { action: 'hide' })).status).toBe(200);
    expect((await student.get(`/offers/${reported._id}`)).status).toBe(404);
    await expect
      .poll(
        async () => !(await student.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent('visa approval')}`)).body.some((hit) => hit._id === reported._id),
      )
      .toBe(true);
    expect((await auditOf(shown._id)).map((entry) => entry.action)).toEqual(['report.hide']);
  });

  it('hides a review: it leaves the offer’s and the expert’s reviews, and the ratings are recomputed', async () => {
    const reviewed = await hourlyOfferOf(expert, 'Investor email teardown', 30);
    const reviewAs = async (client: ApiClient, rating: number, comment: string) => {
      const opened = await client.post<CreatedChat>('/chats/create', { offerId: reviewed._id, initialMessage: 'Hello there, booking this.' });
      await setAttributes({ pk: `ORDER#${opened.body.chat._id}`, sk: 'ORDER' }, { status: 'closed' });
      const saved = await client.post(`/offers/${reviewed._id}/reviews`, { rating, comment, orderNumber: opened.body.chat.orderNumber });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    };
    await reviewAs(student, 1, 'Buy cheap followers at spam dot example');
    await reviewAs(other, 5, 'Sharp and useful feedback.');
    const before = (await other.get<OfferDto>(`/offers/${reviewed._id}`)).body;
    expect(before).toMatchObject({ averageRating: 3, reviewsCount: 2 });
    expect((await other.get<ExpertProfile>(`/user/public/${expertId}`)).body).toMatchObject({ rating: 3, reviews: 2 });
    const spam = (before.reviews as Review[]).find((item) => item.rating === 1) as Review;
    expect(spam.offerId).toBe(reviewed._id);

    expect(await report(student, { targetType: 'review', targetId: spam._id, offerId: reviewed._id, reason: 'spam' })).toMatchObject({
      status: 403,
      body: { code: 'own_content' },
    });
    expect((await report(expert, { targetType: 'review', targetId: spam._id, offerId: reviewed._id, reason: 'spam' })).status).toBe(201);
    const shown = await openCaseOf(spam._id);
    expect(shown).toMatchObject({ content: '1/5 Buy cheap followers at spam dot example', author: { _id: studentId }, target: { offerId: reviewed._id } });
    expect((await resolve(shown._id, { action: 'hide' })).status).toBe(200);

    const after = (await other.get<OfferDto>(`/offers/${reviewed._id}`)).body;
    expect(after).toMatchObject({ averageRating: 5, reviewsCount: 1 });
    expect((await other.get<ExpertProfile>(`/user/public/${expertId}`)).body).toMatchObject({ rating: 5, reviews: 1 });
    expect((after.reviews as Review[]).map((item) => item._id)).not.toContain(spam._id);
    const ofExpert = (await other.get<Review[]>(`/offers/professor/${expertId}/reviews`)).body;
    expect(ofExpert.map((item) => item._id)).not.toContain(spam._id);
    expect(ofExpert.map((item) => item.comment)).toContain('Sharp and useful feedback.');
  });

  it('warns the author by mail, naming the content and the reason', async () => {
    const sent = await student.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content: 'You are useless, I will ruin your ratings.' });
    expect((await report(expert, { targetType: 'message', targetId: sent.body.message._id, chatId, reason: 'abuse' })).status).toBe(201);
    const shown = await openCaseOf(sent.body.message._id);
    expect(await resolve(shown._id, { action: 'warn', note: 'Keep it civil.' })).toMatchObject({ status: 200, body: { msg: MSG.reportAuthorWarned } });
    const mail = await latestMail(studentEmail, 'A warning about your content');
    expect(mail.text).toContain('You are useless, I will ruin your ratings.');
    expect(mail.text).toContain('Abuse or harassment');
    expect(mail.text).toContain('Keep it civil.');
    // A warning leaves the content as it is.
    expect((await messagesSeenBy(expert)).find((message) => message._id === sent.body.message._id)?.content).toBe('You are useless, I will ruin your ratings.');
    expect((await auditOf(shown._id)).map((entry) => entry.action)).toEqual(['report.warn']);
  });

  it('dismisses reports with no change; the item can be reported again', async () => {
    const sent = await expert.post<{ message: MessageDto }>(`/chats/${chatId}/messages`, { content: 'The session is at 10, see you then.' });
    const body = { targetType: 'message', targetId: sent.body.message._id, chatId, reason: 'other' };
    expect((await report(student, body)).status).toBe(201);
    const shown = await openCaseOf(sent.body.message._id);
    expect(await resolve(shown._id, { action: 'dismiss' })).toMatchObject({ status: 200, body: { msg: MSG.reportDismissed } });
    expect((await messagesSeenBy(student)).find((message) => message._id === sent.body.message._id)?.content).toBe('The session is at 10, see you then.');
    expect((await auditOf(shown._id)).map((entry) => entry.action)).toEqual(['report.dismiss']);
    expect((await report(student, body)).status).toBe(201);
    expect((await openCaseOf(sent.body.message._id))._id).not.toBe(shown._id);
  });

  it('bans the author from the case: the one ban ends their sessions, the case closes, both decisions are audited', async () => {
    const { client: rude, email: rudeEmail } = await signedInStudent();
    const rudeId = userIdOf(rude);
    const opened = await rude.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Pay me or I post fake reviews everywhere.' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const threat = opened.body.message as MessageDto;
    const body = { targetType: 'message', targetId: threat._id, chatId: opened.body.chat._id, reason: 'abuse' };
    expect((await report(expert, body)).status).toBe(201);
    const shown = await openCaseOf(threat._id);
    // The queue names the author's address (their row in the users page) and that no ban is decided yet.
    expect(shown.author).toEqual({ _id: rudeId, firstName: 'Sam', lastName: 'Student', email: rudeEmail, isBanned: false });

    const socket = await connectAs(rude);
    expect(await resolve(shown._id, { action: 'ban', note: 'Threats and <i>extortion</i>.' })).toMatchObject({
      status: 200,
      body: { msg: MSG.reportAuthorBanned },
    });
    await socket.closed();
    expect((await rude.get('/auth/user')).status).toBe(401);
    expect((await rude.post('/auth/refresh-token')).status).toBe(401);
    expect(await new ApiClient().post('/auth/login', { email: rudeEmail, password: PASSWORD })).toMatchObject({
      status: 403,
      body: { code: 'account_banned' },
    });
    expect((await latestMail(rudeEmail, 'Your account has been suspended')).text).toContain('Reason: Threats and extortion.');

    const resolved = await admin.get<ReportCasePage>('/admin/reports?status=resolved');
    expect(resolved.body.cases.find((item) => item._id === shown._id)).toMatchObject({
      status: 'resolved',
      resolution: { action: 'ban', note: 'Threats and extortion.' },
      author: { _id: rudeId, isBanned: true },
    });
    expect(await resolve(shown._id, { action: 'ban' })).toMatchObject({ status: 409, body: { code: 'report_resolved' } });
    expect((await auditOf(shown._id)).map((entry) => entry.action)).toEqual(['report.ban']);
    const ofMember = (await admin.get<AuditPage>(`/admin/audit?targetId=${rudeId}`)).body.entries;
    expect(ofMember).toEqual([expect.objectContaining({ action: 'user.ban', details: expect.objectContaining({ reason: 'Threats and extortion.' }) })]);
  });

  it('refuses to ban an author whose account is archived, and leaves the case open', async () => {
    const { client: gone } = await signedInStudent();
    const goneId = userIdOf(gone);
    const opened = await gone.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Spam spam spam, buy my course.' });
    const message = opened.body.message as MessageDto;
    expect((await report(expert, { targetType: 'message', targetId: message._id, chatId: opened.body.chat._id, reason: 'spam' })).status).toBe(201);
    expect((await admin.request('DELETE', `/admin/users/${goneId}`)).status).toBe(200);
    const shown = await openCaseOf(message._id);
    // No address: the archived member is not among the users page's members.
    expect(shown.author).toEqual({ _id: goneId, firstName: 'Sam', lastName: 'Student' });
    expect(await resolve(shown._id, { action: 'ban' })).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
    expect((await openCaseOf(message._id))._id).toBe(shown._id);
    expect(await auditOf(shown._id)).toEqual([]);
  });
});
