/**
 * A switch in front of the local SES outbox: while it is on, every send answers 503 ServiceUnavailable
 * as SES does in an outage, so that the product's handling of one can be seen and tested locally.
 * POST /_local/mail-outage {"outage": true|false} turns it on or off; GET tells its state.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { acceptJsonOnly } from './cross-site';
import type { AddressInfo } from 'node:net';

export interface MailSwitch {
  /** Where the functions send mail (SES_ENDPOINT). */
  endpoint: string;
  /** Serves /_local/mail-outage. */
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
  stop(): Promise<void>;
}

/** SES API v2's error shape (REST/JSON: the type in a header, the message in the body). */
const SES_OUTAGE = JSON.stringify({ message: 'Local mail outage' });

export async function startMailSwitch(outboxEndpoint: string): Promise<MailSwitch> {
  let outage = false;
  const outbox = new URL(outboxEndpoint);
  const server = createServer((request, response) => {
    if (outage) {
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' }).end(SES_OUTAGE);
      return;
    }
    const upstream = httpRequest(
      { host: outbox.hostname, port: outbox.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    async serve(request, response) {
      if (request.method === 'POST') {
        if (!acceptJsonOnly(request, response)) return;
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        try {
          outage = JSON.parse(Buffer.concat(chunks).toString('utf8')).outage === true;
        } catch {
          response.writeHead(400, { 'content-type': 'text/plain' }).end('Send {"outage": true|false} as application/json.');
          return;
        }
      }
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ outage }));
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
