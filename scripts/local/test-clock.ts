/**
 * POST /_local/clock {"advance": "49h"}: the local stack's test clock, like Stripe's test clocks. It
 * moves the app's time and the local Stripe's together, then lets what fell due happen (expired
 * checkouts now; deadlines as they come). GET answers the time it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { advanceClock, nowIso, parseDuration } from '../../functions/platform/clock';
import { acceptJsonOnly } from './cross-site';
import { sendJson } from './http-gateway';
import { readBody } from './stripe/request-body';

export const TEST_CLOCK_PATH = '/_local/clock';

export function createTestClock(afterAdvance: () => Promise<void>) {
  return async function serveClock(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET') return sendJson(response, 200, { now: nowIso() });
    if (request.method !== 'POST') return sendJson(response, 405, { error: 'GET or POST' });
    if (!acceptJsonOnly(request, response)) return;
    let advance: unknown;
    try {
      advance = (JSON.parse(await readBody(request)) as { advance?: unknown }).advance;
    } catch {
      return sendJson(response, 400, { error: 'A JSON body such as {"advance": "49h"}' });
    }
    const ms = typeof advance === 'string' ? parseDuration(advance) : undefined;
    if (ms === undefined) return sendJson(response, 400, { error: '"advance" is a duration such as "30m", "49h" or "2d"' });
    advanceClock(ms);
    await afterAdvance();
    sendJson(response, 200, { now: nowIso() });
  };
}
