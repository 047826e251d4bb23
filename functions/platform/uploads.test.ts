/**
 * The uploads port against a real local S3 (s3rver): forms as a browser posts them, then the
 * content check and the copy to the media bucket.
 */
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF_IMAGE, HTML_AS_IMAGE, JPEG_IMAGE, pngImage, WEBP_IMAGE } from '../../tests/support/images';
import { DOCX_DOCUMENT, HTML_AS_PDF, PROJECT_FILES, WINDOWS_EXECUTABLE, XLSX_WORKBOOK, ZIP_ARCHIVE, zipArchive } from '../../tests/support/project-files';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb';
import { startS3, type LocalService } from '../../scripts/local/storage';
import { checkPresignedGet } from '../../scripts/local/signed-downloads';
import { UPLOADS } from '../../shared/limits';
import { MSG } from '../../shared/texts';

const MEDIA_BUCKET = 'unit-media';
const FILES_BUCKET = 'unit-files';
const FORM_ENDPOINT = 'http://localhost:3999/_local/s3';
const MAX_BYTES = 1000;
const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

let directory: string;
let localS3: LocalService;
let client: S3Client;
let uploads: typeof import('./uploads');

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'uploads-test-'));
  localS3 = await startS3(directory, [MEDIA_BUCKET, FILES_BUCKET]);
  Object.assign(process.env, LOCAL_CREDENTIALS, { MEDIA_BUCKET, FILES_BUCKET, S3_ENDPOINT: localS3.endpoint, UPLOAD_FORM_ENDPOINT: FORM_ENDPOINT });
  // Read at load, as in a Lambda: only now that the environment names the local S3.
  uploads = await import('./uploads');
  client = new S3Client({
    endpoint: localS3.endpoint,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client?.destroy();
  await localS3?.stop();
  rmSync(directory, { recursive: true, force: true });
});

type Form = Awaited<ReturnType<typeof uploads.createUploadForm>>;

/** Posts the form as a browser does (fields first, then the file), to the local S3 the gateway would forward it to. */
async function post(form: Form, body: Buffer, type: string): Promise<number> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
  data.append('file', new Blob([new Uint8Array(body)], { type }), 'photo');
  const response = await fetch(`${localS3.endpoint}/${FILES_BUCKET}`, { method: 'POST', body: data });
  await response.arrayBuffer();
  return response.status;
}

async function uploaded(body: Buffer, type = 'image/png', keyPrefix = 'offers/o1'): Promise<string> {
  const form = await uploads.createUploadForm({ keyPrefix, contentType: type, maxBytes: MAX_BYTES });
  expect(await post(form, body, type)).toBe(204);
  return form.key;
}

const publish = (key: string, keyPrefix = 'offers/o1') => uploads.publishUpload({ key, keyPrefix, maxBytes: MAX_BYTES, publicPrefix: keyPrefix });

async function exists(Bucket: string, Key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket, Key }));
    return true;
  } catch {
    return false;
  }
}

describe('createUploadForm', () => {
  it('signs a POST of one exact key under incoming/<keyPrefix>/, one content type, 1..maxBytes, for five minutes', async () => {
    const form = await uploads.createUploadForm({ keyPrefix: 'offers/o1', contentType: 'image/webp', maxBytes: MAX_BYTES });
    expect(form.key).toMatch(/^incoming\/offers\/o1\/[0-9a-f-]{36}$/);
    expect(form.url).toBe(`${FORM_ENDPOINT}/${FILES_BUCKET}`);
    expect(form.fields).toMatchObject({ key: form.key, 'Content-Type': 'image/webp' });
    const policy = JSON.parse(Buffer.from(form.fields.Policy, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: form.key }, { bucket: FILES_BUCKET }, { 'Content-Type': 'image/webp' }, ['content-length-range', 1, MAX_BYTES]]),
    );
    // No condition lets the browser choose another key or type.
    expect(JSON.stringify(policy.conditions)).not.toContain('starts-with');
    const signedAt = form.fields['X-Amz-Date'].replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
    expect((Date.parse(policy.expiration) - Date.parse(signedAt)) / 1000).toBe(UPLOADS.formSeconds);
  });

  it('gives every form its own key', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => uploads.createUploadForm({ keyPrefix: 'offers/o1', contentType: 'image/png', maxBytes: MAX_BYTES })));
    expect(a.key).not.toBe(b.key);
  });
});

