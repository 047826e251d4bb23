/**
 * Runs the CloudFront Functions as synthesized (the code in the Web template) on sample events,
 * the way CloudFront calls them: handler(event) with lower-case header names.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../../shared/prerendered-pages';
import { contentSecurityPolicy } from '../../../shared/security-headers';
import { UPLOAD_RESPONSE_HEADERS, UPLOAD_TYPES, uploadHeaders } from '../../../shared/upload-types';
import { resourcesOf, synthesizeStage, type SynthesizedStage } from '../synth';

type Headers = Record<string, { value: string }>;
interface EdgeResponse {
  statusCode: number;
  statusDescription?: string;
  headers: Headers;
  body?: { encoding: string; data: string };
}
type Handler = (event: { request: { uri: string; headers: Headers }; response: EdgeResponse }) => EdgeResponse;

/** Stands for the files bucket's regional endpoint, which CloudFormation puts into the code at deploy time. */
const FILES_ENDPOINT = 'marketplace-dev-stateful-filesbucket-1a2b3c.s3.eu-west-3.amazonaws.com';
const UPLOAD_FORM_ORIGIN = `https://${FILES_ENDPOINT}`;

/** The code as CloudFormation resolves it: a plain string, or a Fn::Join naming another stack's export. */
/** A CloudFront Function's FunctionCode: its text, or a join with values of other stacks. */
type FunctionCode = string | { 'Fn::Join': [string, (string | { 'Fn::ImportValue': string })[]] };

function deployedCode(code: FunctionCode): string {
  if (typeof code === 'string') return code;
  const [separator, parts] = code['Fn::Join'];
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      expect(part['Fn::ImportValue']).toMatch(/FilesBucketRegionalDomainName/);
      return FILES_ENDPOINT;
    })
    .join(separator);
}

let synthesized: SynthesizedStage;
let spaResponse: Handler;
let uploadsResponse: Handler;
let spaRequest: (event: { request: { uri: string; headers: Headers } }) => { uri: string };

beforeAll(() => {
  synthesized = synthesizeStage('dev');
  const resources = resourcesOf(synthesized.templates.web);
  const [distribution] = Object.values(synthesized.templates.web.findResources('AWS::CloudFront::Distribution')).map(
    (resource) => resource.Properties.DistributionConfig,
  );
  const viewerResponseOf = (behaviour: { FunctionAssociations: { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[] }): Handler => {
    const association = behaviour.FunctionAssociations.find((candidate) => candidate.EventType === 'viewer-response')!;
    const code = deployedCode(resources[association.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode as FunctionCode);
    return new Function(`${code}\nreturn handler;`)() as Handler;
  };
  spaResponse = viewerResponseOf(distribution.DefaultCacheBehavior);
  const request = distribution.DefaultCacheBehavior.FunctionAssociations.find((candidate: { EventType: string }) => candidate.EventType === 'viewer-request');
  spaRequest = new Function(`${deployedCode(resources[request.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode as FunctionCode)}\nreturn handler;`)();
  uploadsResponse = viewerResponseOf(distribution.CacheBehaviors.find((behaviour: { PathPattern: string }) => behaviour.PathPattern === '/uploads/*'));
});

const ok = (headers: Record<string, string>): EdgeResponse => ({
  statusCode: 200,
  statusDescription: 'OK',
  headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, { value }])),
});
const values = (headers: Headers) => Object.fromEntries(Object.entries(headers).map(([name, { value }]) => [name, value]));

