/**
 * An offer's photo, through the local gateway: the expert asks for an upload form, the browser
 * posts the file to the form's URL (the local stand-in for S3), the offer is updated with the
 * form's key, which checks the photo by its content and holds it for moderation (shown to its
 * expert by a signed address), and once an admin approves the offer /uploads/ serves it
 * (catalogue-privacy.test.ts checks who sees it before).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { putOffer } from '../../functions/contexts/catalogue/offer-repository';
import { LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import type { PhotoUploadForm } from '../../shared/schemas/catalogue';
import { ApiClient, stackUrl } from '../support/api';
import { signedInAs } from '../support/accounts';
import { HTML_AS_IMAGE, pngImage } from '../support/images';
import { TEST_SEED } from '../support/seed-settings';
import { deleteItem } from '../support/table';
import { claimsOf } from '../support/tokens';
import { centsFromEuros } from '../../shared/money';

let claire: ApiClient;
let claireId: string;

beforeAll(async () => {
  claire = await signedInAs('professor');
  claireId = claimsOf(claire.accessToken!).sub;
});

const OFFER = { title: 'Valuation workshop, with photo', description: 'Arranged by a test of offer photos.', price: 90, lessonType: 'Video Call' } as const;

/** An offer of Claire's, arranged for one test and removed after it. */
async function claireOffer(status: 'pending' | 'approved' | 'archived' = 'approved'): Promise<string> {
  const offerId = randomUUID();
  onTestFinished(() => deleteItem({ pk: `OFFER#${offerId}`, sk: 'OFFER' }));
  const { price, ...text } = OFFER;
  await putOffer({
    offerId,
    expertId: claireId,
    ...text,
    priceCents: centsFromEuros(price),
    pricingType: 'fixed',
    status,
    createdAt: new Date().toISOString(),
  });
  return offerId;
}

const askForm = (client: ApiClient, offerId: string, contentType = 'image/png', size = 1000) =>
  client.post<PhotoUploadForm & { msg?: string }>(`/offers/${offerId}/photo-upload`, { contentType, size });

/** What a browser sends: a multipart POST to the form's URL with every field first, then the file as `file`. */
async function postForm(form: PhotoUploadForm, bytes: Buffer, type: string): Promise<number> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
  const response = await fetch(form.url, { method: 'POST', body, headers: { origin: stackUrl() } });
  await response.arrayBuffer();
  return response.status;
}

/** A photo uploaded through a form of the offer's expert; returns the form's key. */
async function uploaded(offerId: string, bytes: Buffer, type = 'image/png'): Promise<string> {
  const response = await askForm(claire, offerId, type, bytes.length > 0 ? Math.min(bytes.length, LIMITS.photoMaxBytes) : 1);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(await postForm(response.body, bytes, type)).toBe(204);
  return response.body.key;
}

/** The expert saves the offer with the uploaded photo, as the edit page does: the photo is checked and published then. */
async function publish(offerId: string, key: string): Promise<{ status: number; msg: string; photo?: string; pendingPhotoUrl?: string }> {
  const response = await claire.request<{ msg: string; offer?: { photo?: string; pendingPhotoUrl?: string } }>('PATCH', `/offers/update/${offerId}`, {
    ...OFFER,
    photo: key,
  });
  const { photo, pendingPhotoUrl } = response.body.offer ?? {};
  return { status: response.status, msg: response.body.msg, ...(photo && { photo }), ...(pendingPhotoUrl && { pendingPhotoUrl }) };
}

