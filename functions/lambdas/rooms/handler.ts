/**
 * The rooms Lambda: a booked call's room as its participants see it, and the ICE servers it connects
 * through. It alone asks Kinesis Video Streams for TURN credentials (docs/rooms.md); the signalling
 * itself goes over the WebSocket API. Event in, one service call, answer out.
 */
import { accountOfOpenSession } from '../../contexts/accounts/service';
import * as rooms from '../../contexts/rooms/service';
import { createDomainHandler } from '../../platform/http';
import { ROOMS_ROUTES } from '../../../shared/routes/rooms';

export const handler = createDomainHandler(
  ROOMS_ROUTES,
  {
    'GET /api/rooms': async (request) => ({ body: await rooms.upcomingRooms(request.caller) }),
    'GET /api/rooms/{id}': async (request) => ({ body: await rooms.roomView(request.caller, request.params.id) }),
    'GET /api/rooms/{id}/ice-servers': async (request) => ({ body: await rooms.iceServers(request.caller, request.params.id) }),
    'GET /api/admin/rooms/{id}': async (request) => ({ body: await rooms.attendanceForAdmin(request.params.id) }),
    'POST /api/rooms/{id}/report-no-show': async (request) => ({ body: await rooms.reportNoShow(request.caller, request.params.id) }),
  },
  accountOfOpenSession,
);
