import { emptyBody } from '../schemas/common';
import { type Route, r } from './route';

/**
 * The rooms Lambda's (issue 26): a booked call's room, and the ICE servers it connects through. It alone
 * asks Kinesis Video Streams for TURN credentials; the signalling goes over the WebSocket API.
 */
export const ROOMS_ROUTES = [
  r('GET', '/rooms', 'rooms', 'member'), // (added)
  r('GET', '/rooms/{id}', 'rooms', 'member'), // (added)
  r('GET', '/rooms/{id}/ice-servers', 'rooms', 'member'), // (added)
  // From 15 minutes after the start, the side in the room reports the other absent if they never connected.
  r('POST', '/rooms/{id}/report-no-show', 'rooms', 'member', { body: emptyBody }), // (added)
  // What the room recorded of a reported call, for the admin who decides it.
  r('GET', '/admin/rooms/{id}', 'rooms', 'admin'), // (added)
] as const satisfies readonly Route[];
