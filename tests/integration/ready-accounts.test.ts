/**
 * The tests' accounts (support/accounts.ts) come from the test stack's POST /_local/accounts
 * (scripts/local/ready-accounts.ts), not through registration and activation: so it must leave what
 * they leave. Each way makes an account from the same registration, and the items each left in the
 * table are compared, its own id, address and times aside.
 */
import { describe, expect, it } from 'vitest';
import { READY_ACCOUNTS_PATH } from '../../scripts/local/ready-accounts';
import { PASSWORD, activationTokenFor, signedInWith } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';
import { getItem, tableChanges } from '../support/table';

/** An address of the same shape each time: a member is indexed under the prefixes of its words. */
const addressOf = (way: string) => `olivia.${way}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}@example.com`;

const postReady = (body: unknown, contentType = 'application/json') =>
  fetch(`${stackUrl()}${READY_ACCOUNTS_PATH}`, { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify(body) });

/** The items a write left, as strings without what differs from one account to another. */
async function itemsLeftBy(write: () => Promise<void>, email: string): Promise<string[]> {
  const changes = await tableChanges();
  await write();
  const keys = [...new Set((await changes.since()).map((change) => change.key))];
  const items = await Promise.all(keys.map((key) => getItem({ pk: key.split(' ')[0], sk: key.split(' ').slice(1).join(' ') })));
  const claim = (await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })) as { userId: string };
  const unique = email.split('@')[0].split('.')[1];
  return (
    items
      .filter((item) => item !== undefined)
      // An event's mail (MAILED#<eventId>) is no account's making: registration and activation send
      // theirs without one. One here is another member's, sent meanwhile by the stack's schedule (a
      // mail that an earlier file's mail outage parked), as the slot's stack outlives its files.
      .filter((item) => !String(item.pk).startsWith('MAILED#'))
      // Each write counts in one of the statistics' shards, drawn at random.
      .map((item) => (item.pk === 'STATS#COUNTERS' ? { pk: item.pk } : item))
      .map((item) =>
        JSON.stringify(item, Object.keys(item).sort())
          .replaceAll(claim.userId, '<id>')
          .replaceAll(email, '<email>')
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
          .replace(/scrypt\$[^"]+/, '<hash>')
          .replace(/"expiresAt":\d+/, '"expiresAt":<s>')
          // The prefixes of the address's own word.
          .replace(/([#"])([a-z]+\d*)(?=["#])/g, (whole, mark: string, word: string) => (unique.startsWith(word) ? `${mark}<${word.length}>` : whole)),
      )
      .sort()
  );
}

async function throughTheApi(path: string, registration: Record<string, string>): Promise<void> {
  const registered = await new ApiClient().post(path, { ...registration, password: PASSWORD });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = await activationTokenFor(registration.email);
  expect((await new ApiClient().post('/auth/activate', { token, password: PASSWORD })).status).toBe(200);
}

async function ready(registration: Record<string, string>): Promise<void> {
  expect((await postReady({ ...registration, password: PASSWORD })).status).toBe(201);
}

describe('a ready account', () => {
  it.each([
    ['a student', '/auth/register', { name: 'Olivia Owner', role: 'user' }],
    ['an expert', '/auth/register-professor', { firstName: 'Olivia', lastName: 'Owner', role: 'professor' }],
  ])('leaves what registration and activation leave, for %s, and signs in', async (_kind, path, details) => {
    const apiEmail = addressOf('a');
    const readyEmail = addressOf('r');
    const byApi = await itemsLeftBy(() => throughTheApi(path, { ...details, email: apiEmail }), apiEmail);
    const byReady = await itemsLeftBy(() => ready({ ...details, email: readyEmail }), readyEmail);
    // What only the way through the API is for: the two hourly caps on account mails.
    const mailCaps = byApi.filter((item) => item.includes('"pk":"RATE#account-mails-'));
    expect(mailCaps).toHaveLength(2);
    expect(byReady).toEqual(byApi.filter((item) => !mailCaps.includes(item)));
    expect(byReady.filter((item) => item.includes('"sk":"WORD#')).length).toBeGreaterThan(20);
    await signedInWith(readyEmail, PASSWORD);
  });

  it('refuses what registration refuses, and an address with an account', async () => {
    const email = addressOf('x');
    expect((await postReady({ name: '', email, password: PASSWORD })).status).toBe(400);
    expect((await postReady({ name: 'Olivia Owner', email, password: 'short' })).status).toBe(400);
    expect((await postReady({ name: 'Olivia Owner', email, password: PASSWORD }, 'text/plain')).status).toBe(415);
    expect(await getItem({ pk: `EMAIL#${email}`, sk: 'EMAIL' })).toBeUndefined();
    expect((await postReady({ name: 'Olivia Owner', email, password: PASSWORD })).status).toBe(201);
    const again = await postReady({ name: 'Olivia Other', email, password: PASSWORD });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'email_taken' });
  });
});
