import { api } from '@/lib/api-client';

/** GET /rooms/{id}/ice-servers: the relays the call may use, while the room is open. */
export const getIceServers = (orderId: string) => api.call('GET /api/rooms/{id}/ice-servers', { params: { id: orderId } });

/** POST /rooms/{id}/report-no-show: the other side never came (docs/rooms.md). */
export const reportNoShow = (orderId: string) => api.call('POST /api/rooms/{id}/report-no-show', { params: { id: orderId }, body: {} });
