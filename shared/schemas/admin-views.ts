/**
 * What the admin area's lists and statistics read (spec 2 sections 3 and 7). Their routes answer 501
 * until the admin issue lands; the shapes are the spec's, the payment row the least the page needs.
 */

/** A paid order, as the payments page lists it (filtered by `orderNumber`). */
export interface AdminPayment {
  _id: string;
  orderNumber: number;
  paymentAmount: number;
  chatId: string;
  createdAt: string;
}

export interface AdminStatistics {
  totalUsers: number;
  totalProfessors: number;
  totalOffers: number;
  /** Approved offers. */
  actualOffers: number;
  totalOfferSum: number;
}
