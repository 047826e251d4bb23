/**
 * Where browsers post upload forms locally. On AWS a form goes to the files bucket's own endpoint
 * (allowed by the bucket's CORS rule and the page's connect-src); here it goes to a path of the
 * app's own origin that the gateway hands to s3rver. Same-origin instead of s3rver's port with
 * CORS: the page's CSP ('self') holds locally as it is, and of s3rver only this one call is
 * reachable: no reads, no listings, no other bucket. s3rver checks neither the signature nor the
 * policy of the form; publishUpload (functions/lib/uploads.ts) checks what was stored.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { sendJson } from './http-gateway';

export const UPLOAD_FORM_PATH = '/_local/s3';

/** POST /_local/s3/<bucket> (exactly) is S3's POST Object on that bucket; anything else under /_local/s3 is not found. */
export function createUploadFormProxy(s3Endpoint: string, bucket: string) {
  const formPath = `${UPLOAD_FORM_PATH}/${bucket}`;
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'POST' || request.url !== formPath) return sendJson(response, 404, { message: 'Not Found' });
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'content-length']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = httpRequest(`${s3Endpoint}/${bucket}`, { method: 'POST', headers });
    const answered = new Promise<IncomingMessage>((resolve, reject) => upstream.once('response', resolve).once('error', reject));
    const [reply] = await Promise.all([answered, pipeline(request, upstream)]);
    response.writeHead(reply.statusCode ?? 502, reply.headers['content-type'] ? { 'content-type': reply.headers['content-type'] } : {});
    await pipeline(reply, response);
  };
}
