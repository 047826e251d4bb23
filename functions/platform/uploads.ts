/**
 * The uploads port. A browser sends its file straight to the private files bucket with a
 * presigned POST (S3 enforces the key, the size and the declared type of its policy), so binary
 * never travels through a Lambda. Nothing under incoming/ is ever served: publishing checks the
 * object by its first bytes and copies it to the media bucket, which /uploads/* serves. An upload
 * that must not be public yet (an offer's photo in moderation) is checked and held in the files
 * bucket instead (held/), shown only through short-lived signed addresses, and published later.
 * Locally the gateway checks the form's signature and policy as S3 does before s3rver stores it
 * (scripts/local/upload-forms.ts).
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { UPLOADS } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import type { PhotoUploadForm } from '../../shared/schemas/catalogue';
import type { UploadType } from '../../shared/upload-types';
import { config } from './config';
import { BadRequest } from './errors';
import { s3 } from './s3';

/** What an image upload may turn out to be, by its bytes: the image types /uploads serves inline. */
const IMAGE_TYPES: readonly { mime: UploadType; ext: string; signature: (bytes: Uint8Array) => boolean }[] = [
  { mime: 'image/jpeg', ext: 'jpg', signature: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  { mime: 'image/png', ext: 'png', signature: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  // RIFF, the file's size, then WEBP.
  {
    mime: 'image/webp',
    ext: 'webp',
    signature: (bytes) => startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
];

const startsWith = (bytes: Uint8Array, signature: number[]) => bytes.length >= signature.length && signature.every((byte, at) => bytes[at] === byte);

/** The random part of a key: a UUID, never a path segment of its own choosing. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Forms are signed for the address the browser posts to: the bucket's own endpoint on AWS, the
 * local gateway's path to S3 locally (the form URL only; signing needs no call to S3).
 */
const formSigner = config.uploadFormEndpoint
  ? new S3Client({
      region: config.region,
      endpoint: config.uploadFormEndpoint,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  : s3;

export interface UploadFormRequest {
  /** Who the upload is for, e.g. offers/<offerId>: publishing accepts only keys under it. */
  keyPrefix: string;
  /** The exact Content-Type the form must send. */
  contentType: string;
  maxBytes: number;
  /** The file's name as the browser gave it, kept with the object (signed into the form) for keepUpload. */
  fileName?: string;
}

/** The object's metadata carrying the file's name (percent-encoded: S3 metadata is ASCII). */
const FILE_NAME_METADATA = 'file-name';

/** A presigned POST into incoming/<keyPrefix>/<random id> of the files bucket, valid a few minutes. */
export async function createUploadForm({ keyPrefix, contentType, maxBytes, fileName }: UploadFormRequest): Promise<PhotoUploadForm> {
  const key = `${UPLOADS.incomingPrefix}/${keyPrefix}/${randomUUID()}`;
  const { url, fields } = await createPresignedPost(formSigner, {
    Bucket: config.filesBucket,
    Key: key,
    // Fields become exact-match conditions of the policy, as the key does.
    Fields: { 'Content-Type': contentType, ...(fileName !== undefined && { [`x-amz-meta-${FILE_NAME_METADATA}`]: encodeURIComponent(fileName) }) },
    Conditions: [['content-length-range', 1, maxBytes]],
    Expires: UPLOADS.formSeconds,
  });
  return { url, fields, key };
}

export interface PublishRequest {
  /** The key a form of createUploadForm named. */
  key: string;
  /** The keyPrefix that form was made for: a key of anyone else's form is refused. */
  keyPrefix: string;
  maxBytes: number;
  /** Where in the media bucket it goes, e.g. offers/<offerId>. */
  publicPrefix: string;
}

/**
 * Checks an uploaded image by its size and first bytes, copies it to the media bucket as
 * <publicPrefix>/<random id>.<ext> with the type its bytes show, removes the upload and returns
 * the path below /uploads/.
 */
export async function publishUpload({ key, keyPrefix, maxBytes, publicPrefix }: PublishRequest): Promise<string> {
  return moveChecked({ key, keyPrefix, maxBytes }, config.mediaBucket, publicPrefix);
}

export type HoldRequest = Omit<PublishRequest, 'publicPrefix'>;

/**
 * Checks an uploaded image as publishUpload does, but keeps it private: copies it to
 * held/<keyPrefix>/<random id>.<ext> of the files bucket (never served) and returns that key, for
 * heldUploadUrl to show and publishHeldUpload to publish once it may be public.
 */
export async function holdUpload({ key, keyPrefix, maxBytes }: HoldRequest): Promise<string> {
  return moveChecked({ key, keyPrefix, maxBytes }, config.filesBucket, `${UPLOADS.heldPrefix}/${keyPrefix}`);
}

/**
 * Publishes a held upload: a copy in the media bucket under <publicPrefix>/<a new random id>.<ext>,
 * so that its public address is made only now and cannot be known before. Returns the path below
 * /uploads/; the held object stays until discardHeldUpload.
 */
export async function publishHeldUpload(heldKey: string, publicPrefix: string): Promise<string> {
  const path = `${publicPrefix}/${randomUUID()}${extensionOf(heldKey)}`;
  await s3.send(
    new CopyObjectCommand({ Bucket: config.mediaBucket, Key: path, CopySource: copySource(config.filesBucket, heldKey), MetadataDirective: 'COPY' }),
  );
  return path;
}

/** Removes a held upload that was published, replaced or whose owner is gone. */
export async function discardHeldUpload(heldKey: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: config.filesBucket, Key: heldKey }));
}

/**
 * A signed address where a browser may GET a held upload for the next few minutes (on AWS the files
 * bucket's endpoint, which the page's CSP allows for images; locally the gateway's path to S3,
 * which checks the signature as S3 does). Signing is local: no call to S3.
 */
export function heldUploadUrl(heldKey: string): Promise<string> {
  return getSignedUrl(formSigner, new GetObjectCommand({ Bucket: config.filesBucket, Key: heldKey }), { expiresIn: UPLOADS.heldViewSeconds });
}

export interface PublishBytesRequest {
  data: Uint8Array;
  maxBytes: number;
  /** Where in the media bucket it goes, e.g. avatars/<userId>. */
  publicPrefix: string;
  /** What a refused image is told, in the words of its context. */
  refusals: Pick<FileRefusals, 'tooLarge' | 'type'>;
}

/**
 * publishUpload for an image that came in a request's body (a multipart form): checked by its size
 * and first bytes, whatever its name or declared type, then put in the media bucket as
 * <publicPrefix>/<random id>.<ext> with the type its bytes show. Returns the path below /uploads/.
 */
export async function publishImageBytes({ data, maxBytes, publicPrefix, refusals }: PublishBytesRequest): Promise<string> {
  if (data.length > maxBytes) throw new BadRequest(refusals.tooLarge, 'upload_too_large');
  const type = IMAGE_TYPES.find((candidate) => candidate.signature(data));
  if (!type) throw new BadRequest(refusals.type, 'upload_type_refused');
  const path = `${publicPrefix}/${randomUUID()}.${type.ext}`;
  await s3.send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: path, Body: data, ContentType: type.mime }));
  return path;
}

