/**
 * Where browsers GET a held upload locally (an offer's photo in moderation, functions/platform/uploads.ts
 * heldUploadUrl): on AWS a presigned GET of the files bucket's own endpoint; here the same URL on the
 * app's own path to S3 (/_local/s3/<files bucket>/<key>), checked as S3 checks a presigned GET
 * (query-string SigV4 by the local key, unexpired, the host signed) before s3rver is read. Only keys
 * under held/ (the catalogue Lambda's), projects/ (delivered projects, signed by the orders
 * Lambda: functions/platform/uploads.ts fileDownloadUrl) and exports/ (members' data exports, signed
 * by the jobs Lambda) are served, as those roles may read no other
 * key a browser should see. A project file downloads as the attachment it was stored as.
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETENTION, UPLOADS } from '../../shared/limits';
import { PROJECT_FILE_TYPES } from '../../shared/schemas/orders';
import { uploadHeaders, UPLOAD_RESPONSE_HEADERS } from '../../shared/upload-types';
import { LOCAL_CREDENTIALS } from './dynamodb';
import { checkCredential, sameSignature, signingKey, type S3Refusal } from './post-policy';
import { UPLOAD_FORM_PATH } from './upload-forms';

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3's longest presigned validity: 7 days. */
const MAX_EXPIRES_SECONDS = 604_800;

export interface PresignedTarget {
  region: string;
  secretKeys: Record<string, string>;
  now: Date;
}

/** RFC 3986 as SigV4 wants it: every byte but unreserved characters percent-encoded. */
const sigV4Encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/** Undefined when S3 would serve this presigned GET (`path` as sent, `rawQuery` without `?`), else S3's refusal. */
export function checkPresignedGet(path: string, rawQuery: string, host: string, target: PresignedTarget): S3Refusal | undefined {
  const params: [string, string][] = [];
  for (const pair of rawQuery.split('&').filter(Boolean)) {
    const at = pair.indexOf('=');
    try {
      params.push([decodeURIComponent(at < 0 ? pair : pair.slice(0, at)), decodeURIComponent(at < 0 ? '' : pair.slice(at + 1))]);
    } catch {
      return { status: 400, code: 'InvalidArgument', message: 'Invalid query string' };
    }
  }
  const value = (name: string) => params.find(([key]) => key === name)?.[1];
  const [algorithm, credential, amzDate, expires, signedHeaders, signature] = [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
  ].map(value);
  if (!algorithm || !credential || !amzDate || !expires || !signedHeaders || !signature) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  if (algorithm !== ALGORITHM)
    return { status: 400, code: 'InvalidRequest', message: `The authorization mechanism you have provided is not supported. Please use ${ALGORITHM}.` };
  const credentialRefusal = checkCredential(credential, amzDate, target);
  if (credentialRefusal) return credentialRefusal;
  const seconds = Number(expires);
  if (!/^\d+$/.test(expires) || seconds > MAX_EXPIRES_SECONDS)
    return { status: 400, code: 'AuthorizationQueryParametersError', message: 'X-Amz-Expires must be less than a week (in seconds) that is 604800' };
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (target.now.getTime() > signedAt + seconds * 1000) return { status: 403, code: 'AccessDenied', message: 'Request has expired' };
  if (signedHeaders !== 'host') return { status: 403, code: 'AccessDenied', message: 'There were headers present in the request which were not signed' };

  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, text]) => [sigV4Encode(name), sigV4Encode(text)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, text]) => `${name}=${text}`)
    .join('&');
  const canonicalRequest = ['GET', path, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const [accessKeyId, date, region, service] = credential.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const expected = createHmac('sha256', signingKey(target.secretKeys[accessKeyId], date, region, service))
    .update(stringToSign)
    .digest();
  if (sameSignature(expected, signature)) return undefined;
  return {
    status: 403,
    code: 'SignatureDoesNotMatch',
    message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  };
}

/** Where delivered project files are kept in the files bucket (functions/contexts/orders/delivery-service.ts). */
const PROJECTS_PREFIX = 'projects';

/**
 * The headers a delivered project file is served with: its stored type if it is one a project may
 * be, never sniffed nor run, and always as an attachment (its stored name kept).
 */
function projectFileHeaders(contentType: string | null, disposition: string | null): Record<string, string> | undefined {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!(PROJECT_FILE_TYPES as readonly string[]).includes(type)) return undefined;
  return { 'content-type': type, ...UPLOAD_RESPONSE_HEADERS, 'content-disposition': disposition?.startsWith('attachment') ? disposition : 'attachment' };
}

/**
 * GET /_local/s3/<bucket>/held/<key>?<presigned query>: the object, with the headers /uploads/
 * serves it with; GET /_local/s3/<bucket>/projects/<key>?<presigned query>: a delivered file.
 */
export function createSignedDownloadProxy(s3Endpoint: string, bucket: string, region: string = LOCAL_CREDENTIALS.AWS_REGION) {
  const bucketPath = `${UPLOAD_FORM_PATH}/${bucket}/`;
  const servedPrefixes = [UPLOADS.heldPrefix, PROJECTS_PREFIX, RETENTION.exportPrefix].map((folder) => `${bucketPath}${folder}/`);
  const target = { region, secretKeys: { [LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID]: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY } };
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const [path, rawQuery = ''] = (request.url ?? '').split(/\?(.*)/s, 2);
    const segments = path.slice(`${UPLOAD_FORM_PATH}/${bucket}/`.length).split('/');
    if (
      request.method !== 'GET' ||
      !servedPrefixes.some((prefix) => path.startsWith(prefix)) ||
      segments.some((segment) => !/^[A-Za-z0-9._-]+$/.test(segment) || segment === '.' || segment === '..')
    ) {
      return refuse(response, { status: 403, code: 'AccessDenied', message: 'Access Denied' });
    }
    const refusal = checkPresignedGet(path, rawQuery, request.headers.host ?? '', { ...target, now: new Date() });
    if (refusal) return refuse(response, refusal);
    const upstream = await fetch(`${s3Endpoint}/${bucket}/${segments.join('/')}`);
    const isProjectFile = path.startsWith(`${bucketPath}${PROJECTS_PREFIX}/`);
    const isExport = path.startsWith(`${bucketPath}${RETENTION.exportPrefix}/`);
    const headers = !upstream.ok
      ? undefined
      : isProjectFile
        ? projectFileHeaders(upstream.headers.get('content-type'), upstream.headers.get('content-disposition'))
        : isExport
          ? { 'content-type': 'application/json', ...UPLOAD_RESPONSE_HEADERS, 'content-disposition': 'attachment; filename="my-data.json"' }
          : uploadHeaders(upstream.headers.get('content-type') ?? undefined);
    if (!headers) {
      await upstream.body?.cancel();
      // Without s3:ListBucket, S3 answers a missing key with 403.
      return refuse(response, { status: 403, code: 'AccessDenied', message: 'Access Denied' });
    }
    response.writeHead(200, { ...headers, 'cache-control': 'private, no-store' });
    response.end(Buffer.from(await upstream.arrayBuffer()));
  };
}

function refuse(response: ServerResponse, { status, code, message }: S3Refusal): void {
  response.writeHead(status, { 'content-type': 'application/xml', ...UPLOAD_RESPONSE_HEADERS });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<>&]/g, '')}</Message></Error>`);
}
