/** The expert's hours: their Availability tab edits them, their dashboard asks for them until set. */
import { api } from '@/lib/api-client';

/** GET /availability: the expert's hours, or null until they set them. */
export const loadAvailability = () => api.call('GET /api/availability');
