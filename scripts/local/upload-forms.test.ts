import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, UPLOADS } from '../../shared/limits';
import { LOCAL_CREDENTIALS } from './dynamodb';
import { startS3, type LocalService } from './storage';
import { createUploadFormProxy, UPLOAD_FORM_PATH } from './upload-forms';

const FILES = 'files';
const MEDIA = 'media';

let directory: string;
let localS3: LocalService;
let server: Server;
let origin: string;
let client: S3Client;
let formSigner: S3Client;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'upload-forms-test-'));
  localS3 = await startS3(directory, [FILES, MEDIA]);
  const proxy = createUploadFormProxy(localS3.endpoint, FILES);
  server = createServer((request, response) => void proxy(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new S3Client({
    endpoint: localS3.endpoint,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  formSigner = signerWith({ accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY });
});

afterAll(async () => {
  client?.destroy();
  formSigner?.destroy();
  await new Promise((resolve) => server?.close(resolve));
  await localS3?.stop();
  rmSync(directory, { recursive: true, force: true });
});

/** Signs forms for this path as functions/lib/uploads.ts does for the gateway's. */
function signerWith(credentials: { accessKeyId: string; secretAccessKey: string }, options: { systemClockOffset?: number } = {}): S3Client {
  return new S3Client({ region: LOCAL_CREDENTIALS.AWS_REGION, endpoint: `${origin}${UPLOAD_FORM_PATH}`, forcePathStyle: true, credentials, ...options });
}

/** A form as createUploadForm makes it: the exact key and Content-Type, 1 byte to 2 MB. */
function signedForm(key: string, signer = formSigner) {
  return createPresignedPost(signer, {
    Bucket: FILES,
    Key: key,
    Fields: { 'Content-Type': 'image/png' },
    Conditions: [['content-length-range', 1, LIMITS.photoMaxBytes]],
    Expires: UPLOADS.formSeconds,
  });
}

/** What a browser sends for a form: its fields, any others, then the file. */
async function post(
  fields: Record<string, string>,
  file: string | Uint8Array<ArrayBuffer>,
  after: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([file], { type: 'image/png' }), 'photo.png');
  for (const [name, value] of Object.entries(after)) data.append(name, value);
  const response = await fetch(`${origin}${UPLOAD_FORM_PATH}/${FILES}`, { method: 'POST', body: data });
  return { status: response.status, text: await response.text() };
}

async function stored(key: string): Promise<boolean> {
  try {
    await client.send(new GetObjectCommand({ Bucket: FILES, Key: key }));
    return true;
  } catch {
    return false;
  }
}

function form(key: string, body: string): FormData {
  const data = new FormData();
  data.append('key', key);
  data.append('Content-Type', 'image/png');
  data.append('file', new Blob([body], { type: 'image/png' }), 'photo.png');
  return data;
}

describe('the local path for upload forms', () => {
  it('stores a form signed as the handlers sign them in the files bucket, answering as S3 does', async () => {
    const key = 'incoming/offers/a/1';
    const { fields } = await signedForm(key);
    // x-ignore- fields need no condition, and S3 ignores what follows the file.
    expect((await post({ ...fields, 'x-ignore-note': 'any' }, 'the bytes', { submit: 'Upload' })).status).toBe(204);
    const object = await client.send(new GetObjectCommand({ Bucket: FILES, Key: key }));
    expect(object.ContentType).toBe('image/png');
    expect(await object.Body!.transformToString()).toBe('the bytes');
  });

  it('denies a form without a policy and signature: it is anonymous, and the bucket is private (403)', async () => {
    const response = await fetch(`${origin}${UPLOAD_FORM_PATH}/${FILES}`, { method: 'POST', body: form('incoming/anonymous', 'the bytes') });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>AccessDenied</Code><Message>Access Denied</Message>');
    expect(await stored('incoming/anonymous')).toBe(false);
  });

  it('refuses a form whose signature is not of its policy, or of a key the local S3 does not know (403)', async () => {
    const { fields } = await signedForm('incoming/offers/a/2');
    const signature = fields['X-Amz-Signature'];
    const tampered = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString()) as { conditions: unknown[] };
    const widened = Buffer.from(JSON.stringify({ ...policy, conditions: [...policy.conditions, ['starts-with', '$key', '']] })).toString('base64');
    for (const changed of [{ 'X-Amz-Signature': tampered }, { Policy: widened }] as Record<string, string>[]) {
      const answer = await post({ ...fields, ...changed }, 'the bytes');
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    const stranger = signerWith({ accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' });
    const answer = await post((await signedForm('incoming/offers/a/2', stranger)).fields, 'the bytes');
    stranger.destroy();
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('<Code>InvalidAccessKeyId</Code>');
    expect(await stored('incoming/offers/a/2')).toBe(false);
  });

  it('refuses a key or a Content-Type other than the signed ones (403)', async () => {
    const { fields } = await signedForm('incoming/offers/a/3');
    const otherKey = await post({ ...fields, key: 'incoming/offers/b/3' }, 'the bytes');
    expect(otherKey.status).toBe(403);
    expect(otherKey.text).toContain('<Message>Invalid according to Policy: Policy Condition failed: ["eq", "$key", "incoming/offers/a/3"]</Message>');
    const otherType = await post({ ...fields, 'Content-Type': 'text/html' }, '<script>alert(1)</script>');
    expect(otherType.status).toBe(403);
    expect(otherType.text).toContain('Policy Condition failed: ["eq", "$Content-Type", "image/png"]');
    expect(await stored('incoming/offers/a/3')).toBe(false);
    expect(await stored('incoming/offers/b/3')).toBe(false);
  });

  it('refuses a field no condition of the policy names (403)', async () => {
    const { fields } = await signedForm('incoming/offers/a/4');
    const answer = await post({ ...fields, acl: 'public-read' }, 'the bytes');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('<Message>Invalid according to Policy: Extra input fields: acl</Message>');
    expect(await stored('incoming/offers/a/4')).toBe(false);
  });

  it('refuses a form whose policy has expired (403)', async () => {
    const signedLongAgo = signerWith(
      { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
      { systemClockOffset: -(UPLOADS.formSeconds + 60) * 1000 },
    );
    const { fields } = await signedForm('incoming/offers/a/5', signedLongAgo);
    signedLongAgo.destroy();
    const answer = await post(fields, 'the bytes');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('<Message>Invalid according to Policy: Policy expired.</Message>');
    expect(await stored('incoming/offers/a/5')).toBe(false);
  });

  it('refuses a file outside the signed content-length-range (400), and reads no body beyond any form’s', async () => {
    const { fields } = await signedForm('incoming/offers/a/6');
    const tooLarge = await post(fields, new Uint8Array(LIMITS.photoMaxBytes + 1));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain(
      `<Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message><ProposedSize>${LIMITS.photoMaxBytes + 1}</ProposedSize><MaxSizeAllowed>${LIMITS.photoMaxBytes}</MaxSizeAllowed>`,
    );
    const empty = await post(fields, '');
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<Code>EntityTooSmall</Code>');
    const huge = await post(fields, new Uint8Array(LIMITS.photoMaxBytes + 1024 * 1024));
    expect(huge.status).toBe(400);
    expect(huge.text).toContain('<Code>EntityTooLarge</Code>');
    expect(await stored('incoming/offers/a/6')).toBe(false);
  });

  it('takes the fields before the file only, and exactly one file (400)', async () => {
    const { fields } = await signedForm('incoming/offers/a/7');
    const { key, ...beforeFile } = fields;
    const keyAfterFile = await post(beforeFile, 'the bytes', { key });
    expect(keyAfterFile.status).toBe(400);
    expect(keyAfterFile.text).toContain(
      "<Message>Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.</Message>",
    );
    const noFile = new FormData();
    for (const [name, value] of Object.entries(fields)) noFile.append(name, value);
    const response = await fetch(`${origin}${UPLOAD_FORM_PATH}/${FILES}`, { method: 'POST', body: noFile });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Message>POST requires exactly one file upload per request.</Message>');
    expect(await stored('incoming/offers/a/7')).toBe(false);
  });

  it('answers S3’s 412 to a body that is not a form', async () => {
    const response = await fetch(`${origin}${UPLOAD_FORM_PATH}/${FILES}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'not a form' });
    expect(response.status).toBe(412);
    expect(await response.text()).toContain('PreconditionFailed');
  });

  it('reaches nothing else of the local S3: no reads, no listings, no other bucket', async () => {
    await client.send(new PutObjectCommand({ Bucket: FILES, Key: 'private.pdf', Body: 'private project', ContentType: 'application/pdf' }));
    const attempts: [string, RequestInit?][] = [
      [`${UPLOAD_FORM_PATH}/${FILES}/private.pdf`],
      [`${UPLOAD_FORM_PATH}/${FILES}`],
      [`${UPLOAD_FORM_PATH}/${FILES}?list-type=2`],
      [`${UPLOAD_FORM_PATH}/${FILES}/private.pdf`, { method: 'POST', body: form('x', 'y') }],
      [`${UPLOAD_FORM_PATH}/${MEDIA}`, { method: 'POST', body: form('offers/x.png', 'replaced') }],
      [`${UPLOAD_FORM_PATH}/${FILES}/../${MEDIA}`, { method: 'POST', body: form('offers/x.png', 'replaced') }],
      [`${UPLOAD_FORM_PATH}/${FILES}`, { method: 'PUT', body: 'x' }],
      [`${UPLOAD_FORM_PATH}/${FILES}`, { method: 'DELETE' }],
    ];
    for (const [path, init] of attempts) {
      const response = await fetch(`${origin}${path}`, init);
      expect(response.status, `${init?.method ?? 'GET'} ${path}`).toBe(404);
      expect(await response.text()).not.toContain('private project');
    }
    await expect(client.send(new GetObjectCommand({ Bucket: MEDIA, Key: 'offers/x.png' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});