/** Removes a published file (a replaced or deleted photo) from the media bucket. */
export async function unpublish(path: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: config.mediaBucket, Key: path }));
}

/** The check of publishUpload and holdUpload, then the copy of the checked bytes to <bucket>/<prefix>/<random id>.<ext>. */
async function moveChecked({ key, keyPrefix, maxBytes }: HoldRequest, toBucket: string, toPrefix: string): Promise<string> {
  const prefix = `${UPLOADS.incomingPrefix}/${keyPrefix}/`;
  if (!key.startsWith(prefix) || !UPLOAD_ID.test(key.slice(prefix.length))) throw new BadRequest(MSG.uploadMissing, 'upload_missing');
  const Bucket = config.filesBucket;

  const head = await headObject(Bucket, key);
  if (!head) throw new BadRequest(MSG.uploadMissing, 'upload_missing');
  if (head.size > maxBytes) throw new BadRequest(MSG.maxImage2mb, 'upload_too_large');
  // IfMatch / CopySourceIfMatch: the object checked is the object copied, even if the form is used again meanwhile.
  const type = head.size > 0 ? await sniff(Bucket, key, head.etag) : undefined;
  if (!type) throw new BadRequest(MSG.onlyImages, 'upload_type_refused');

  const path = `${toPrefix}/${randomUUID()}.${type.ext}`;
  await s3.send(
    new CopyObjectCommand({
      Bucket: toBucket,
      Key: path,
      CopySource: copySource(Bucket, key),
      CopySourceIfMatch: head.etag,
      ContentType: type.mime,
      MetadataDirective: 'REPLACE',
    }),
  );
  await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
  return path;
}

