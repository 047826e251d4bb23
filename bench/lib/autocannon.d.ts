/** The part of autocannon 9's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    /** Called with each response, before the connection sends its next request. */
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    requests?: Request[];
  }

  export interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  /** Emits 'response' (client, statusCode, resBytes, responseTimeMs) for every response. */
  export type Instance = EventEmitter & { stop(): void };

  export default function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
}