describe('publishUpload', () => {
  it.each([
    ['a PNG', pngImage(), 'image/png', 'png'],
    ['a JPEG', JPEG_IMAGE, 'image/jpeg', 'jpg'],
    ['a WebP image', WEBP_IMAGE, 'image/webp', 'webp'],
  ])('publishes %s to the media bucket under its type, and removes the upload', async (_name, image, type, ext) => {
    const key = await uploaded(image, type);
    const path = await publish(key);
    expect(path).toMatch(new RegExp(`^offers/o1/[0-9a-f-]{36}\\.${ext}$`));
    const published = await client.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: path }));
    expect(published.ContentType).toBe(type);
    expect(Buffer.from(await published.Body!.transformToByteArray())).toEqual(image);
    expect(await exists(FILES_BUCKET, key)).toBe(false);
  });

  it('takes the type from the bytes, not from what the form declared', async () => {
    const key = await uploaded(pngImage(), 'image/jpeg');
    const path = await publish(key);
    expect(path).toMatch(/\.png$/);
    expect((await client.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: path }))).ContentType).toBe('image/png');
  });

  it.each([
    ['markup declared as an image', HTML_AS_IMAGE],
    ['a GIF (an image, but not one we serve)', GIF_IMAGE],
    ['an empty file', Buffer.alloc(0)],
    ['a RIFF file that is not WebP (a WAVE sound)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])],
    ['the first bytes of a PNG signature only', pngImage().subarray(0, 6)],
  ])('refuses %s with "Only images allowed", publishing nothing', async (_name, body) => {
    // s3rver does not apply the policy's 1-byte minimum, so an empty file does reach the check here.
    const key = await uploaded(body);
    await expect(publish(key)).rejects.toMatchObject({ statusCode: 400, message: MSG.onlyImages });
    expect(await exists(FILES_BUCKET, key)).toBe(true);
  });

  it('refuses an object over maxBytes with "Max 2MB image", whatever its bytes', async () => {
    const exact = await uploaded(pngImage(2, 2, MAX_BYTES));
    await expect(publish(exact)).resolves.toMatch(/\.png$/);
    const over = await uploaded(pngImage(2, 2, MAX_BYTES + 1));
    await expect(publish(over)).rejects.toMatchObject({ statusCode: 400, message: MSG.maxImage2mb });
  });

  it('refuses a key nobody uploaded to', async () => {
    const { key } = await uploads.createUploadForm({ keyPrefix: 'offers/o1', contentType: 'image/png', maxBytes: MAX_BYTES });
    await expect(publish(key)).rejects.toMatchObject({ statusCode: 400, message: MSG.uploadMissing });
  });

  it('refuses the upload of another prefix, and keys it never hands out, without publishing them', async () => {
    const others = await uploaded(pngImage(), 'image/png', 'offers/o2');
    await expect(publish(others, 'offers/o1')).rejects.toMatchObject({ statusCode: 400, message: MSG.uploadMissing });
    const id = others.split('/').pop();
    // Keys are incoming/<prefix>/<uuid>, exactly: no dot segments leading to another prefix's upload.
    for (const key of [
      `incoming/offers/o1/../o2/${id}`,
      `incoming/offers/o1/%2E%2E/o2/${id}`,
      `incoming/offers/o1/${id}/x`,
      `offers/o1/${id}`,
      `incoming/offers/o1${id}`,
      '',
    ]) {
      await expect(publish(key), key).rejects.toMatchObject({ statusCode: 400, message: MSG.uploadMissing });
    }
    expect(await exists(FILES_BUCKET, others)).toBe(true);
  });
});

describe('holdUpload, heldUploadUrl and publishHeldUpload', () => {
  const hold = (key: string, keyPrefix = 'offers/o1') => uploads.holdUpload({ key, keyPrefix, maxBytes: MAX_BYTES });
  const LOCAL_SIGNER = { region: LOCAL_CREDENTIALS.AWS_REGION, secretKeys: { [LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID]: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY } };

  it('checks an upload as publishing does, but keeps it in the files bucket under held/, nothing in the media bucket', async () => {
    const key = await uploaded(pngImage());
    const held = await hold(key);
    expect(held).toMatch(/^held\/offers\/o1\/[0-9a-f-]{36}\.png$/);
    expect((await client.send(new HeadObjectCommand({ Bucket: FILES_BUCKET, Key: held }))).ContentType).toBe('image/png');
    expect(await exists(FILES_BUCKET, key)).toBe(false);
    expect(await exists(MEDIA_BUCKET, held)).toBe(false);
    expect(await exists(MEDIA_BUCKET, held.replace(/^held\//, ''))).toBe(false);
    await expect(hold(await uploaded(HTML_AS_IMAGE))).rejects.toMatchObject({ statusCode: 400, message: MSG.onlyImages });
  });

  it('signs a GET of the held object for a few minutes, on the address the browser uses, which S3 (the local check) accepts only as signed', async () => {
    const held = await hold(await uploaded(pngImage()));
    const url = new URL(await uploads.heldUploadUrl(held));
    expect(`${url.origin}${url.pathname}`).toBe(`${FORM_ENDPOINT}/${FILES_BUCKET}/${held}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOADS.heldViewSeconds));
    const query = url.search.slice(1);
    const now = new Date();
    expect(checkPresignedGet(url.pathname, query, url.host, { ...LOCAL_SIGNER, now })).toBeUndefined();
    const later = new Date(now.getTime() + (UPLOADS.heldViewSeconds + 60) * 1000);
    expect(checkPresignedGet(url.pathname, query, url.host, { ...LOCAL_SIGNER, now: later })).toMatchObject({ status: 403, message: 'Request has expired' });
    const otherKey = url.pathname.replace(/[0-9a-f]{8}-/, '00000000-');
    expect(checkPresignedGet(otherKey, query, url.host, { ...LOCAL_SIGNER, now })).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(
      checkPresignedGet(url.pathname, query.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`), url.host, { ...LOCAL_SIGNER, now }),
    ).toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(checkPresignedGet(url.pathname, '', url.host, { ...LOCAL_SIGNER, now })).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('publishes a held object under a new random name of the media bucket, with its type, and discards it on request', async () => {
    const image = pngImage(3, 3);
    const held = await hold(await uploaded(image));
    const path = await uploads.publishHeldUpload(held, 'offers/o1');
    expect(path).toMatch(/^offers\/o1\/[0-9a-f-]{36}\.png$/);
    expect(path.split('/').pop()).not.toBe(held.split('/').pop());
    const published = await client.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: path }));
    expect(published.ContentType).toBe('image/png');
    expect(Buffer.from(await published.Body!.transformToByteArray())).toEqual(image);
    await uploads.discardHeldUpload(held);
    expect(await exists(FILES_BUCKET, held)).toBe(false);
  });
});

