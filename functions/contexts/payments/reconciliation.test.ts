import { describe, expect, it } from 'vitest';
import { cents } from '../../../shared/money';
import {
  confirmedDifferences,
  connectedExpertOf,
  differencesOf,
  isDue,
  metricOf,
  providerFigure,
  RECONCILIATION_PERIOD_MS,
  type ReconciliationCheck,
} from './reconciliation';

const check = (account: string, ledgerCents: number, providerCents: number): ReconciliationCheck =>
  ({ account, ledgerCents: cents(ledgerCents), providerCents: cents(providerCents) }) as ReconciliationCheck;

describe('reconciliation rules', () => {
  it('reports only the balances that disagree, the difference being the provider’s figure minus the ledger’s', () => {
    expect(differencesOf([check('provider_balance', 1000, 1000), check('connected:e1', 5400, 5900), check('expert:e1:available', -200, -150)])).toEqual([
      { account: 'connected:e1', ledgerCents: 5400, providerCents: 5900, differenceCents: 500 },
      { account: 'expert:e1:available', ledgerCents: -200, providerCents: -150, differenceCents: 50 },
    ]);
  });

  it('counts the provider’s balance, available and pending, with the payouts the ledger has not taken out yet', () => {
    expect(providerFigure({ availableCents: cents(1200), pendingCents: cents(300) }, cents(500))).toBe(2000);
    expect(providerFigure({ availableCents: cents(0), pendingCents: cents(0) }, cents(0))).toBe(0);
  });

  it('keeps a difference only when a second reading finds the same one: a move between two reads is none', () => {
    const first = differencesOf([check('connected:moving', 0, 5400), check('connected:real', 5400, 5900), check('expert:changed:pending', -10, -20)]);
    const second = [check('connected:moving', 5400, 5400), check('connected:real', 5400, 5900), check('expert:changed:pending', -10, -40)];
    expect(confirmedDifferences(first, second)).toEqual([{ account: 'connected:real', ledgerCents: 5400, providerCents: 5900, differenceCents: 500 }]);
  });

  it('names the expert of a connected account, and of no other account', () => {
    expect(connectedExpertOf('connected:abc')).toBe('abc');
    expect(connectedExpertOf('expert:abc:pending')).toBeUndefined();
    expect(connectedExpertOf('provider_balance')).toBeUndefined();
  });

  it('is due when it never ran, or a day after its last run', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    expect(isDue(undefined, at)).toBe(true);
    expect(isDue(new Date(at.getTime() - RECONCILIATION_PERIOD_MS + 1).toISOString(), at)).toBe(false);
    expect(isDue(new Date(at.getTime() - RECONCILIATION_PERIOD_MS).toISOString(), at)).toBe(true);
  });

  it('measures how many balances differ and by how many cents in all, whatever their sign', () => {
    const differences = differencesOf([check('connected:a', 100, 600), check('connected:b', 700, 400)]);
    expect(metricOf({ checkedAt: '', entriesChecked: 3, differences })).toEqual({ differences: 2, differenceCents: 800 });
    expect(metricOf({ checkedAt: '', entriesChecked: 3, differences: [] })).toEqual({ differences: 0, differenceCents: 0 });
  });
});
