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
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
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
}

/** A presigned POST into incoming/<keyPrefix>/<random id> of the files bucket, valid a few minutes. */
export async function createUploadForm({ keyPrefix, contentType, maxBytes }: UploadFormRequest): Promise<PhotoUploadForm> {
  const key = `${UPLOADS.incomingPrefix}/${keyPrefix}/${randomUUID()}`;
  const { url, fields } = await createPresignedPost(formSigner, {
    Bucket: config.filesBucket,
    Key: key,
    // Fields become exact-match conditions of the policy, as the key does.
    Fields: { 'Content-Type': contentType },
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
async function headObject(Bucket: string, Key: string): Promise<{ size: number; etag?: string } | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
    return { size: head.ContentLength ?? 0, etag: head.ETag };
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
