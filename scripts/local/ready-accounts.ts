/**
 * POST /_local/accounts: an account as its activation leaves it, in the test stacks only
 * (stack-child.ts). It takes the body of `POST /auth/register` (a student's) or
 * `/auth/register-professor` (an expert's), checked by the same schema, and writes what the
 * registration and then the activation link write, through the same repository calls: the pending
 * account, its activation token, and the activation that spends it. It skips what only the way there
 * is for: the activation mail, the mail limits, the answer floor and the password asked again.
 * Tests of registration and activation go through the API; the many tests that only need someone
 * signed in start here and sign in through the API (tests/README.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTH_TIMINGS } from '../../shared/limits';
import { registerExpertSchema, registerStudentSchema } from '../../shared/schemas/auth';
import { acceptJsonOnly } from './cross-site';
import { sendJson } from './http-gateway';

export const READY_ACCOUNTS_PATH = '/_local/accounts';

async function readyAccount(body: unknown): Promise<{ status: number; body: object }> {
  // Loaded once asked, as the handlers are: they bring the table client, made from the environment the stack's start sets first.
  const [accounts, repo, { nowSeconds }, { hashPassword, randomSecret, sha256 }] = await Promise.all([
    import('../../functions/contexts/accounts/auth-service'),
    import('../../functions/contexts/accounts/repository'),
    import('../../functions/platform/table'),
    import('../../functions/platform/crypto'),
  ]);
  const asExpert = (body as { role?: unknown } | null)?.role === 'professor';
  const parsed = asExpert ? registerExpertSchema.safeParse(body) : registerStudentSchema.safeParse(body);
  if (!parsed.success) return { status: 400, body: { error: parsed.error.issues[0]?.message, code: 'validation_failed' } };
  const { email, password } = parsed.data;
  const details = 'name' in parsed.data ? accounts.studentDetails(parsed.data) : accounts.expertDetails(parsed.data);
  const registration = { ...details, passwordHash: await hashPassword(password) };
  const account = accounts.pendingAccount(email, registration);
  try {
    await repo.createUser(account);
  } catch (error) {
    if (error instanceof repo.EmailTaken) return { status: 409, body: { error: `${email} has an account already`, code: 'email_taken' } };
    throw error;
  }
  const tokenHash = sha256(randomSecret());
  await repo.putToken(tokenHash, {
    purpose: 'activation',
    userId: account.userId,
    registration,
    expiresAt: nowSeconds() + AUTH_TIMINGS.activationTokenSeconds,
  });
  if (!(await repo.activate(tokenHash, account, registration))) throw new Error(`The activation of ${email} failed`);
  return { status: 201, body: { userId: account.userId } };
}

export async function serveReadyAccounts(request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'POST') return void response.writeHead(405, { allow: 'POST' }).end();
  if (!acceptJsonOnly(request, response)) return;
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return sendJson(response, 400, { error: 'Send the registration as JSON.', code: 'malformed_json' });
  }
  const answer = await readyAccount(body);
  sendJson(response, answer.status, answer.body);
}
