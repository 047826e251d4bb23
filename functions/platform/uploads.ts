/**
 * The uploads port. A browser sends its file straight to the private files bucket with a
 * presigned POST (S3 enforces the key, the size and the declared type of its policy), so binary
 * never travels through a Lambda. Nothing under incoming/ is ever served: publishing checks the
 * object by its first bytes and copies it to the media bucket, which /uploads/* serves.
 * Locally the gateway checks the form's signature and policy as S3 does before s3rver stores it
 * (scripts/local/upload-forms.ts).
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { fileTypeFromBuffer } from 'file-type/core';
import { randomUUID } from 'node:crypto';
import { UPLOADS } from '../../shared/limits';
import { MSG } from '../../shared/messages';
import type { PhotoUploadForm } from '../../shared/schemas/catalogue';
import type { UploadType } from '../../shared/upload-types';
import { config } from './config';
import { BadRequest } from './errors';
import { s3 } from './s3';

/** What an image upload may turn out to be, by its bytes: the image types /uploads serves inline. */
const IMAGE_TYPES: ReadonlySet<string> = new Set<UploadType>(['image/jpeg', 'image/png', 'image/webp']);

/** The random part of a key: a UUID, never a path segment of its own choosing. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Forms are signed for the address the browser posts to: the bucket's own endpoint on AWS, the
 * local gateway's path to S3 locally (the form URL only; signing needs no call to S3).
 */
const formSigner = config.uploadFormEndpoint
  ? new S3Client({ region: config.region, endpoint: config.uploadFormEndpoint, forcePathStyle: true })
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
  const prefix = `${UPLOADS.incomingPrefix}/${keyPrefix}/`;
  if (!key.startsWith(prefix) || !UPLOAD_ID.test(key.slice(prefix.length))) throw new BadRequest(MSG.uploadMissing, 'upload_missing');
  const Bucket = config.filesBucket;

  const head = await headObject(Bucket, key);
  if (!head) throw new BadRequest(MSG.uploadMissing, 'upload_missing');
  if (head.size > maxBytes) throw new BadRequest(MSG.maxImage2mb, 'upload_too_large');
  // IfMatch / CopySourceIfMatch: the object checked is the object copied, even if the form is used again meanwhile.
  const type = head.size > 0 ? await sniff(Bucket, key, head.etag) : undefined;
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new BadRequest(MSG.onlyImages, 'upload_type_refused');

  const path = `${publicPrefix}/${randomUUID()}.${type.ext}`;
  await s3.send(
    new CopyObjectCommand({
      Bucket: config.mediaBucket,
      Key: path,
      CopySource: `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      CopySourceIfMatch: head.etag,
      ContentType: type.mime,
      MetadataDirective: 'REPLACE',
    }),
  );
  await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
  return path;
}

/** Size and ETag of an object, or undefined when there is none (without s3:ListBucket, S3 answers 403 for a missing key). */
async function headObject(Bucket: string, Key: string): Promise<{ size: number; etag?: string } | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
    return { size: head.ContentLength ?? 0, etag: head.ETag };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 403 || status === 404) return undefined;
    throw error;
  }
}

/** The type the first bytes of an object show; only those bytes are read. */
async function sniff(Bucket: string, Key: string, etag: string | undefined) {
  const object = await s3.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=0-${UPLOADS.sniffBytes - 1}`, IfMatch: etag }));
  return fileTypeFromBuffer(await object.Body!.transformToByteArray());
}
