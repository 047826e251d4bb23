/**
 * An API Gateway payload 2.0 event for a call under /api, built as the local HTTP gateway builds it
 * (scripts/local/http-gateway.ts): the route and path parameters of the route table, the query
 * string, a browser's headers and the edge's own (origin secret, viewer address), and for a call
 * with a body its JSON and the app's origin. For benchmarks that call a domain handler in-process,
 * without HTTP around it.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { edgeHeaders } from '../../scripts/local/edge-headers';
import { matchRoute } from '../../scripts/local/http-gateway';
import { API_PREFIX, routeKey } from '../../shared/routes';

const BROWSER_HEADERS = {
  host: 'localhost:3000',
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-GB,en;q=0.9',
  referer: 'http://localhost:3000/',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
};

/** `pathAndQuery` is below /api, e.g. `/user/professors?q=cla`. */
export function getEvent(pathAndQuery: string, originSecret: string, options: { bearer?: string } = {}): APIGatewayProxyEventV2 {
  return apiEvent('GET', pathAndQuery, originSecret, options);
}

/**
 * Any method; `bearer` is the caller's access token, `body` is sent as JSON with the app's origin
 * (what the SPA's fetch sends), `remoteAddress` the viewer's address (127.0.0.1 unless given).
 */
export function apiEvent(
  method: string,
  pathAndQuery: string,
  originSecret: string,
  options: { bearer?: string; body?: unknown; remoteAddress?: string } = {},
): APIGatewayProxyEventV2 {
  const url = new URL(`${API_PREFIX}${pathAndQuery}`, 'http://localhost:3000');
  const match = matchRoute(method, url.pathname.slice(API_PREFIX.length));
  if (!match) throw new Error(`No route for ${method} ${url.pathname}`);
  const headers: Record<string, string> = {
    ...BROWSER_HEADERS,
    ...(options.bearer && { authorization: `Bearer ${options.bearer}` }),
    ...(options.body !== undefined && { 'content-type': 'application/json', origin: 'http://localhost:3000' }),
    ...edgeHeaders({ remoteAddress: options.remoteAddress ?? '127.0.0.1', remotePort: 50_000 }, originSecret),
  };
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(match.route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(match.params).length ? match.params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host,
      domainPrefix: 'localhost',
      http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: headers['user-agent'] },
      requestId: randomUUID(),
      routeKey: routeKey(match.route),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    isBase64Encoded: false,
  };
}
