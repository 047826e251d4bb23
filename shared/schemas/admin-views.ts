/**
 * What the admin area's lists and statistics read (spec 2 sections 3 and 7). The spec shows no
 * payment row, so the payments page's is ours (docs/payouts.md, "The admin's payments"). Amounts are euros.
 */
import type { OrderStatus } from '../order-transitions';

interface Person {
  _id: string;
  firstName: string;
  lastName: string;
}

/**
 * A paid order's money as the admin follows it: the charge at the provider, the platform's fee once
 * credited, a refund, the transfer to the expert, and what a dispute or a reversal took back.
 */
export interface AdminPayment {
  chatId: string;
  orderNumber: number;
  offerTitle: string;
  student: Person;
  professor: Person;
  status: OrderStatus;
  paymentAmount: number;
  /** The provider's charge, once known (payments recorded before it was kept have none). */
  chargeId?: string;
  paidAt: string;
  /** Kept from the credit, once the order is credited to the expert. */
  platformFee?: number;
  /** Decided on a cancellation; `refundId` once the provider made it. */
  refund?: { amount: number; refundId?: string };
  transfer?: { status: 'due' | 'sent' | 'settled'; amount: number; transferId?: string };
  reversal?: { status: 'due' | 'reversed' | 'failed'; amount: number; reversalId?: string; reason: 'dispute' | 'refund' };
  dispute?: {
    disputeId: string;
    status: 'open' | 'won' | 'lost';
    amount: number;
    fee: number;
    frozen: number;
    debt: number;
    openedAt: string;
    closedAt?: string;
  };
}

/** GET /admin/payments: newest payment first, a page at a time, or the one order of `orderNumber`. */
export interface AdminPaymentsPage {
  payments: AdminPayment[];
  /** What experts owe the platform in all (their debts after disputes and failed reversals). */
  exposure: number;
  nextCursor?: string;
}

/**
 * GET and POST /admin/reconciliation: the latest comparison of the ledger with the payment
 * provider's balances (docs/payouts.md), amounts in euros. `provider` is the provider's figure, or
 * for an app-side hold the sum of its ledger lines; `difference` is `provider` − `ledger`. Without
 * `checkedAt`, it has never run.
 */
export interface Reconciliation {
  checkedAt?: string;
  entriesChecked: number;
  differences: { account: string; ledger: number; provider: number; difference: number }[];
}

/** The five figures of the spec: students and experts (banned included, deleted not), experts, live offers, published offers, and the sum of the published offers' prices. */
export interface AdminTotals {
  totalUsers: number;
  totalProfessors: number;
  totalOffers: number;
  /** Approved offers. */
  actualOffers: number;
  totalOfferSum: number;
}

/** A day of the history: the figures at its end (UTC), the orders paid and the platform's fees earned that day. */
export interface AdminStatisticsDay extends AdminTotals {
  date: string;
  orders: number;
  revenue: number;
}

/** Orders and fees of an ISO week, named by its Monday. */
export interface AdminStatisticsWeek {
  week: string;
  orders: number;
  revenue: number;
}

/** The figures now, and their history: the days since the Monday 90 days ago, and the same days by week (decision 178). */
export interface AdminStatistics extends AdminTotals {
  history: { days: AdminStatisticsDay[]; weeks: AdminStatisticsWeek[] };
}