describe('the SPA’s pages (viewer request)', () => {
  const served = (uri: string) => spaRequest({ request: { uri, headers: {} } }).uri;

  it('serves each public page rendered at build time its own HTML, with or without a trailing slash', () => {
    for (const page of PRERENDERED_PAGES) expect(served(page.path), page.path).toBe(`/${page.file}`);
    expect(served('/faq-page/')).toBe('/pages/faq-page.html');
  });

  it('serves every other page of the app its shell, and files as they are', () => {
    expect(served('/profile')).toBe('/index.html');
    expect(served('/teacher/0b6f7c2e')).toBe('/index.html');
    expect(served('/favorites')).toBe('/index.html');
    expect(served('/experts/0b6f7c2e')).toBe('/index.html');
    expect(served('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
  });
});

describe('CSP of the SPA (viewer response)', () => {
  const cspFor = (host: string | undefined) =>
    spaResponse({ request: { uri: '/', headers: host === undefined ? {} : { host: { value: host } } }, response: ok({ 'content-type': 'text/html' }) }).headers[
      'content-security-policy'
    ].value;

  it("names the app's own WebSocket origin, wss://<host>, in connect-src", () => {
    expect(cspFor('d111111abcdef8.cloudfront.net')).toBe(contentSecurityPolicy('wss://d111111abcdef8.cloudfront.net', UPLOAD_FORM_ORIGIN));
    expect(cspFor('app.example.com')).toMatch(/(^|; )connect-src 'self' wss:\/\/app\.example\.com /);
  });

  it("names the files bucket's own endpoint, where upload forms are posted, and no other host", () => {
    const connectSources = cspFor('app.example.com')
      .split('; ')
      .find((directive) => directive.startsWith('connect-src '))!
      .split(' ')
      .slice(1);
    expect(connectSources).toEqual(["'self'", 'wss://app.example.com', UPLOAD_FORM_ORIGIN]);
  });

  it("names the files bucket's own endpoint in img-src too (signed addresses of photos in moderation), and no other host", () => {
    const imageSources = cspFor('app.example.com')
      .split('; ')
      .find((directive) => directive.startsWith('img-src '))!
      .split(' ')
      .slice(1);
    expect(imageSources).toEqual(["'self'", 'data:', 'blob:', UPLOAD_FORM_ORIGIN]);
  });

  it('never allows any ws: or wss: host', () => {
    const sources = cspFor('app.example.com').split(/[;\s]+/);
    expect(sources.filter((source) => /^wss?:/.test(source))).toEqual(['wss://app.example.com']);
  });

  it('cannot be extended through the Host header: only host-name characters are kept', () => {
    expect(cspFor("evil.example; script-src 'unsafe-inline' *")).toBe(contentSecurityPolicy('wss://evil.examplescript-srcunsafe-inline', UPLOAD_FORM_ORIGIN));
  });

  it('keeps the response otherwise as it is', () => {
    const response = spaResponse({
      request: { uri: '/', headers: { host: { value: 'a.example' } } },
      response: ok({ 'content-type': 'text/html', etag: '"1"' }),
    });
    expect(response).toMatchObject({ statusCode: 200, headers: { 'content-type': { value: 'text/html' }, etag: { value: '"1"' } } });
  });
});

describe('uploads (viewer response)', () => {
  const serve = (contentType?: string) =>
    uploadsResponse({
      request: { uri: '/key', headers: {} },
      response: ok(contentType === undefined ? {} : { 'content-type': contentType, 'content-length': '42' }),
    });

  it('serves an image inline, with nosniff and the sandboxing CSP', () => {
    const response = serve('image/png');
    expect(response.statusCode).toBe(200);
    expect(values(response.headers)).toMatchObject({ 'content-type': 'image/png', ...UPLOAD_RESPONSE_HEADERS });
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('serves a PDF as an attachment', () => {
    const response = serve('application/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toEqual({ value: 'attachment' });
  });

  it.each(['text/html', 'text/html; charset=utf-8', 'image/svg+xml', 'application/javascript', 'text/plain', 'constructor', '__proto__', '', undefined])(
    'answers 404 for content type %s, without the object',
    (contentType) => {
      const response = serve(contentType);
      expect(response.statusCode).toBe(404);
      expect(response.body).toEqual({ encoding: 'text', data: 'Not Found' });
      expect(values(response.headers)).toEqual({ 'content-type': 'text/plain; charset=utf-8', ...UPLOAD_RESPONSE_HEADERS });
    },
  );

  it('decides like uploadHeaders() of shared/upload-types.ts, which the local gateway applies', () => {
    const types = [...Object.keys(UPLOAD_TYPES), 'IMAGE/JPEG', 'image/webp; charset=binary', ' image/png ', 'text/html', 'image/gif', 'toString'];
    for (const type of types) {
      const expected = uploadHeaders(type);
      const response = serve(type);
      if (expected === undefined) expect(response.statusCode, type).toBe(404);
      else expect(values(response.headers), type).toEqual({ ...expected, 'content-length': '42' });
    }
  });

  it('passes a revalidation (304) through with the upload headers', () => {
    const response = uploadsResponse({ request: { uri: '/key', headers: {} }, response: { statusCode: 304, headers: {} } });
    expect(response.statusCode).toBe(304);
    expect(values(response.headers)).toEqual({ ...UPLOAD_RESPONSE_HEADERS });
  });
});
