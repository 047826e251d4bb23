/**
 * Answers of the money and history calls of an account (spec 1 section 3, spec 2 section 3), in
 * the spec's shapes with what the money issue adds (docs/payouts.md). Amounts are euros.
 */
import { WITHDRAWAL_RULES } from '../limits';
import type { OrderKind, OrderStatus } from '../order-transitions';
import type { OfferDto } from './catalogue';

/** Under the minimum, a withdrawal may only empty the balance (decision 269): the server's rule, and the form's. */
export const underWithdrawalMinimum = (amountCents: number, availableCents: number): boolean =>
  amountCents < WITHDRAWAL_RULES.minCents && amountCents !== availableCents;

/**
 * A credited order of the expert's earnings page: what the student paid, what the expert earned
 * after the platform's fee, and whether paid withdrawals cover it yet (first in, first out).
 */
export interface EarningsOrder {
  orderNumber: number;
  paymentAmount: number;
  earned: number;
  chatId: string;
  isWithdrawn: boolean;
  creditedAt: string;
}

/** GET /user/earnings/monthly: what the expert's credits earned (euros) and how many there were, per calendar month (UTC), oldest first, months without any included. */
export interface MonthlyEarnings {
  months: { month: string; earned: number; orders: number }[];
}

/**
 * GET /user/earnings: the expert's balances (euros, none ever negative), derived from the ledger,
 * and a page of credited orders, newest first. `balance` is the spec's figure: what can be
 * withdrawn now.
 */
export interface Earnings {
  balance: number;
  pending: number;
  frozen: number;
  requested: number;
  withdrawn: number;
  owed: number;
  /** Whether the expert's payout account can be paid out now (set up, not closed or restricted): withdrawals need it. */
  payoutsEnabled: boolean;
  /** When the earliest pending funds become available (Stripe's `available_on`), if any are pending. */
  pendingAvailableOn?: string;
  orders: EarningsOrder[];
  /** Pass as `cursor` for the next page of orders; absent on the last page. */
  nextCursor?: string;
}

/**
 * A withdrawal's one status (the spec's pending, approved, rejected, and what a payout can still
 * become): pending → approved (the payout is on its way) → paid, or failed (the funds are
 * withdrawable again); pending → rejected (the funds are withdrawable again).
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export interface Withdrawal {
  _id: string;
  amount: number;
  status: WithdrawalStatus;
  createdAt: string;
  /** The admin's reason for a rejection, if they gave one. */
  reason?: string;
  /** Why the payout failed, in words the expert can act on. */
  failureMessage?: string;
}

/** GET /user/withdrawals and GET /admin/withdrawals: newest first, a page at a time. */
export interface WithdrawalPage<T extends Withdrawal = Withdrawal> {
  withdrawals: T[];
  nextCursor?: string;
}

/** A withdrawal as the admin's page lists it (spec 2: the professor's names and e-mail). */
export interface AdminWithdrawal extends Withdrawal {
  professor: { _id: string; firstName: string; lastName: string; email: string };
}

/**
 * A row of the order history (spec 2 section 3): the offer with the other side of the order, what
 * was paid and where the order stands. `paymentStatus` is the spec's Paid or Pending badge, with
 * free introductions and refunds told apart (the spec's default of 250 is a defect: decision 133).
 */
export interface OrderHistoryItem {
  chatId: string;
  orderNumber: number;
  orderStatus: OrderStatus;
  orderKind: OrderKind;
  /** A booked call's start (UTC), proposed or agreed. */
  scheduledDate?: string;
  offer: Pick<OfferDto, '_id' | 'title'> & { professor?: OrderCounterpart; student?: OrderCounterpart };
  updatedAt: string;
  /** Euros paid; 0 when nothing was (yet). */
  paymentAmount: number;
  /** Euros the current booking costs, paid or not: 0 for the free introduction, or while an hourly booking has no hours. */
  total: number;
  /** The conversation's last message. */
  message: string;
  paymentStatus: 'paid' | 'pending' | 'free' | 'refunded';
}

/** A page of the order history, latest activity first. */
export interface OrderHistoryPage {
  orders: OrderHistoryItem[];
  /** Pass as `cursor` for the next page; absent on the last page. */
  nextCursor?: string;
}

export interface OrderCounterpart {
  firstName: string;
  lastName: string;
  profilePhoto?: string;
}

/**
 * GET /user/stats/{id}: an expert's statistics card, kept on write. `ordersCount` counts completed
 * orders, free sessions included, and `freeOrdersCount` the free ones among them (a free
 * introduction, an order at €0), so free work shows apart from paid; anyone, signed in or not,
 * reads both; `totalEarned` (euros, the expert's credits after the fee) is for the expert and
 * admins only, absent for anyone else.
 */
export interface AccountStats {
  ordersCount: number;
  /** Of `ordersCount`, the free ones. */
  freeOrdersCount: number;
  totalEarned?: number;
  averageRating: number;
  reviewsCount: number;
}
