/**
 * Answers of the money and history calls of an account (spec 1 section 3, spec 2 section 3). Their
 * routes answer 501 until their issue lands; the shapes are the spec's. Amounts are euros.
 */
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

/** A row of the order history: the offer, with the other side of the order. */
export interface OrderHistoryItem {
  offer: Pick<OfferDto, '_id' | 'title'> & { professor?: OrderCounterpart; student?: OrderCounterpart };
  updatedAt: string;
  paymentAmount: number;
  message: string;
  paymentStatus: 'paid' | 'pending';
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
