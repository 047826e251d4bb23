/**
 * What the catalogue tells about people, through the local gateway: a visitor sees an expert's last
 * name as its initial only and cannot spell the rest out by search; a member's public card is shown
 * only to a counterpart of one of their conversations (or for a listed expert), and every other id,
 * an unknown one included, answers the same 404; an offer's photo in moderation has no public
 * address until the offer is approved (its expert and admins see it by a short-lived signed one).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import type { ExpertCard, OfferDto, Page, PhotoUploadForm, PublicUser } from '../../shared/schemas/catalogue';
import { ApiClient, stackUrl } from '../support/api';
import { pngImage } from '../support/images';
import { signedInAs, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { expertWithOffer } from '../support/chats';
import { claimsOf } from '../support/tokens';

const visitor = new ApiClient();
const SEARCH_FRESH = { interval: 200 };
/** Letters only: a last name of this run's own, which no other expert has (other files' words start with zq: a shared prefix made their first four letters meet). */
const uniqueLastName = () =>
  `Vx${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

describe('searching experts by name', () => {
  let firstName: string;
  let lastName: string;
  let expertId: string;
  let member: ApiClient;
  const directory = (client: ApiClient, q: string) => client.get<Page<ExpertCard>>(`/user/professors?limit=50&q=${encodeURIComponent(q)}`);
  const found = async (client: ApiClient, q: string) => (await directory(client, q)).body.items.map((card) => card._id);

  beforeAll(async () => {
    [firstName, lastName] = ['Quillon', uniqueLastName()];
    const [expert, student] = await Promise.all([expertWithOffer(firstName, lastName, 'Quarterly forecasting review'), signedInStudent()]);
    expertId = expert.expertId;
    member = student.client;
  });

  it('shows the new expert to members searching their last name within seconds', async () => {
    await expect.poll(() => found(member, lastName), SEARCH_FRESH).toEqual([expertId]);
  });

  it('never matches a visitor’s query on a last name beyond its initial', async () => {
    for (const q of [
      lastName,
      lastName.slice(0, 4),
      `${firstName} ${lastName}`,
      `${firstName} ${lastName.slice(0, 3)}`,
      `${firstName} ${lastName.slice(0, 2)}`,
    ]) {
      expect(await directory(visitor, q), q).toMatchObject({ status: 200, body: { items: [], total: 0 } });
    }
  });

  it('matches a visitor’s query on what a visitor sees: the first name and the last initial', async () => {
    expect(await found(visitor, `${firstName} ${lastName.charAt(0)}`)).toContain(expertId);
    expect(await found(visitor, `${firstName} ${lastName.charAt(0)}.`)).toContain(expertId);
    const cards = (await directory(visitor, firstName)).body.items.filter((card) => card._id === expertId);
    expect(cards).toMatchObject([{ firstName, lastName: `${lastName.charAt(0)}.` }]);
  });

  it('matches a member’s query on the whole last name, as members see it', async () => {
    for (const q of [lastName, lastName.slice(0, 4), `${firstName} ${lastName}`]) {
      expect(await found(member, q), q).toEqual([expertId]);
    }
    expect((await directory(member, lastName)).body.items[0]).toMatchObject({ firstName, lastName });
  });

  it('finds offers by their own text, never by their expert’s last name', async () => {
    const offers = async (client: ApiClient, q: string) =>
      (await client.get<OfferDto[]>(`/offers/search?q=${encodeURIComponent(q)}`)).body.map((offer) => offer.professor._id);
    expect(await offers(visitor, 'quarterly forecasting')).toContain(expertId);
    for (const q of [lastName, `${firstName} ${lastName}`, firstName]) expect(await offers(visitor, q), q).toEqual([]);
  });
});

describe('the card of an account (GET /user/{id})', () => {
  let student: ApiClient;
  let studentId: string;
  let expert: ApiClient;
  let expertId: string;
  let otherExpert: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    const [withOffer, signedIn, other] = await Promise.all([
      expertWithOffer('Corinne', 'Counterpart'),
      signedInStudent(),
      signedInPublishingExpert('Oscar', 'Outsider'),
    ]);
    [expert, expertId, student, otherExpert] = [withOffer.expert, withOffer.expertId, signedIn.client, other.client];
    studentId = claimsOf(student.accessToken!).sub;
    admin = await signedInAs('admin');
    const opened = await student.post('/chats/create', { offerId: withOffer.offer._id, initialMessage: 'Hello, is Monday possible?' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  });

  it('shows a counterpart’s card to either member of the conversation', async () => {
    expect(await expert.get<PublicUser>(`/user/${studentId}`)).toMatchObject({ status: 200, body: { _id: studentId, role: 'user' } });
    expect(await student.get<PublicUser>(`/user/${expertId}`)).toMatchObject({
      status: 200,
      body: { _id: expertId, role: 'professor', lastName: 'Counterpart' },
    });
  });

  it('shows a listed expert to any signed-in account, and an account to itself', async () => {
    expect((await otherExpert.get(`/user/${expertId}`)).status).toBe(200);
    expect((await admin.get(`/user/${expertId}`)).status).toBe(200);
    expect((await student.get(`/user/${studentId}`)).status).toBe(200);
  });

  it('answers the same 404 for an account the caller does not deal with as for an unknown id, admins included', async () => {
    const unknown = await otherExpert.get(`/user/${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { msg: MSG.userNotFound } });
    const other = await signedInStudent();
    for (const [caller, id] of [
      [otherExpert, studentId],
      [admin, studentId],
      [other.client, studentId],
      [student, claimsOf(other.client.accessToken!).sub],
      [student, claimsOf(admin.accessToken!).sub],
    ] as const) {
      const response = await caller.get(`/user/${id}`);
      expect({ status: response.status, body: response.body }).toEqual({ status: unknown.status, body: unknown.body });
    }
  });
});

