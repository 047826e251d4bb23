/** The local S3 (s3rver) with the media and files buckets, and the SES outbox (aws-ses-v2-local). */
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import S3rver from 's3rver';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { LOCAL_CREDENTIALS } from './dynamodb';

export interface LocalService {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3(directory: string, buckets: string[]): Promise<LocalService> {
  mkdirSync(directory, { recursive: true });
  // Port 0: the kernel picks a free one as it binds, so no other process can take it in between.
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  for (const Bucket of buckets) {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await client.send(new CreateBucketCommand({ Bucket }));
    }
  }
  client.destroy();
  return { endpoint, stop: () => server.close() };
}

// The package is CommonJS with its server as `exports.default`, and keeps the mails in its module.
const requireCjs = createRequire(import.meta.url);
const startSesOutbox: (config: { host: string; port: number }) => Promise<Server> = requireCjs('aws-ses-v2-local').default;
const sesStore: { getStoreReadonly(): { emails: readonly StoredMail[] } } = requireCjs('aws-ses-v2-local/dist/store');

/** A mail as aws-ses-v2-local keeps it. */
export interface StoredMail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments?: { filename?: string; contentType: string; content: string }[];
  at: number;
}

export interface LocalOutbox extends LocalService {
  /** The mails sent so far, oldest first, read in this process: its HTTP /store serializes every mail. */
  mails(): readonly StoredMail[];
}

export async function startOutbox(): Promise<LocalOutbox> {
  const server: Server = await startSesOutbox({ host: '127.0.0.1', port: 0 });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mails: () => sesStore.getStoreReadonly().emails,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
