import type { Availability } from '@shared/schemas/bookings';
import { api } from '@/lib/api-client';

/** PUT /availability: the expert's hours, replaced whole. */
export const saveAvailability = (body: Availability) => api.call('PUT /api/availability', { body });