describe('the photo of an offer in moderation', () => {
  const OFFER = {
    title: 'Board deck review session',
    description: 'Your investor deck, page by page, with notes.',
    price: 70,
    lessonType: 'Video Call',
  } as const;
  let expert: ApiClient;
  let otherExpert: ApiClient;
  let admin: ApiClient;
  let student: ApiClient;

  beforeAll(async () => {
    const [owner, other, signedIn] = await Promise.all([
      signedInPublishingExpert('Philippa', 'Photographer'),
      signedInPublishingExpert('Otto', 'Onlooker'),
      signedInStudent(),
    ]);
    [expert, otherExpert, student] = [owner.client, other.client, signedIn.client];
    admin = await signedInAs('admin');
  });

  /** The expert's new offer with a photo saved through the upload form, as the edit page does; returns the offer as saved. */
  async function offerWithPhoto(photo: Buffer): Promise<OfferDto> {
    const created = await expert.post<{ offer: OfferDto }>('/offers/create', { ...OFFER, pricingType: 'fixed' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const offerId = created.body.offer._id;
    const form = await expert.post<PhotoUploadForm>(`/offers/${offerId}/photo-upload`, { contentType: 'image/png', size: photo.length });
    expect(form.status).toBe(200);
    const body = new FormData();
    for (const [name, value] of Object.entries(form.body.fields)) body.append(name, value);
    body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo');
    expect((await fetch(form.body.url, { method: 'POST', body, headers: { origin: stackUrl() } })).status).toBe(204);
    const saved = await expert.request<{ offer: OfferDto }>('PATCH', `/offers/update/${offerId}`, { ...OFFER, photo: form.body.key });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.offer;
  }

  const bytesAt = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('has no public address while in moderation: its expert and admins see it by a short-lived signed one, nobody else learns of it', async () => {
    const photo = pngImage(5, 4);
    const saved = await offerWithPhoto(photo);
    expect(saved.photo).toBeUndefined();
    const signed = new URL(saved.pendingPhotoUrl!);
    // Same origin as the app locally (on AWS the files bucket's endpoint), only for a few minutes.
    expect(signed.origin).toBe(new URL(stackUrl()).origin);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(await bytesAt(signed.href)).toEqual({ status: 200, type: 'image/png', bytes: photo });

    // The edit page and My Offers (its expert), and the moderation queue (admins).
    expect((await expert.get<OfferDto>(`/offers/${saved._id}`)).body.pendingPhotoUrl).toBeDefined();
    expect((await expert.get<OfferDto[]>('/offers/my-offers')).body.find((own) => own._id === saved._id)?.pendingPhotoUrl).toBeDefined();
    const queued = (await admin.get<OfferDto[]>('/admin/offers/pending')).body.find((pending) => pending._id === saved._id);
    expect(queued).toMatchObject({ status: 'pending' });
    expect(queued).not.toHaveProperty('photo');
    expect((await bytesAt(queued!.pendingPhotoUrl!)).bytes).toEqual(photo);
    expect((await admin.get<OfferDto>(`/offers/${saved._id}`)).body.pendingPhotoUrl).toBeDefined();

    // A visitor, another expert and a student learn nothing of the offer, nor of its photo.
    for (const client of [visitor, otherExpert, student]) expect((await client.get(`/offers/${saved._id}`)).status).toBe(404);
    // No address under /uploads/ serves it, whatever one guesses from the signed one.
    const name = signed.pathname.split('/').pop()!;
    for (const path of [`offers/${saved._id}/${name}`, `held/offers/${saved._id}/${name}`, signed.pathname.replace(/^\/_local\/s3\/[^/]+\//, '')]) {
      expect((await fetch(`${stackUrl()}/uploads/${path}`)).status, path).toBe(404);
    }
    // The signed address works only as signed.
    expect((await fetch(`${signed.origin}${signed.pathname}`)).status).toBe(403);
    const forged = new URL(signed.href);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);
    const longer = new URL(signed.href);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(longer)).status).toBe(403);
  });

  it('is published under a new address when the offer is approved, and the signed one stops working', async () => {
    const photo = pngImage(6, 3);
    const saved = await offerWithPhoto(photo);
    expect((await admin.request('PATCH', `/admin/offers/${saved._id}/approve`, {})).status).toBe(200);
    const published = await visitor.get<OfferDto>(`/offers/${saved._id}`);
    expect(published.status).toBe(200);
    expect(published.body).not.toHaveProperty('pendingPhotoUrl');
    expect(published.body.photo).toMatch(new RegExp(`^offers/${saved._id}/[0-9a-f-]{36}\\.png$`));
    // Made at approval: not the held name, so not known to anyone before.
    expect(published.body.photo!.split('/').pop()).not.toBe(new URL(saved.pendingPhotoUrl!).pathname.split('/').pop());
    expect(await bytesAt(`${stackUrl()}/uploads/${published.body.photo}`)).toEqual({ status: 200, type: 'image/png', bytes: photo });
    expect((await expert.get<OfferDto>(`/offers/${saved._id}`)).body).toMatchObject({ photo: published.body.photo });
    expect((await expert.get<OfferDto>(`/offers/${saved._id}`)).body).not.toHaveProperty('pendingPhotoUrl');
    expect((await fetch(saved.pendingPhotoUrl!)).status).toBe(403);
  });

  it('keeps the published photo public while an edit with a new one waits for moderation', async () => {
    const first = pngImage(3, 3);
    const saved = await offerWithPhoto(first);
    expect((await admin.request('PATCH', `/admin/offers/${saved._id}/approve`, {})).status).toBe(200);
    const publishedPhoto = (await visitor.get<OfferDto>(`/offers/${saved._id}`)).body.photo!;
    const form = await expert.post<PhotoUploadForm>(`/offers/${saved._id}/photo-upload`, { contentType: 'image/png', size: 200 });
    const body = new FormData();
    for (const [name, value] of Object.entries(form.body.fields)) body.append(name, value);
    const second = pngImage(7, 7);
    body.append('file', new Blob([new Uint8Array(second)], { type: 'image/png' }), 'photo');
    expect((await fetch(form.body.url, { method: 'POST', body, headers: { origin: stackUrl() } })).status).toBe(204);
    const edited = await expert.request<{ offer: OfferDto }>('PATCH', `/offers/update/${saved._id}`, { ...OFFER, photo: form.body.key });
    expect(edited.body.offer).toMatchObject({ status: 'pending', photo: publishedPhoto });
    expect((await bytesAt(edited.body.offer.pendingPhotoUrl!)).bytes).toEqual(second);
    expect((await visitor.get(`/offers/${saved._id}`)).status).toBe(404);
    expect((await admin.request('PATCH', `/admin/offers/${saved._id}/approve`, {})).status).toBe(200);
    const republished = (await visitor.get<OfferDto>(`/offers/${saved._id}`)).body.photo!;
    expect(republished).not.toBe(publishedPhoto);
    expect((await bytesAt(`${stackUrl()}/uploads/${republished}`)).bytes).toEqual(second);
  });
});