const copySource = (bucket: string, key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** `.png` of `held/offers/o1/<id>.png`. */
const extensionOf = (key: string) => /\.[a-z0-9]+$/.exec(key)?.[0] ?? '';

/** Size and ETag of an object, or undefined when there is none (without s3:ListBucket, S3 answers 403 for a missing key). */
async function headObject(Bucket: string, Key: string): Promise<{ size: number; etag?: string; metadata: Record<string, string> } | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
    return { size: head.ContentLength ?? 0, etag: head.ETag, metadata: head.Metadata ?? {} };
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 403 || status === 404) return undefined;
    throw error;
  }
}

/** The type the first bytes of an object show; only those bytes are read. */
async function sniff(Bucket: string, Key: string, etag: string | undefined) {
  const object = await s3.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${UPLOADS.sniffBytes - 1}`, IfMatch: etag }));
  if (!object.Body) throw new Error(`S3 answered GetObject of ${Key} without a body`);
  const bytes = await object.Body.transformToByteArray();
  return IMAGE_TYPES.find((type) => type.signature(bytes));
}

// Files kept private (a delivered project) -------------------------------------------------------

/** A type a file may turn out to be, by its bytes, with the extensions its name may end with. */
export interface FileKind {
  mime: string;
  extensions: readonly string[];
}

const kind = (mime: string, ...extensions: string[]): FileKind => ({ mime, extensions });

/** The documents, images and archives told apart by content (sniffFile). */
export const FILE_KINDS = {
  pdf: kind('application/pdf', 'pdf'),
  png: kind('image/png', 'png'),
  jpeg: kind('image/jpeg', 'jpg', 'jpeg'),
  webp: kind('image/webp', 'webp'),
  docx: kind('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'),
  xlsx: kind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'),
  pptx: kind('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'),
  zip: kind('application/zip', 'zip'),
} as const satisfies Record<string, FileKind>;

/** Bytes start to end (exclusive) of the file being checked: a range of an object, or of a buffer. */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04: a ZIP with entries
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;
const ZIP_END_BYTES = 22;
const ZIP_MAX_COMMENT = 0xffff;
/** A central directory larger than this is not read: the file stays a plain ZIP (Office files have small ones). */
const ZIP_MAX_DIRECTORY_BYTES = 1024 * 1024;
/** Office Open XML packages: a ZIP with [Content_Types].xml and the main part's folder. */
const OFFICE_FOLDERS: readonly [string, FileKind][] = [
  ['word/', FILE_KINDS.docx],
  ['xl/', FILE_KINDS.xlsx],
  ['ppt/', FILE_KINDS.pptx],
];

/**
 * What a file of `size` bytes is by its content, or undefined when it is none of FILE_KINDS: its
 * first bytes (magic numbers), and for a ZIP its central directory, found from the end record, whose
 * entry names tell Word, Excel and PowerPoint files from other archives. A ZIP whose end record or
 * directory does not hold together is refused. Only those ranges are read.
 */
export async function sniffFile(size: number, read: ReadRange): Promise<FileKind | undefined> {
  if (size === 0) return undefined;
  const head = await read(0, Math.min(size, UPLOADS.sniffBytes));
  const image = IMAGE_TYPES.find((type) => type.signature(head));
  if (image) return image.mime === 'image/png' ? FILE_KINDS.png : image.mime === 'image/jpeg' ? FILE_KINDS.jpeg : FILE_KINDS.webp;
  if (startsWith(head, PDF_SIGNATURE)) return FILE_KINDS.pdf;
  if (startsWith(head, ZIP_LOCAL_HEADER)) return zipKind(size, read);
  return undefined;
}

async function zipKind(size: number, read: ReadRange): Promise<FileKind | undefined> {
  if (size < ZIP_END_BYTES) return undefined;
  const tailStart = Math.max(0, size - ZIP_END_BYTES - ZIP_MAX_COMMENT);
  const tail = await read(tailStart, size);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  // The last end record whose comment fits in the file.
  let end = -1;
  for (let at = tail.length - ZIP_END_BYTES; at >= 0 && end < 0; at--) {
    if (view.getUint32(at, true) === ZIP_END_OF_DIRECTORY && at + ZIP_END_BYTES + view.getUint16(at + 20, true) <= tail.length) end = at;
  }
  if (end < 0) return undefined;
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  // ZIP64 keeps the real values in records of its own: a valid archive, whose names are not read here.
  if (entries === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff) return FILE_KINDS.zip;
  if (entries === 0 || directoryStart + directorySize > tailStart + end) return undefined;
  if (directorySize > ZIP_MAX_DIRECTORY_BYTES) return FILE_KINDS.zip;
  const directory =
    directoryStart >= tailStart
      ? tail.subarray(directoryStart - tailStart, directoryStart - tailStart + directorySize)
      : await read(directoryStart, directoryStart + directorySize);
  const names = zipEntryNames(directory, entries);
  if (!names) return undefined;
  if (!names.includes('[Content_Types].xml')) return FILE_KINDS.zip;
  return OFFICE_FOLDERS.find(([folder]) => names.some((name) => name.startsWith(folder)))?.[1] ?? FILE_KINDS.zip;
}

/** The names of a central directory's `count` entries, or undefined when it does not hold them. */
export function zipEntryNames(directory: Uint8Array, count: number): string[] | undefined {
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const names: string[] = [];
  let at = 0;
  for (let entry = 0; entry < count; entry++) {
    if (at + 46 > directory.length || view.getUint32(at, true) !== ZIP_DIRECTORY_ENTRY) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > directory.length) return undefined;
    names.push(Buffer.from(directory.subarray(at + 46, at + 46 + nameLength)).toString('utf8'));
    at = next;
  }
  return names;
}

/** What a kept file refuses, in the words of its context. */
export interface FileRefusals {
  /** No upload of that key (upload_missing). */
  missing: string;
  /** Larger than allowed (upload_too_large). */
  tooLarge: string;
  /** Not one of the accepted kinds by its content (upload_type_refused). */
  type: string;
}

export interface KeptFile {
  /** <toPrefix>/<random id>/<safe file name> in the files bucket. */
  key: string;
  kind: FileKind;
  /** The name it downloads as. */
  fileName: string;
  bytes: number;
}

interface KeepRules {
  maxBytes: number;
  /** The MIME types accepted, as FILE_KINDS names them. */
  accept: readonly string[];
  /** Where in the files bucket it is kept, e.g. projects/<orderId>: never served, only signed for download. */
  toPrefix: string;
  refusals: FileRefusals;
}

export interface KeepUploadRequest extends KeepRules {
  /** The key a form of createUploadForm named. */
  key: string;
  /** The keyPrefix that form was made for: a key of anyone else's form is refused. */
  keyPrefix: string;
}

/**
 * Checks an upload of a form by its size and content (sniffFile) and keeps it in the files bucket,
 * typed by its content and named for download as an attachment under the name the form carried;
 * the upload is removed. A refused upload is removed too: nothing refused stays stored.
 */
export async function keepUpload({ key, keyPrefix, ...rules }: KeepUploadRequest): Promise<KeptFile> {
  const prefix = `${UPLOADS.incomingPrefix}/${keyPrefix}/`;
  if (!key.startsWith(prefix) || !UPLOAD_ID.test(key.slice(prefix.length))) throw new BadRequest(rules.refusals.missing, 'upload_missing');
  const Bucket = config.filesBucket;
  const head = await headObject(Bucket, key);
  if (!head) throw new BadRequest(rules.refusals.missing, 'upload_missing');
  const remove = () => s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
  if (head.size > rules.maxBytes) {
    await remove();
    throw new BadRequest(rules.refusals.tooLarge, 'upload_too_large');
  }
  const found = await sniffFile(head.size, (start, end) => readRange(Bucket, key, head.etag, start, end));
  const accepted = acceptedKind(found, rules);
  if (!accepted) {
    await remove();
    throw new BadRequest(rules.refusals.type, 'upload_type_refused');
  }
  const kept = keptName(decodedFileName(head.metadata[FILE_NAME_METADATA]), accepted, rules.toPrefix);
  await s3.send(
    new CopyObjectCommand({
      Bucket,
      Key: kept.key,
      CopySource: copySource(Bucket, key),
      // The object checked is the object copied, even if the form was used again meanwhile.
      CopySourceIfMatch: head.etag,
      ContentType: accepted.mime,
      ContentDisposition: attachment(kept.fileName),
      MetadataDirective: 'REPLACE',
    }),
  );
  await remove();
  return { ...kept, kind: accepted, bytes: head.size };
}

export interface KeepBytesRequest extends KeepRules {
  data: Uint8Array;
  fileName: string;
}

/** keepUpload for a file that came in a request's body (a multipart form): checked the same, then stored. */
export async function keepBytes({ data, fileName, ...rules }: KeepBytesRequest): Promise<KeptFile> {
  if (data.length > rules.maxBytes) throw new BadRequest(rules.refusals.tooLarge, 'upload_too_large');
  const accepted = acceptedKind(await sniffFile(data.length, async (start, end) => data.subarray(start, end)), rules);
  if (!accepted) throw new BadRequest(rules.refusals.type, 'upload_type_refused');
  const kept = keptName(fileName, accepted, rules.toPrefix);
  await s3.send(
    new PutObjectCommand({
      Bucket: config.filesBucket,
      Key: kept.key,
      Body: data,
      ContentType: accepted.mime,
      ContentDisposition: attachment(kept.fileName),
    }),
  );
  return { ...kept, kind: accepted, bytes: data.length };
}

/** Removes a kept file (its order did not take it after all). */
export async function discardFile(key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: config.filesBucket, Key: key }));
}

/**
 * A signed address where a browser may GET a kept file for the next `seconds`: it downloads as the
 * attachment it was stored as. Signing is local: no call to S3.
 */
export function fileDownloadUrl(key: string, seconds: number): Promise<string> {
  return getSignedUrl(formSigner, new GetObjectCommand({ Bucket: config.filesBucket, Key: key }), { expiresIn: seconds });
}

/**
 * Writes a private JSON document into the files bucket (a member's data export), named for
 * download as an attachment; only a signed address (fileDownloadUrl) ever serves it.
 */
export async function keepJson(key: string, document: unknown, fileName: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: config.filesBucket,
      Key: key,
      Body: JSON.stringify(document, null, 2),
      ContentType: 'application/json',
      ContentDisposition: attachment(fileName),
    }),
  );
}

const acceptedKind = (found: FileKind | undefined, { accept }: KeepRules) => (found && accept.includes(found.mime) ? found : undefined);

async function readRange(Bucket: string, Key: string, etag: string | undefined, start: number, end: number): Promise<Uint8Array> {
  const object = await s3.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=${start}-${end - 1}`, IfMatch: etag }));
  if (!object.Body) throw new Error(`S3 answered GetObject of ${Key} without a body`);
  return object.Body.transformToByteArray();
}

