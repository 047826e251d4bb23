/** Room calls more than one feature makes. */
import { api } from '@/lib/api-client';

/** GET /rooms: the member's sessions, from one under way to those of the next 30 days. */
export const upcomingRooms = () => api.call('GET /api/rooms');
