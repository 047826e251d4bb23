/**
 * The code of the distribution's CloudFront Functions (cloudfront-js-2.0), generated at synth time
 * from the shared modules that the local gateway applies too, so that both serve the same rules.
 * tests/infra/stages/edge-functions.ts runs the synthesized code on sample events.
 */
import { contentSecurityPolicy, webSocketOriginOf } from '../../shared/security-headers';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';
import { UPLOAD_RESPONSE_HEADERS, UPLOAD_TYPES } from '../../shared/upload-types';

/** /uploads/<key> is the object <key> of the media bucket. */
export const UPLOADS_PATH = '/uploads';

/**
 * Viewer request: a public page rendered at build time gets its own HTML (shared/prerendered-pages.ts,
 * decision 290), other app routes (no file extension) the SPA's index.html; files are served as they are.
 */
export const SPA_FALLBACK = `var PAGES = ${JSON.stringify(Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, `/${page.file}`])))};
function handler(event) {
  var request = event.request;
  var path = request.uri.length > 1 ? request.uri.replace(/\\/$/, '') : request.uri;
  if (PAGES[path]) request.uri = PAGES[path];
  else if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/** Viewer request: /uploads/<key> is the object <key> of the media bucket, as in the local stack. */
export const STRIP_UPLOADS_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.slice(${UPLOADS_PATH.length});
  return request;
}`;

const HOST = '__HOST__';

/**
 * Viewer response of the SPA: its CSP names the app's own WebSocket origin, wss://<host>, and the
 * files bucket's endpoint that upload forms go to (https://<bucket>.s3.<region>.amazonaws.com,
 * resolved at deploy time). The host is the one the browser asked for (the distribution's or
 * config.domain's name), taken from the request: a response headers policy cannot name the
 * distribution's own domain without a cycle. The host is reduced to host-name characters, so it
 * can never add a source or a directive.
 */
export const spaContentSecurityPolicy = (
  uploadFormOrigin: string,
) => `var POLICY = ${JSON.stringify(contentSecurityPolicy(webSocketOriginOf(`https://${HOST}`), uploadFormOrigin))};
function handler(event) {
  var response = event.response;
  var host = event.request.headers.host ? event.request.headers.host.value.replace(/[^A-Za-z0-9.:-]/g, '') : '';
  response.headers['content-security-policy'] = { value: POLICY.split(${JSON.stringify(HOST)}).join(host) };
  return response;
}`;

/**
 * Viewer response of /uploads/*, the rule of shared/upload-types.ts: an object whose content type
 * is not allow-listed is answered 404 (its body is never sent); the others get the upload headers,
 * and documents are downloads (content-disposition: attachment). CloudFront runs no function on
 * an origin's 4xx/5xx, which carry S3's own error body.
 */
export const UPLOADS_RESPONSE = `var TYPES = ${JSON.stringify(UPLOAD_TYPES)};
var HEADERS = ${JSON.stringify(UPLOAD_RESPONSE_HEADERS)};
function withUploadHeaders(headers) {
  for (var name in HEADERS) headers[name] = { value: HEADERS[name] };
  return headers;
}
function handler(event) {
  var response = event.response;
  // A revalidation carries no body and no type: the copy the browser reuses was checked when served.
  if (response.statusCode === 304) {
    withUploadHeaders(response.headers);
    return response;
  }
  var header = response.headers['content-type'];
  var type = header ? header.value.split(';')[0].trim().toLowerCase() : '';
  if (!Object.prototype.hasOwnProperty.call(TYPES, type)) {
    return {
      statusCode: 404,
      statusDescription: 'Not Found',
      headers: withUploadHeaders({ 'content-type': { value: 'text/plain; charset=utf-8' } }),
      body: { encoding: 'text', data: 'Not Found' },
    };
  }
  response.headers['content-type'] = { value: type };
  withUploadHeaders(response.headers);
  if (TYPES[type] === 'attachment') response.headers['content-disposition'] = { value: 'attachment' };
  return response;
}`;
