import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});

afterAll(async () => {
  client?.destroy();
  await new Promise((resolve) => server?.close(resolve));
  await localS3?.stop();
  rmSync(directory, { recursive: true, force: true });
});

function form(key: string, body: string): FormData {
  const data = new FormData();
  data.append('key', key);
  data.append('Content-Type', 'image/png');
  data.append('file', new Blob([body], { type: 'image/png' }), 'photo.png');
  return data;
}

describe('the local path for upload forms', () => {
  it('stores a form posted to /_local/s3/<files bucket> in that bucket, answering as S3 does', async () => {
    const response = await fetch(`${origin}${UPLOAD_FORM_PATH}/${FILES}`, { method: 'POST', body: form('incoming/a/1', 'the bytes') });
    expect(response.status).toBe(204);
    const stored = await client.send(new GetObjectCommand({ Bucket: FILES, Key: 'incoming/a/1' }));
    expect(stored.ContentType).toBe('image/png');
    expect(await stored.Body!.transformToString()).toBe('the bytes');
  });

  it('passes S3’s refusals on', async () => {
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
