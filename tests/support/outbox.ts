/** Reads the mails the functions sent back from the local outbox, as a person would open them. */
import { expect } from 'vitest';
import type { OutboxMail } from '../../scripts/local/outbox-page';
import { stackUrl } from './api';
import { EVENTUALLY_MS } from './eventually';
import { indexPartitionItems } from './table';
import { GSI2 } from '../../functions/platform/keys';

/** The mails to an address, newest first: the stack picks them out of every mail it sent. */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  const response = await fetch(`${stackUrl()}/_local/mails.json?to=${encodeURIComponent(address)}`);
  return (await response.json()) as OutboxMail[];
}

/** The newest mail to an address that matches, waiting for it to arrive. */
export async function mailWhere(address: string, matches: (mail: OutboxMail) => boolean, description: string, timeoutMs = EVENTUALLY_MS): Promise<OutboxMail> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const mail = (await mailsTo(address)).find(matches);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail ${description} to ${address}`);
}

/** The newest mail to an address with the subject, waiting for it to arrive. */
export const latestMail = (address: string, subject: string, timeoutMs = EVENTUALLY_MS): Promise<OutboxMail> =>
  mailWhere(address, (mail) => mail.subject === subject, `"${subject}"`, timeoutMs);

/** The first link in a mail's text that points into the app at the given path prefix. */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const link = mail.text.match(new RegExp(`https?://\\S+${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+`))?.[0];
  if (!link) throw new Error(`No ${pathPrefix} link in mail "${mail.subject}"`);
  return link;
}

/**
 * An address no other account of the run has. Short on purpose: a member is indexed under each prefix
 * of the words of their names and address (decision 206), one table item each, written with the account.
 */
export const uniqueEmail = (label: string) => `${label}.${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Runs `during` while the local mail service is down (every send answers 503), then brings it back. */
export async function duringMailOutage<T>(during: () => Promise<T>): Promise<T> {
  const set = (outage: boolean) =>
    fetch(`${stackUrl()}/_local/mail-outage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outage }) });
  expect((await set(true)).status).toBe(200);
  try {
    return await during();
  } finally {
    await set(false);
  }
}

/** The notices parked for the schedule after their mail failed (decision 284), as the table holds them, that `matches` picks. */
export async function parkedNotices(matches: (notice: Record<string, unknown>) => boolean): Promise<number> {
  return (await indexPartitionItems(GSI2, 'MAILED#PARKED')).filter((item) => matches((item.notice ?? {}) as Record<string, unknown>)).length;
}
