/**
 * Reviews through the local gateway, the catalogue handler and DynamoDB Local: the student of a
 * closed order reviews its offer once, the offer's and the expert's figures follow atomically and
 * show in the directory and the profile within seconds; everyone else, and every second try, is
 * refused with a stable code; the conversation of the order shows the review to both its members.
 * A closed order is arranged in the table (the payment flow that closes one is tested in
 * order-payments.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import type { ExpertCard, ExpertProfile, OfferDto, Page, Review } from '../../shared/schemas/catalogue';
import type { ChatMessages, CreatedChat } from '../../shared/schemas/chats';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { expertWithOffer, hourlyOfferOf } from '../support/chats';
import { partitionItems, setAttributes } from '../support/table';

let expert: ApiClient;
let expertId: string;
let offer: OfferDto;

beforeAll(async () => {
  ({ expert, expertId, offer } = await expertWithOffer('Rita', 'Reviewed', 'Tax return walkthrough'));
});

/** An order of `student` for `about`, opened through the API, then moved in the table (closed unless told). */
async function orderOf(student: ApiClient, about: OfferDto, fields: { status?: string; kind?: string } = { status: 'closed' }): Promise<number> {
  const opened = await student.post<CreatedChat>('/chats/create', { offerId: about._id, initialMessage: 'Hello, I would like to book this.' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  if (Object.keys(fields).length > 0) await setAttributes({ pk: `ORDER#${opened.body.chat._id}`, sk: 'ORDER' }, fields);
  return opened.body.chat.orderNumber;
}

const review = (client: ApiClient, offerId: string, body: Record<string, unknown>) =>
  client.post<{ msg: string; code?: string }>(`/offers/${offerId}/reviews`, body);
const offerOf = async (client: ApiClient = new ApiClient()) => (await client.get<OfferDto>(`/offers/${offer._id}`)).body;
const profileOf = async () => (await new ApiClient().get<ExpertProfile>(`/user/public/${expertId}`)).body;

describe('reviewing a closed order', () => {
  it('lets its student review once; the offer, the expert, the directory and the profile show the figures', async () => {
    const { client: student } = await signedInStudent();
    const orderNumber = await orderOf(student, offer);
    const saved = await review(student, offer._id, { rating: 4, comment: 'Clear and <b>patient</b> explanations.<script>alert(1)</script>', orderNumber });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toEqual({ msg: MSG.reviewSaved });

    const seen = await offerOf();
    expect(seen).toMatchObject({ averageRating: 4, reviewsCount: 1 });
    expect(seen.reviews).toHaveLength(1);
    const [shown] = seen.reviews as Review[];
    // An allowlist: the author by first name and initial, no order number for a visitor, no markup.
    expect(Object.keys(shown).sort()).toEqual(['_id', 'comment', 'createdAt', 'offerId', 'rating', 'user']);
    expect(shown).toMatchObject({ rating: 4, comment: 'Clear and patient explanations.alert(1)', user: { firstName: 'Sam', lastName: 'S.' } });
    expect(JSON.stringify(seen.reviews)).not.toMatch(/Student|@|studentId/);
    // The order's own student sees which order it was.
    expect((await offerOf(student)).reviews?.[0].orderNumber).toBe(orderNumber);

    expect(await profileOf()).toMatchObject({ rating: 4, reviews: 1 });
    const listed = await new ApiClient().get<Review[]>(`/offers/professor/${expertId}/reviews`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((item) => item.rating)).toEqual([4]);
    // The directory's filter and sort read the search index, which follows within seconds.
    await expect
      .poll(async () => {
        const page = (await new ApiClient().get<Page<ExpertCard>>('/user/professors?q=Rita%20R&minRating=4&sort=rating')).body;
        return page.items.some((card) => card._id === expertId && card.rating === 4 && card.reviews === 1);
      })
      .toBe(true);

    const again = await review(student, offer._id, { rating: 1, comment: 'Changed my mind', orderNumber });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'already_reviewed', msg: MSG.reviewAlreadyGiven });
    expect(await offerOf()).toMatchObject({ averageRating: 4, reviewsCount: 1 });

    // A second student's review adds to both counters: (4 + 5) / 2.
    const { client: other } = await signedInStudent();
    expect((await review(other, offer._id, { rating: 5, orderNumber: `#${await orderOf(other, offer)}` })).status).toBe(201);
    expect(await offerOf()).toMatchObject({ averageRating: 4.5, reviewsCount: 2 });
    expect(await profileOf()).toMatchObject({ rating: 4.5, reviews: 2 });
    await expect
      .poll(async () => {
        const page = (await new ApiClient().get<Page<ExpertCard>>('/user/professors?q=Rita%20R&minRating=4.5')).body;
        return page.items.some((card) => card._id === expertId);
      })
      .toBe(true);
  });

  it('stores exactly one review of an order reviewed twice at once', async () => {
    const { client: student } = await signedInStudent();
    const orderNumber = await orderOf(student, offer);
    const before = (await offerOf()).reviewsCount ?? 0;
    const answers = await Promise.all([
      review(student, offer._id, { rating: 5, comment: 'First click', orderNumber }),
      review(student, offer._id, { rating: 5, comment: 'Second click', orderNumber }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe('already_reviewed');
    expect((await offerOf()).reviewsCount).toBe(before + 1);
    const stored = (await partitionItems(`OFFER#${offer._id}`)).filter((item) => item.orderNumber === orderNumber);
    expect(stored).toHaveLength(1);
  });

  it('answers a review sent again as it answered it the first time, and stores it once', async () => {
    const { client: student } = await signedInStudent();
    const orderNumber = await orderOf(student, offer);
    const before = (await offerOf()).reviewsCount ?? 0;
    // A retry whose answer was lost, or a second click: the same stars and words.
    const sent = { rating: 3, comment: 'Good, if <i>brief</i>.', orderNumber };
    const answers = [await review(student, offer._id, sent), await review(student, offer._id, sent)];
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [201, { msg: MSG.reviewSaved }],
      [201, { msg: MSG.reviewSaved }],
    ]);
    expect((await offerOf()).reviewsCount).toBe(before + 1);
    const stored = (await partitionItems(`OFFER#${offer._id}`)).filter((item) => item.orderNumber === orderNumber);
    expect(stored).toHaveLength(1);
    // Other stars for the same order are another review.
    expect((await review(student, offer._id, { ...sent, rating: 4 })).body).toMatchObject({ code: 'already_reviewed' });
  });

  it('takes a review of a free introduction', async () => {
    const { client: student } = await signedInStudent();
    const orderNumber = await orderOf(student, offer, { status: 'closed', kind: 'intro' });
    expect((await review(student, offer._id, { rating: 5, comment: 'A useful first half hour.', orderNumber })).status).toBe(201);
  });

  it('keeps plain text only, cut at the text cap', async () => {
    const { client: student } = await signedInStudent();
    const orderNumber = await orderOf(student, offer);
    const long = `<p>${'a'.repeat(LIMITS.textCap + 100)}</p>`;
    expect((await review(student, offer._id, { rating: 3, comment: long, orderNumber })).status).toBe(201);
    const stored = (await partitionItems(`OFFER#${offer._id}`)).find((item) => item.orderNumber === orderNumber);
    expect(stored?.comment).toBe('a'.repeat(LIMITS.textCap));
  });
});

describe('one student, one voice (decision 272)', () => {
  it('counts each student once in an expert’s and an offer’s rating, by their latest review, keeps the earlier ones readable and marks free ones', async () => {
    const own = await expertWithOffer('Vera', 'Voice', 'Resume review by Vera');
    const second = await hourlyOfferOf(own.expert, 'Interview practice with Vera', 50);
    const figures = async () => ({
      expert: (await new ApiClient().get<ExpertProfile>(`/user/public/${own.expertId}`)).body,
      first: (await new ApiClient().get<OfferDto>(`/offers/${own.offer._id}`)).body,
      second: (await new ApiClient().get<OfferDto>(`/offers/${second._id}`)).body,
    });
    const { client: student } = await signedInStudent();

    // A free introduction, then a paid session of another offer: the student's latest review is their voice.
    const intro = await orderOf(student, own.offer, { status: 'closed', kind: 'intro' });
    expect((await review(student, own.offer._id, { rating: 5, comment: 'Generous first half hour.', orderNumber: intro })).status).toBe(201);
    const paid = await orderOf(student, second);
    expect((await review(student, second._id, { rating: 2, comment: 'The paid session was rushed.', orderNumber: paid })).status).toBe(201);
    let now = await figures();
    expect(now.expert).toMatchObject({ rating: 2, reviews: 1 });
    expect(now.first).toMatchObject({ averageRating: 5, reviewsCount: 1 });
    expect(now.second).toMatchObject({ averageRating: 2, reviewsCount: 1 });

    // Another student adds their own voice.
    const { client: other } = await signedInStudent();
    expect((await review(other, own.offer._id, { rating: 4, orderNumber: await orderOf(other, own.offer) })).status).toBe(201);
    now = await figures();
    expect(now.expert).toMatchObject({ rating: 3, reviews: 2 });
    expect(now.first).toMatchObject({ averageRating: 4.5, reviewsCount: 2 });

    // Every review stays readable; the free one says so.
    const listed = (await new ApiClient().get<Review[]>(`/offers/professor/${own.expertId}/reviews`)).body;
    expect(listed.map((item) => [item.rating, item.free ?? false]).sort()).toEqual([
      [2, false],
      [4, false],
      [5, true],
    ]);

    // A moderator hides the student's latest review: its stars leave the ratings it counted in.
    const admin = await signedInAs('admin');
    const latestOfStudent = listed.find((item) => item.rating === 2) as Review;
    expect((await other.post('/reports', { targetType: 'review', targetId: latestOfStudent._id, offerId: second._id, reason: 'abuse' })).status).toBe(201);
    const queue = await admin.get<{ cases: { _id: string; target: { _id: string } }[] }>('/admin/reports');
    const found = queue.body.cases.find((item) => item.target._id === latestOfStudent._id);
    expect((await admin.post(`/admin/reports/${found?._id}/resolve`, { action: 'hide' })).status).toBe(200);
    now = await figures();
    expect(now.expert).toMatchObject({ rating: 4, reviews: 1 });
    expect(now.second).toMatchObject({ averageRating: 0, reviewsCount: 0 });
    expect(now.first).toMatchObject({ averageRating: 4.5, reviewsCount: 2 });
  });
});

describe('the review in the order’s conversation', () => {
  it('shows the closed order’s review to its expert and its student, once written, and to nobody else', async () => {
    const { client: student } = await signedInStudent();
    const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello, I would like to book this.' });
    const { _id: chatId, orderNumber } = opened.body.chat;
    const conversation = (client: ApiClient) => client.get<ChatMessages & { code?: string }>(`/chats/chat/${chatId}`);
    await setAttributes({ pk: `ORDER#${chatId}`, sk: 'ORDER' }, { status: 'closed' });
    expect((await conversation(expert)).body.chat.review).toBeUndefined();

    expect((await review(student, offer._id, { rating: 5, comment: 'Every question <i>answered</i>.', orderNumber })).status).toBe(201);
    const seenByExpert = (await conversation(expert)).body.chat.review;
    expect(seenByExpert).toMatchObject({ rating: 5, comment: 'Every question answered.', user: { firstName: 'Sam', lastName: 'S.' }, orderNumber });
    // The catalogue's allowlist: no ids of the student, the offer or the order beyond its number.
    expect(Object.keys(seenByExpert ?? {}).sort()).toEqual(['_id', 'comment', 'createdAt', 'offerId', 'orderNumber', 'rating', 'user']);
    expect((await conversation(student)).body.chat.review).toEqual(seenByExpert);
    // The chat list carries no reviews; an outsider reads no conversation.
    expect((await expert.get<{ chats: { _id: string; review?: unknown }[] }>('/chats')).body.chats.find((chat) => chat._id === chatId)?.review).toBeUndefined();
    expect(await conversation((await signedInStudent()).client)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
  });
});

describe('refusing a review', () => {
  let student: ApiClient;
  let closedNumber: number;

  beforeAll(async () => {
    ({ client: student } = await signedInStudent());
    closedNumber = await orderOf(student, offer);
  });

  it('from anyone but the order’s student: its expert, another student', async () => {
    const byExpert = await review(expert, offer._id, { rating: 5, orderNumber: closedNumber });
    expect(byExpert.status).toBe(403);
    expect(byExpert.body).toMatchObject({ code: 'not_your_order', msg: MSG.reviewNotYourOrder });
    const { client: stranger } = await signedInStudent();
    expect((await review(stranger, offer._id, { rating: 5, orderNumber: closedNumber })).body).toMatchObject({ code: 'not_your_order' });
    expect((await new ApiClient().post(`/offers/${offer._id}/reviews`, { rating: 5, orderNumber: closedNumber })).status).toBe(401);
  });

  it('before the order closes', async () => {
    const { client: waiting } = await signedInStudent();
    const orderNumber = await orderOf(waiting, offer, {});
    const early = await review(waiting, offer._id, { rating: 5, orderNumber });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'order_not_closed', msg: MSG.reviewOrderNotClosed });
  });

  it('of an unknown order, or for another offer than the order’s', async () => {
    for (const orderNumber of [999_999_999, 'not-a-number']) {
      const unknown = await review(student, offer._id, { rating: 5, orderNumber });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'order_not_found', msg: MSG.reviewOrderNotFound });
    }
    const [elsewhere] = (await new ApiClient().get<OfferDto[]>('/offers/all?limit=5')).body.filter((other) => other._id !== offer._id);
    expect((await review(student, elsewhere._id, { rating: 5, orderNumber: closedNumber })).body).toMatchObject({ code: 'order_not_found' });
  });

  it('without whole stars from 1 to 5, with the spec’s message', async () => {
    for (const rating of [0, 6, 2.5, '4', undefined]) {
      const refused = await review(student, offer._id, { rating, orderNumber: closedNumber });
      expect(refused.status, String(rating)).toBe(400);
      expect(refused.body.msg, String(rating)).toBe(MSG.ratingRequired);
    }
    // None of them was stored: the order can still be reviewed.
    expect((await review(student, offer._id, { rating: 2, orderNumber: closedNumber })).status).toBe(201);
  });
});
