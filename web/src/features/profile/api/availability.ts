import type { Availability } from '@shared/schemas/bookings';
import { api } from '@/lib/api-client';

/** PUT /availability: the expert's hours, replaced whole. */
export const saveAvailability = (body: Availability) => api.call('PUT /api/availability', { body });

/** PUT /availability/calendar: the secret address of the expert's own calendar, read at once. */
export const connectBusyCalendar = (address: string) => api.call('PUT /api/availability/calendar', { body: { address } });

/** DELETE /availability/calendar: the calendar's address and busy times forgotten. */
export const disconnectBusyCalendar = () => api.call('DELETE /api/availability/calendar');
