/** Room calls more than one feature makes. */
import { api } from '@/lib/api-client';

/** GET /rooms: the member's sessions, from one under way to those of the next 30 days. */
export const upcomingRooms = () => api.call('GET /api/rooms');

/** GET /rooms/{id}: the room of a booked call, as one of its two participants sees it (the room's page, and the conversation's attendance). */
export const getRoom = (orderId: string) => api.call('GET /api/rooms/{id}', { params: { id: orderId } });
