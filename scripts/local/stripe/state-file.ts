/**
 * The local Stripe's state on disk, for `npm start` with its state under .local/: the ledger's
 * records and the saved answers of idempotency keys, read at start and written whole, a moment after
 * each change and at stop. So orders paid before a restart can still be refunded, connected
 * accounts still found, and balances, transfers, payouts and disputes carry on where they were
 * (state written before balances gets them from its charges, refunds and transfers, funds.ts).
 * Written to a temporary file then renamed, so a crash leaves the last good copy.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SavedResponse } from './server';
import type { LedgerRecords } from './stripe-state';

export interface LocalStripeState {
  ledger: LedgerRecords;
  idempotencyKeys: [string, SavedResponse][];
}

/** Changes this close together are written once. */
const WRITE_DELAY_MS = 200;

/** The state an earlier run left in `file`; undefined at the first start. */
export function readState(file: string): LocalStripeState | undefined {
  if (!existsSync(file)) return undefined;
  let state: LocalStripeState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as LocalStripeState;
  } catch (error) {
    throw new Error(`The local Stripe's state in ${file} cannot be read (npm run reset starts afresh): ${(error as Error).message}`);
  }
  // Answers saved before their status was kept were all successes.
  return { ...state, idempotencyKeys: state.idempotencyKeys.map(([key, saved]) => [key, { ...saved, status: saved.status ?? 200 }]) };
}

/** Writes `state()` to `file` a moment after `soon()` is called, or at once on `flush()` if a write is due. */
export function createStateWriter(file: string, state: () => LocalStripeState) {
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    writeFileSync(`${file}.tmp`, JSON.stringify(state()));
    renameSync(`${file}.tmp`, file);
  };
  return {
    soon(): void {
      timer ??= setTimeout(write, WRITE_DELAY_MS).unref();
    },
    flush(): void {
      if (timer) write();
    },
  };
}
