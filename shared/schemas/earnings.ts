/**
 * Answers of the money and history calls of an account (spec 1 section 3, spec 2 section 3). Their
 * routes answer 501 until their issue lands; the shapes are the spec's. Amounts are euros.
 */
import type { OrderKind, OrderStatus } from './orders';
import type { OfferDto } from './catalogue';

/** An order of the expert's earnings page. */
export interface EarningsOrder {
  orderNumber: number;
  paymentAmount: number;
  isWithdrawn: boolean;
  chatId: string;
}

export interface Earnings {
  balance: number;
  orders: EarningsOrder[];
}

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';

export interface Withdrawal {
  _id: string;
  amount: number;
  status: WithdrawalStatus;
  createdAt: string;
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
  offer: Pick<OfferDto, '_id' | 'title'> & { professor?: OrderCounterpart; student?: OrderCounterpart };
  updatedAt: string;
  /** Euros paid; 0 when nothing was (yet). */
  paymentAmount: number;
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

/** The statistics card of a profile. */
export interface AccountStats {
  ordersCount: number;
  totalEarned: number;
  averageRating: number;
  reviewsCount: number;
}