function decodedFileName(encoded: string | undefined): string {
  try {
    return encoded === undefined ? '' : decodeURIComponent(encoded);
  } catch {
    return '';
  }
}

/** Longest safe name kept in a key (the key stays well within S3's and the key schema's limits). */
const SAFE_NAME_MAX = 80;
const DISPLAY_NAME_MAX = 200;

/**
 * The name a file downloads as: the name given, without a path, control characters or quotes, and
 * ending with an extension of what the file is (`report.pdf` that is a PNG downloads as
 * `report.pdf.png`); and its key, <prefix>/<random id>/<that name in letters, digits, . _ ->.
 */
export function keptName(given: string, fileKind: FileKind, prefix: string): { key: string; fileName: string } {
  const [extension] = fileKind.extensions;
  const base = [...(given.split(/[/\\]/).pop() ?? '')]
    .filter((character) => character >= ' ' && character !== '\u007f' && character !== '"')
    .join('')
    .trim();
  const named = fileKind.extensions.includes(/\.([A-Za-z0-9]+)$/.exec(base)?.[1]?.toLowerCase() ?? '') ? base : `${base || 'project'}.${extension}`;
  const fileName = named.length > DISPLAY_NAME_MAX ? `${named.slice(0, DISPLAY_NAME_MAX - extension.length - 1)}.${extension}` : named;
  const stem = fileName
    .slice(0, fileName.lastIndexOf('.'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, SAFE_NAME_MAX);
  const safeExtension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return { key: `${prefix}/${randomUUID()}/${stem || 'project'}.${safeExtension}`, fileName };
}

/** RFC 6266: an attachment, with an ASCII name for old clients and the UTF-8 name (RFC 8187) for the others. */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
