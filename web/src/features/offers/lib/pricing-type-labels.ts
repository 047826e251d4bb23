import type { PRICING_TYPES } from '@shared/schemas/offers';

/** The pricing type choices with their unit (spec 1 section 5: € or €/h). */
export const PRICING_TYPE_LABELS: Record<(typeof PRICING_TYPES)[number], string> = { fixed: 'Fixed price (€)', hourly: 'Hourly rate (€/h)' };