describe('what a file is by its content (sniffFile)', () => {
  const sniffed = async (bytes: Buffer) => (await uploads.sniffFile(bytes.length, async (start, end) => bytes.subarray(start, end)))?.mime;

  it('tells every project type apart, Office files by the entries of their ZIP', async () => {
    for (const file of PROJECT_FILES) expect(await sniffed(file.bytes), file.name).toBe(file.type);
  });

  it('refuses markup, an executable, a GIF, an empty file and ZIPs that do not hold together', async () => {
    for (const bytes of [HTML_AS_PDF, WINDOWS_EXECUTABLE, GIF_IMAGE, Buffer.alloc(0), Buffer.from('PK\x03\x04 not a zip')])
      expect(await sniffed(bytes)).toBeUndefined();
    // The end record points past itself, or to no directory entry.
    const broken = Buffer.from(ZIP_ARCHIVE);
    broken.writeUInt32LE(broken.length, broken.length - 6);
    expect(await sniffed(broken)).toBeUndefined();
    const wrongDirectory = Buffer.from(DOCX_DOCUMENT);
    wrongDirectory.writeUInt32LE(0, wrongDirectory.length - 6);
    expect(await sniffed(wrongDirectory)).toBeUndefined();
  });

  it('needs [Content_Types].xml for an Office file, and finds the directory behind a comment', async () => {
    expect(await sniffed(zipArchive({ 'word/document.xml': '<w/>' }))).toBe('application/zip');
    const withComment = Buffer.from(XLSX_WORKBOOK);
    withComment.writeUInt16LE(5, withComment.length - 2);
    expect(await sniffed(Buffer.concat([withComment, Buffer.from('hello')]))).toBe(FILE_TYPES.xlsx);
  });

  it('reads only the first bytes and the end of a large file', async () => {
    const big = Buffer.concat([zipArchive({ '[Content_Types].xml': '<T/>', 'ppt/presentation.xml': `<p>${'x'.repeat(300_000)}</p>` })]);
    const reads: [number, number][] = [];
    const found = await uploads.sniffFile(big.length, async (start, end) => {
      reads.push([start, end]);
      return big.subarray(start, end);
    });
    expect(found?.mime).toBe(FILE_TYPES.pptx);
    expect(reads.reduce((sum, [start, end]) => sum + end - start, 0)).toBeLessThan(70_000);
  });
});

describe('the name a kept file downloads as', () => {
  it('keeps the given name without its path, ending with an extension of what it is; its key has a safe version', () => {
    const pdf = { mime: 'application/pdf', extensions: ['pdf'] };
    expect(uploads.keptName('C:\\Users\\me\\Rapport d’été.pdf', pdf, 'projects/o1')).toMatchObject({
      fileName: 'Rapport d’été.pdf',
      key: expect.stringMatching(/^projects\/o1\/[0-9a-f-]{36}\/Rapport_d_ete\.pdf$/),
    });
    expect(uploads.keptName('photo.pdf', { mime: 'image/png', extensions: ['png'] }, 'p').fileName).toBe('photo.pdf.png');
    expect(uploads.keptName('', pdf, 'p')).toMatchObject({ fileName: 'project.pdf', key: expect.stringMatching(/\/project\.pdf$/) });
    expect(uploads.keptName('../../"evil"\u0000.PDF', pdf, 'p')).toMatchObject({ fileName: 'evil.PDF', key: expect.stringMatching(/\/evil\.pdf$/) });
    expect(uploads.keptName('日本語.pdf', pdf, 'p').key).toMatch(/\/project\.pdf$/);
    const long = uploads.keptName(`${'a'.repeat(300)}.pdf`, pdf, 'p');
    expect(long.fileName).toHaveLength(200);
    expect(long.key.split('/').pop()).toHaveLength(84);
  });

  it('is sent as an attachment with an ASCII name and the UTF-8 one', () => {
    expect(uploads.attachment('Rapport d’été (v2).pdf')).toBe(
      `attachment; filename="Rapport d_ete (v2).pdf"; filename*=UTF-8''Rapport%20d%E2%80%99%C3%A9t%C3%A9%20%28v2%29.pdf`,
    );
  });
});
