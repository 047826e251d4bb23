import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from './webhook-events';

/** The event types of the README's row for an endpoint, as an operator registers them in Stripe's dashboard. */
function readmeRow(endpoint: string): string[] {
  const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const row = readme.split('\n').find((line) => line.startsWith(`| ${endpoint}`));
  return [...(row?.split('|')[2] ?? '').matchAll(/`([a-z_.]+)`/g)].map((match) => match[1]);
}

describe('the webhook endpoints an operator registers', () => {
  it('are the README’s, type for type', () => {
    expect(readmeRow('Your account')).toEqual(WEBHOOK_EVENTS.platform);
    expect(readmeRow('Connected accounts')).toEqual(WEBHOOK_EVENTS.connect);
  });
});
