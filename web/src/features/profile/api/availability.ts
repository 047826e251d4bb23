import type { Availability } from '@shared/schemas/bookings';
import { api } from '@/lib/api-client';

/** GET /availability: the expert's hours, or null until they set them. */
export const loadAvailability = () => api.call('GET /api/availability');

/** PUT /availability: the expert's hours, replaced whole. */
export const saveAvailability = (body: Availability) => api.call('PUT /api/availability', { body });
