/**
 * An expert's completed orders as their figures show them: free work (a free introduction, an order
 * at €0) apart from paid, so that free sessions cannot pass for paid ones. "12" when none was free,
 * "12, 3 of them free" when some were, "5, all free" (or "1, free") when all were.
 */
export function completedOrdersText(ordersCount: number, freeOrdersCount = 0): string {
  if (freeOrdersCount <= 0) return `${ordersCount}`;
  if (freeOrdersCount >= ordersCount) return ordersCount === 1 ? '1, free' : `${ordersCount}, all free`;
  return `${ordersCount}, ${freeOrdersCount} of them free`;
}
