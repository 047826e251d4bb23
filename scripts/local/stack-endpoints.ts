/**
 * Where a running `npm start` can be reached by another process on this machine (`npm run
 * reconcile`, `npm run retention`): its table's endpoint and the local Stripe's, whose ports and key are chosen at each
 * start. Written into the state folder while the stack runs (readable by this user only), removed
 * at stop. Never a key of Stripe's own: with Stripe's test mode, the caller's environment has it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'endpoints.json';

/**
 * The environment a process needs to use the stack's table and payment provider, as the orders
 * Lambda does, and its mail, files and sockets, as the jobs Lambda does (`npm run retention`).
 */
const SHARED = [
  'TABLE_NAME',
  'DYNAMODB_ENDPOINT',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_REGION',
  'STAGE',
  'STRIPE_API_BASE',
  'MEDIA_BUCKET',
  'FILES_BUCKET',
  'S3_ENDPOINT',
  'SES_ENDPOINT',
  'MAIL_FROM',
  'SUPPORT_EMAIL',
  'APP_URL',
  'WS_MANAGEMENT_ENDPOINT',
] as const;

export function writeStackEndpoints(stateDir: string, env: Record<string, string>): void {
  const shared: Record<string, string> = Object.fromEntries(SHARED.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
  // The local Stripe's key is made at each start and opens nothing else.
  if (env.STRIPE_API_BASE) shared.STRIPE_SECRET_KEY = env.STRIPE_SECRET_KEY;
  writeFileSync(join(stateDir, FILE), JSON.stringify(shared, null, 2), { mode: 0o600 });
}

export function removeStackEndpoints(stateDir: string): void {
  rmSync(join(stateDir, FILE), { force: true });
}

/** The running stack's environment, or undefined when no stack runs on this state folder. */
export function readStackEndpoints(stateDir: string): Record<string, string> | undefined {
  const path = join(stateDir, FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : undefined;
}
