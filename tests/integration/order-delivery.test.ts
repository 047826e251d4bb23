/**
 * Delivering a fixed-price project through the local gateway, the real orders handler, DynamoDB
 * Local, the local S3 (with S3's form checks) and the local Stripe: the expert's file goes through a
 * presigned form and a confirmation that checks it by content, or through the multipart call; the
 * student asks for a revision and approves; both participants, and they only, download the file.
 */
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RULES } from '../../shared/limits';
import type { ChatDto, CreatedChat } from '../../shared/schemas/chats';
import type { OfferDto, PhotoUploadForm } from '../../shared/schemas/catalogue';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInStudent } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { delivered, pressOnPage, sessionIdOf } from '../support/payments';
import { HTML_AS_PDF, PROJECT_FILES, pdfDocument, submitMultipart, WINDOWS_EXECUTABLE } from '../support/project-files';
import { stackEnv } from '../support/stack';
import { getItem } from '../support/table';

const PDF = 'application/pdf';

let expert: ApiClient;
let offer: OfferDto;
let s3: S3Client;

beforeAll(async () => {
  ({ expert, offer } = await expertWithOffer('Delia', 'Deliverer', 'Business plan review'));
  const env = stackEnv();
  s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(() => s3?.destroy());

/** Keys of the files bucket under a prefix. */
async function storedUnder(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: stackEnv().FILES_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

async function openOrder(): Promise<{ student: ApiClient; chatId: string }> {
  const { client: student } = await signedInStudent();
  const opened = await student.post<CreatedChat>('/chats/create', { offerId: offer._id, initialMessage: 'Hello!' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { student, chatId: opened.body.chat._id };
}

/** A fixed-price order of the expert's offer, paid on the local Stripe's page (the webhook landed). */
async function paidOrder(): Promise<{ student: ApiClient; chatId: string }> {
  const { student, chatId } = await openOrder();
  const created = await student.post<{ url: string }>('/payments/create-session', { chatId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect((await pressOnPage(created.body.url, 'pay')).status).toBe(303);
  await delivered('checkout.session.completed', sessionIdOf(created.body.url));
  return { student, chatId };
}

const chatOf = async (client: ApiClient, chatId: string) => (await client.get<{ chat: ChatDto }>(`/chats/chat/${chatId}`)).body.chat;

const askForm = (client: ApiClient, chatId: string, fileName: string, contentType: string, size: number) =>
  client.post<PhotoUploadForm & { msg?: string; code?: string }>(`/chats/${chatId}/project-upload`, { fileName, contentType, size });

/** What a browser sends: a multipart POST to the form's URL with every field first, then the file as `file`. */
async function postForm(form: PhotoUploadForm, bytes: Buffer, type: string): Promise<{ status: number; text: string }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), 'file');
  const response = await fetch(form.url, { method: 'POST', body, headers: { origin: stackUrl() } });
  return { status: response.status, text: await response.text() };
}

/** The expert's form for the file, the file posted to it; returns the form's key. */
async function uploaded(chatId: string, bytes: Buffer, fileName = 'report.pdf', type = PDF): Promise<string> {
  const form = await askForm(expert, chatId, fileName, type, bytes.length);
  expect(form.status, JSON.stringify(form.body)).toBe(200);
  expect((await postForm(form.body, bytes, type)).status).toBe(204);
  return form.body.key;
}

const confirm = (client: ApiClient, chatId: string, key: string) =>
  client.request<{ msg: string; code?: string }>('PUT', `/chats/${chatId}/confirm-project-upload`, { key });

const handle = (client: ApiClient, chatId: string, action: 'approve' | 'request_revision') =>
  client.post<{ msg: string; code?: string }>(`/chats/${chatId}/handle-project`, { action });

const fileUrl = (client: ApiClient, chatId: string) => client.get<{ url: string; msg?: string; code?: string }>(`/chats/${chatId}/project-file`);

async function download(client: ApiClient, chatId: string): Promise<{ bytes: Buffer; headers: Headers }> {
  const answer = await fileUrl(client, chatId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const response = await fetch(answer.body.url);
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

const ledgerEntry = (entryId: string) => getItem({ pk: `LEDGER#${entryId}`, sk: 'ENTRY' });
const sumOf = (entry: Record<string, unknown> | undefined) =>
  ((entry?.lines ?? []) as { amountCents: number }[]).reduce((sum, line) => sum + line.amountCents, 0);

describe('delivering a project', () => {
  it('goes from the form to the order: submitted, revised through the multipart call, approved once, and the expert credited less the fee', async () => {
    const { student, chatId } = await paidOrder();
    expect((await fileUrl(student, chatId)).status).toBe(404);

    const report = pdfDocument(3000);
    const form = await askForm(expert, chatId, 'Plan d’affaires é.pdf', PDF, report.length);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.url.startsWith(`${stackUrl()}/`)).toBe(true);
    expect(form.body.key).toMatch(new RegExp(`^incoming/projects/${chatId}/[0-9a-f-]{36}$`));
    expect((await postForm(form.body, report, PDF)).status).toBe(204);
    expect(await confirm(expert, chatId, form.body.key)).toMatchObject({ status: 200, body: { msg: MSG.projectSubmitted } });

    const submitted = await chatOf(student, chatId);
    // What was delivered, as both sides read it: the name it downloads as, its size, the first delivery, when.
    expect(submitted).toMatchObject({
      orderStatus: 'submitted',
      projectSubmission: { status: 'submitted', fileName: 'Plan d’affaires é.pdf', bytes: report.length, delivery: 1 },
    });
    expect(Date.parse(submitted.projectSubmission.deliveredAt ?? '')).toBeGreaterThan(Date.parse(submitted.createdAt));
    expect(submitted.projectSubmission.file).toMatch(new RegExp(`^projects/${chatId}/[0-9a-f-]{36}/Plan_d_affaires_e\\.pdf$`));
    expect(await storedUnder(`incoming/projects/${chatId}/`)).toEqual([]);
    for (const participant of [student, expert]) {
      const { bytes, headers } = await download(participant, chatId);
      expect(bytes).toEqual(report);
      expect(headers.get('content-type')).toBe(PDF);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('content-disposition')).toBe(
        `attachment; filename="Plan d_affaires e.pdf"; filename*=UTF-8''${encodeURIComponent('Plan d’affaires é.pdf')}`,
      );
    }

    expect(await handle(student, chatId, 'request_revision')).toMatchObject({ status: 200, body: { msg: MSG.revisionRequested } });
    expect(await chatOf(expert, chatId)).toMatchObject({ orderStatus: 'revision_requested', projectSubmission: { status: 'revision_requested' } });
    const revised = pdfDocument(1024 * 1024);
    expect(await submitMultipart(expert, chatId, revised, 'revised.pdf')).toMatchObject({ status: 200, body: { msg: MSG.projectSubmitted } });
    expect(await chatOf(student, chatId)).toMatchObject({
      orderStatus: 'submitted',
      projectSubmission: { status: 'submitted', fileName: 'revised.pdf', bytes: revised.length, delivery: 2 },
    });
    // A megabyte compared in one call: toEqual walks it byte by byte, 5 CPU-seconds a comparison.
    expect((await download(student, chatId)).bytes.equals(revised), 'the revised file, byte for byte').toBe(true);

    // Two tabs of the student at once: two clients of the same session, on connections of their own
    // (a kept-alive connection of the student's client was seen reset by the local server here).
    const tabs = [new ApiClient(), new ApiClient()];
    for (const tab of tabs) tab.accessToken = student.accessToken;
    const approvals = await Promise.all(tabs.map((tab) => handle(tab, chatId, 'approve')));
    expect(approvals.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await handle(student, chatId, 'approve')).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    expect(await chatOf(student, chatId)).toMatchObject({ orderStatus: 'closed', projectSubmission: { status: 'approved' } });
    const credit = await ledgerEntry(`credit:${chatId}`);
    expect(credit?.lines).toEqual(
      expect.arrayContaining([
        { account: `held:${chatId}`, amountCents: 6000 },
        { account: 'platform_fees', amountCents: -600 },
      ]),
    );
    expect(sumOf(credit)).toBe(0);
    // Still downloadable once closed.
    expect((await download(expert, chatId)).bytes.equals(revised), 'the revised file, byte for byte').toBe(true);
  });

  it('accepts every project type by its content, stored and downloaded as what it is', async () => {
    const { student, chatId } = await paidOrder();
    for (const file of PROJECT_FILES) {
      const key = await uploaded(chatId, file.bytes, file.name, file.type);
      expect(await confirm(expert, chatId, key), file.name).toMatchObject({ status: 200 });
      const { bytes, headers } = await download(student, chatId);
      expect(bytes).toEqual(file.bytes);
      expect(headers.get('content-type'), file.name).toBe(file.type);
      expect(headers.get('content-disposition')).toContain(`filename="${file.name}"`);
      expect((await handle(student, chatId, 'request_revision')).status).toBe(200);
    }
  });

  it('refuses markup named .pdf, an executable, an object over 50 MB and another order’s upload, and removes what it refused', async () => {
    const { chatId } = await paidOrder();
    const { chatId: otherChatId } = await paidOrder();

    const html = await uploaded(chatId, HTML_AS_PDF, 'invoice.pdf');
    expect(await confirm(expert, chatId, html)).toMatchObject({ status: 400, body: { msg: MSG.projectFileType, code: 'upload_type_refused' } });
    const exe = await uploaded(chatId, WINDOWS_EXECUTABLE, 'tool.zip', 'application/zip');
    expect(await confirm(expert, chatId, exe)).toMatchObject({ status: 400, body: { msg: MSG.projectFileType, code: 'upload_type_refused' } });
    expect(await confirm(expert, chatId, html)).toMatchObject({ status: 400, body: { code: 'upload_missing' } });

    // More than any form allows, as if stored some other way.
    const oversized = `incoming/projects/${chatId}/${randomUUID()}`;
    const big = Buffer.concat([pdfDocument(), Buffer.alloc(ORDER_RULES.projectFileMaxBytes)]);
    await s3.send(new PutObjectCommand({ Bucket: stackEnv().FILES_BUCKET, Key: oversized, Body: big, ContentType: PDF }));
    expect(await confirm(expert, chatId, oversized)).toMatchObject({ status: 400, body: { msg: MSG.projectFileTooLarge, code: 'upload_too_large' } });
    expect(await storedUnder(`incoming/projects/${chatId}/`)).toEqual([]);

    const others = await uploaded(otherChatId, pdfDocument());
    expect(await confirm(expert, chatId, others)).toMatchObject({ status: 400, body: { code: 'upload_missing' } });
    expect(await confirm(expert, chatId, `projects/${chatId}/x`)).toMatchObject({ status: 400, body: { code: 'upload_missing' } });
    expect((await chatOf(expert, chatId)).orderStatus).toBe('in_progress');
    expect(await storedUnder(`projects/${chatId}/`)).toEqual([]);
    // The other order's upload was left as it was.
    expect(await confirm(expert, otherChatId, others)).toMatchObject({ status: 200 });
  });

  it('has the form refuse a file larger than declared (S3’s policy), and a type other than declared', async () => {
    const { chatId } = await paidOrder();
    const form = await askForm(expert, chatId, 'report.pdf', PDF, 1000);
    const posted = await postForm(form.body, pdfDocument(1001), PDF);
    expect(posted.status).toBe(400);
    expect(posted.text).toContain('<Code>EntityTooLarge</Code>');
    expect((await postForm(form.body, pdfDocument(1000), 'application/zip')).status).toBe(204);
    const tooLarge = await askForm(expert, chatId, 'report.pdf', PDF, ORDER_RULES.projectFileMaxBytes + 1);
    expect(tooLarge).toMatchObject({ status: 400, body: { msg: MSG.projectFileTooLarge } });
    expect(await askForm(expert, chatId, 'setup.exe', 'application/x-msdownload', 10)).toMatchObject({ status: 400, body: { msg: MSG.projectFileType } });
  });

  it('takes a multipart file up to 4 MB only: 5 MB is refused and nothing is stored', async () => {
    const { student, chatId } = await paidOrder();
    const refused = await submitMultipart(expert, chatId, pdfDocument(5 * 1024 * 1024));
    expect([400, 413]).toContain(refused.status);
    expect(refused.body.msg).toBe(MSG.projectMultipartTooLarge);
    expect(await submitMultipart(expert, chatId, HTML_AS_PDF)).toMatchObject({ status: 400, body: { code: 'upload_type_refused' } });
    expect(await storedUnder(`projects/${chatId}/`)).toEqual([]);
    expect((await chatOf(student, chatId)).orderStatus).toBe('in_progress');
    expect(await submitMultipart(student, chatId, pdfDocument())).toMatchObject({ status: 403 });
    const notMultipart = await expert.request('POST', `/chats/${chatId}/submit-project`, { projectFile: 'x' });
    expect(notMultipart.status).toBe(415);
  });
});

describe('who may deliver and download', () => {
  it('lets the order’s expert only upload and confirm, and only once the order is paid', async () => {
    const { student, chatId } = await paidOrder();
    const stranger = await signedInAs('professor');
    expect((await askForm(student, chatId, 'r.pdf', PDF, 10)).status).toBe(403);
    expect(await askForm(stranger, chatId, 'r.pdf', PDF, 10)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    const key = await uploaded(chatId, pdfDocument());
    expect((await confirm(student, chatId, key)).status).toBe(403);
    expect(await confirm(stranger, chatId, key)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    expect(await submitMultipart(stranger, chatId, pdfDocument())).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });

    const { chatId: unpaid } = await openOrder();
    expect(await askForm(expert, unpaid, 'r.pdf', PDF, 10)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    expect(await confirm(expert, unpaid, key)).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
    expect(await submitMultipart(expert, unpaid, pdfDocument())).toMatchObject({ status: 409, body: { code: 'order_not_movable' } });
  });

  it('signs the download for the chat’s two participants only', async () => {
    const { student, chatId } = await paidOrder();
    expect(await fileUrl(student, chatId)).toMatchObject({ status: 404, body: { msg: MSG.noProjectFile } });
    expect(await submitMultipart(expert, chatId, pdfDocument())).toMatchObject({ status: 200 });
    const url = (await fileUrl(student, chatId)).body.url;
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(ORDER_RULES.projectDownloadSeconds));
    expect(await fileUrl(await signedInAs('professor'), chatId)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    expect(await fileUrl((await signedInStudent()).client, chatId)).toMatchObject({ status: 403, body: { code: 'not_your_chat' } });
    // The address is the signed one: altered, it is refused.
    expect((await fetch(url.replace('X-Amz-Signature=', 'X-Amz-Signature=0'))).status).toBe(403);
  });
});