describe('an offer’s photo', () => {
  it('goes from the form to /uploads/: posted by the browser, checked by its bytes, served as the image it is', async () => {
    const offerId = await claireOffer();
    const response = await askForm(claire, offerId);
    expect(response.status).toBe(200);
    const form = response.body;
    // Same origin as the app, so the page's CSP ('self') allows the post.
    expect(form.url.startsWith(`${stackUrl()}/`)).toBe(true);
    expect(form.key).toMatch(new RegExp(`^incoming/offers/${offerId}/`));
    expect(form.fields).toMatchObject({ key: form.key, 'Content-Type': 'image/png' });

    const photo = pngImage(3, 2);
    expect(await postForm(form, photo, 'image/png')).toBe(204);
    // Nothing under incoming/ is served.
    expect((await fetch(`${stackUrl()}/uploads/${form.key}`)).status).toBe(404);

    const saved = await publish(offerId, form.key);
    expect(saved).toMatchObject({ status: 200, msg: MSG.offerUpdated });
    // In moderation: no public address yet, a signed one for its expert.
    expect(saved.photo).toBeUndefined();
    expect((await fetch(saved.pendingPhotoUrl!)).status).toBe(200);
    expect((await (await signedInAs('admin')).request('PATCH', `/admin/offers/${offerId}/approve`, {})).status).toBe(200);
    const published = (await claire.get<{ photo?: string }>(`/offers/${offerId}`)).body;
    expect(published.photo).toMatch(new RegExp(`^offers/${offerId}/[0-9a-f-]{36}\\.png$`));
    const served = await fetch(`${stackUrl()}/uploads/${published.photo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(photo);
    // Published once: the upload is gone.
    expect(await publish(offerId, form.key)).toEqual({ status: 400, msg: MSG.uploadMissing });
  });

  it('accepts an image of exactly 2 MB', async () => {
    const offerId = await claireOffer('pending');
    const key = await uploaded(offerId, pngImage(2, 2, LIMITS.photoMaxBytes));
    expect((await publish(offerId, key)).status).toBe(200);
  });

  it('refuses a text file sent as image/png: "Only images allowed"', async () => {
    const offerId = await claireOffer();
    const key = await uploaded(offerId, HTML_AS_IMAGE);
    expect(await publish(offerId, key)).toEqual({ status: 400, msg: MSG.onlyImages });
  });

  it('refuses an image of 2 MB and one byte: "Max 2MB image" when asking for the form, and at the post when the form was asked for less', async () => {
    const offerId = await claireOffer();
    const tooLarge = pngImage(2, 2, LIMITS.photoMaxBytes + 1);
    expect(await askForm(claire, offerId, 'image/png', tooLarge.length)).toMatchObject({ status: 400, body: { msg: MSG.maxImage2mb } });
    // A browser that declared less: the form's policy refuses the post (as S3 does), nothing is
    // stored, and publishing finds no upload.
    const form = await askForm(claire, offerId, 'image/png', LIMITS.photoMaxBytes);
    expect(await postForm(form.body, tooLarge, 'image/png')).toBe(400);
    expect(await publish(offerId, form.body.key)).toEqual({ status: 400, msg: MSG.uploadMissing });
  });

  it('refuses, for one offer, the upload of another offer (400)', async () => {
    const [offerId, otherOfferId] = await Promise.all([claireOffer(), claireOffer()]);
    const key = await uploaded(otherOfferId, pngImage());
    expect(await publish(offerId, key)).toEqual({ status: 400, msg: MSG.uploadMissing });
    expect((await publish(otherOfferId, key)).status).toBe(200);
  });

  it('refuses a content type that is not an image when asking for the form: "Only images allowed"', async () => {
    const offerId = await claireOffer();
    for (const contentType of ['text/html', 'image/svg+xml', 'image/gif', 'application/pdf']) {
      expect(await askForm(claire, offerId, contentType), contentType).toMatchObject({ status: 400, body: { msg: MSG.onlyImages } });
    }
  });
});

describe('who gets an upload form', () => {
  it('refuses another expert (403) and a student (403)', async () => {
    const offerId = await claireOffer();
    const omar = new ApiClient();
    const login = await omar.post<{ accessToken: string }>('/auth/login', { email: 'omar.haddad@demo.test', password: TEST_SEED.demoPassword });
    expect(login.status).toBe(200);
    omar.accessToken = login.body.accessToken;
    expect(await askForm(omar, offerId)).toMatchObject({ status: 403, body: { msg: MSG.notYourOffer } });
    expect(await askForm(await signedInAs('student'), offerId)).toMatchObject({ status: 403 });
    expect((await askForm(new ApiClient(), offerId)).status).toBe(401);
  });

  it('answers 404 for an unknown or deleted offer', async () => {
    expect(await askForm(claire, randomUUID())).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
    expect(await askForm(claire, await claireOffer('archived'))).toMatchObject({ status: 404, body: { msg: MSG.offerNotFound } });
  });
});
