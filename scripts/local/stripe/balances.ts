/**
 * The balances of the platform and of each connected account, as Stripe keeps them: every movement
 * of money is a balance transaction (`txn_…`) of one account, whose net is pending until its
 * `available_on` and available from then on. A balance is the sum of its transactions' nets.
 * Funds become available when the clock reaches them (`settleDue`), or at once on request
 * (`settleAll`, the dashboard's control); either says whose balance gained available funds, for
 * Stripe's `balance.available` event.
 */
import { type BalanceOwner, type BalanceTransactionRecord, stripeId } from './objects';

export type BalanceTransactionInput = Omit<BalanceTransactionRecord, 'id' | 'status' | 'fee' | 'feeDescription' | 'currency' | 'description'> & {
  id?: string;
  fee?: number;
  feeDescription?: string | null;
  currency?: string;
  description?: string | null;
};

export interface Totals {
  available: number;
  pending: number;
}

export type Balances = ReturnType<typeof createBalances>;

export function createBalances(records: BalanceTransactionRecord[], nowSeconds: () => number) {
  /** In the order they were made: a list of them is this, newest first. */
  const transactions = [...records];
  const byId = new Map(transactions.map((transaction): [string, BalanceTransactionRecord] => [transaction.id, transaction]));

  /** Makes the due ones available; the owners whose available balance grew, once each. */
  function settle(due: (transaction: BalanceTransactionRecord) => boolean): BalanceOwner[] {
    const grown = new Set<BalanceOwner>();
    for (const transaction of transactions) {
      if (transaction.status !== 'pending' || !due(transaction)) continue;
      transaction.status = 'available';
      if (transaction.amount - transaction.fee > 0) grown.add(transaction.account);
    }
    return [...grown];
  }

  return {
    add(input: BalanceTransactionInput): BalanceTransactionRecord {
      const transaction: BalanceTransactionRecord = {
        fee: 0,
        feeDescription: null,
        currency: 'eur',
        description: null,
        ...input,
        id: input.id ?? stripeId('txn'),
        status: input.availableOn > nowSeconds() ? 'pending' : 'available',
      };
      transactions.push(transaction);
      byId.set(transaction.id, transaction);
      return transaction;
    },

    get(id: string): BalanceTransactionRecord | undefined {
      return byId.get(id);
    },

    /** One account's transactions, newest first. */
    list(owner: BalanceOwner): BalanceTransactionRecord[] {
      return transactions.filter((transaction) => transaction.account === owner).reverse();
    },

    totals(owner: BalanceOwner): Totals {
      const totals = { available: 0, pending: 0 };
      for (const transaction of transactions) if (transaction.account === owner) totals[transaction.status] += transaction.amount - transaction.fee;
      return totals;
    },

    /** Every owner that has a transaction, the platform (null) first. */
    owners(): BalanceOwner[] {
      return [...new Set<BalanceOwner>([null, ...transactions.map((transaction) => transaction.account)])];
    },

    settleDue(): BalanceOwner[] {
      const now = nowSeconds();
      return settle((transaction) => transaction.availableOn <= now);
    },

    /** Everything pending becomes available now, as if its day had come. */
    settleAll(): BalanceOwner[] {
      const now = nowSeconds();
      return settle((transaction) => {
        transaction.availableOn = Math.min(transaction.availableOn, now);
        return true;
      });
    },

    records(): BalanceTransactionRecord[] {
      return transactions;
    },
  };
}
