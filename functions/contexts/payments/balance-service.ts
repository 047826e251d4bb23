/**
 * An expert's balances and statement as the ledger holds them: reads only, with nothing of the
 * payment provider, so that a Lambda that reads balances (a member's export and deletion) does not
 * carry the provider's SDK. The payments service re-exports them.
 */
import { type Cents, cents } from '../../../shared/money';
import { connectedAccountOf, debtOf, disputedDebtOf, EXPERT_BALANCES, type ExpertBalance, expertAccount } from './ledger';
import * as ledger from './ledger-repository';

/**
 * What the platform owes the expert in each state, what they owe it (`owed`) and what they would
 * owe if their open disputes are lost (`owedIfLost`), in cents (never negative): one BatchGetItem
 * of running totals.
 */
export async function expertBalances(expertId: string): Promise<Record<ExpertBalance | 'owed' | 'owedIfLost', Cents>> {
  const totals = await ledger.totalsOf([...EXPERT_BALANCES.map((state) => expertAccount(expertId, state)), debtOf(expertId), disputedDebtOf(expertId)]);
  const owedTo = (state: ExpertBalance) => cents(-(totals.get(expertAccount(expertId, state)) ?? 0) + 0);
  const owing = Object.fromEntries(EXPERT_BALANCES.map((state) => [state, owedTo(state)])) as Record<ExpertBalance, Cents>;
  return { ...owing, owed: totals.get(debtOf(expertId)) ?? cents(0), owedIfLost: totals.get(disputedDebtOf(expertId)) ?? cents(0) };
}

/** Every line of the expert's own accounts (what the platform owes them, their connected account, their debt): their data export. */
export async function expertStatement(expertId: string) {
  const accounts = [...EXPERT_BALANCES.map((state) => expertAccount(expertId, state)), connectedAccountOf(expertId), debtOf(expertId)];
  return (await Promise.all(accounts.map(ledger.statementOf))).flat();
}
