/**
 * Where browsers post upload forms locally. On AWS a form goes to the files bucket's own endpoint
 * (allowed by the bucket's CORS rule and the page's connect-src); here it goes to a path of the
 * app's own origin that the gateway hands to s3rver. Same-origin instead of s3rver's port with
 * CORS: the page's CSP ('self') holds locally as it is, and of s3rver only this one call is
 * reachable: no reads, no listings, no other bucket.
 *
 * s3rver checks nothing of a form, so this path checks it as S3 does (post-policy.ts): a form
 * without a signature is anonymous and denied, as the bucket is private; a signed one needs the
 * local access key with a scope of the local region, a SigV4 signature of its policy, an
 * unexpired policy whose conditions all hold and name every field, and a file within the
 * policy's sizes. Only then does s3rver get the form, as S3 would have read it.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { LIMITS, ORDER_RULES } from '../../shared/limits';
import { LOCAL_CREDENTIALS } from './dynamodb';
import { sendJson } from './http-gateway';
import { boundaryOf, isMultipartForm, parsePostedForm } from './multipart-form';
import { type AcceptedPost, checkPostObject, MAX_BYTES_BEFORE_FILE, type S3Refusal } from './post-policy';

export const UPLOAD_FORM_PATH = '/_local/s3';

/**
 * The largest body read: the largest file a form of the app allows (functions/platform/uploads.ts
 * signs content-length-range up to LIMITS.photoMaxBytes for photos, ORDER_RULES.projectFileMaxBytes
 * for delivered projects), S3's 20 KB of fields before it, and room for the closing boundary. A
 * bigger body is refused unstored, as its form's policy would refuse it; a smaller one over its own
 * form's range is refused by that policy's check.
 */
const MAX_FORM_BYTES = Math.max(LIMITS.photoMaxBytes, ORDER_RULES.projectFileMaxBytes) + MAX_BYTES_BEFORE_FILE + 16 * 1024;

/**
 * POST /_local/s3/<bucket> (exactly) is S3's POST Object on that bucket; anything else under /_local/s3 is not found.
 * s3rver knows only the local key; the handlers sign forms with it for the stack's region.
 */
export function createUploadFormProxy(s3Endpoint: string, bucket: string, region: string = LOCAL_CREDENTIALS.AWS_REGION) {
  const localSigner = { region, secretKeys: { [LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID]: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY } };
  const formPath = `${UPLOAD_FORM_PATH}/${bucket}`;
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'POST' || request.url !== formPath) return sendJson(response, 404, { message: 'Not Found' });
    const contentType = request.headers['content-type'];
    if (!isMultipartForm(contentType)) {
      request.resume();
      return sendS3Error(response, {
        status: 412,
        code: 'PreconditionFailed',
        message: 'At least one of the pre-conditions you specified did not hold',
        details: { Condition: 'Bucket POST must be of the enclosure-type multipart/form-data' },
      });
    }
    const body = await readCapped(request);
    if (!body) return sendS3Error(response, { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
    const boundary = boundaryOf(contentType);
    const form = boundary === undefined ? undefined : parsePostedForm(body, boundary);
    if (!form)
      return sendS3Error(response, {
        status: 400,
        code: 'MalformedPOSTRequest',
        message: 'The body of your POST request is not well-formed multipart/form-data.',
      });
    const checked = checkPostObject(form, { bucket, now: new Date(), ...localSigner });
    if ('code' in checked) return sendS3Error(response, checked);
    await forward(`${s3Endpoint}/${bucket}`, checked, response);
  };
}

/** The whole body, or undefined past MAX_FORM_BYTES; the rest is read and dropped so the client gets the answer. */
async function readCapped(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_FORM_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_FORM_BYTES ? undefined : Buffer.concat(chunks);
}

/**
 * Hands s3rver the form as S3 read it: each field once under its lower-case name (s3rver knows
 * `key` only so), `${filename}` expanded, then the file, and nothing after it.
 */
async function forward(url: string, post: AcceptedPost, response: ServerResponse): Promise<void> {
  const boundary = randomBytes(16).toString('hex');
  const parts: Buffer[] = [];
  for (const [name, value] of post.fields) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name.replaceAll('"', '%22')}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="file"\r\ncontent-type: application/octet-stream\r\n\r\n`));
  parts.push(post.file, Buffer.from(`\r\n--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const upstream = httpRequest(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
  });
  const reply = await new Promise<IncomingMessage>((resolve, reject) => upstream.once('response', resolve).once('error', reject).end(body));
  response.writeHead(reply.statusCode ?? 502, reply.headers['content-type'] ? { 'content-type': reply.headers['content-type'] } : {});
  await pipeline(reply, response);
}

/** S3's error document, with a request id and host id as S3 gives them. */
function sendS3Error(response: ServerResponse, { status, code, message, details }: S3Refusal): void {
  const elements = {
    Code: code,
    Message: message,
    ...details,
    RequestId: randomBytes(8).toString('hex').toUpperCase(),
    HostId: randomBytes(48).toString('base64'),
  };
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${Object.entries(elements)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('')}</Error>`;
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(xml);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&]/g, (character) => `&#${character.charCodeAt(0)};`);
}
