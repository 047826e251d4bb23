/**
 * Concurrent HTTP load with autocannon, one autocannon instance per connection. autocannon shares
 * one request object between the connections of an instance and resets its per-connection context
 * after every request, so per-connection state (a rotating refresh cookie) is only reliable when
 * each connection is its own instance with its own request object.
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** The request that connection number `connection` sends in a loop. */
  requestFor(connection: number): Request;
}

export interface LoadResult {
  /** Latencies of the 2xx responses, in ms. */
  latencies2xx: number[];
  statuses: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies2xx: number[] = [];
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: options.connections }, (_, connection) => {
      return new Promise<Result>((resolve, reject) => {
        const instance = autocannon(
          { url: options.url, connections: 1, duration: options.durationSeconds, timeout: 30, requests: [options.requestFor(connection)] },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on('response', (_client: unknown, status: number, _bytes: number, responseTimeMs: number) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status >= 200 && status < 300) latencies2xx.push(responseTimeMs);
        });
      });
    }),
  );
  return {
    latencies2xx,
    statuses,
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
    seconds: (performance.now() - started) / 1000,
  };
}

/** A cookie's value from Set-Cookie headers as autocannon hands them over (any case, one or many). */
export function cookieFrom(headers: Record<string, string | string[]>, name: string): string | undefined {
  const values = Object.entries(headers).flatMap(([key, value]) => (key.toLowerCase() === 'set-cookie' ? [value].flat() : []));
  for (const value of values) {
    const match = value.match(new RegExp(`^${name}=([^;]*)`));
    if (match?.[1]) return match[1];
  }
  return undefined;
}
