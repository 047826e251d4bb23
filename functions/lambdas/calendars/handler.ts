/**
 * The calendars Lambda: an expert's own calendar, whose busy times keep their slots, and the members'
 * calendar feed files. It alone reads addresses users give and parses iCalendar, so no other Lambda
 * carries the parser or reaches out to the internet; the same library writes the feeds (docs/bookings.md). Its schedule (an EventBridge rule, every 15 minutes) reads every
 * connected calendar again. Event in, one service call, answer out.
 */
import type { APIGatewayProxyEventV2, Context, ScheduledEvent } from 'aws-lambda';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import * as busyCalendars from '../../contexts/bookings/busy-calendar-service';
import { feedFile } from '../../contexts/bookings/feed-file-service';
import { createDomainHandler } from '../../platform/http';
import { logger } from '../../platform/logger';
import { CALENDARS_ROUTES } from '../../../shared/routes/calendars';

const http = createDomainHandler(
  CALENDARS_ROUTES,
  {
    'PUT /api/availability/calendar': async (request) => ({ body: await busyCalendars.connectBusyCalendar(request.caller, request.body) }),
    'DELETE /api/availability/calendar': async (request) => ({ body: await busyCalendars.disconnectBusyCalendar(request.caller) }),
    'GET /api/calendar/{file}': async (request) => ({
      body: await feedFile(request.params.file, request.clientIp),
      contentType: 'text/calendar; charset=utf-8',
    }),
  },
  accountOfOpenSession,
);

const isScheduled = (event: unknown): boolean => (event as { source?: unknown }).source === 'aws.events';

export async function handler(event: APIGatewayProxyEventV2 | ScheduledEvent, context?: Context) {
  if (isScheduled(event)) {
    // The HTTP layer sets the keys of each request; a scheduled run carries none of the last one's.
    logger.resetKeys();
    if (context) logger.addContext(context);
    return { busyCalendars: await busyCalendars.readBusyCalendars() };
  }
  return http(event as APIGatewayProxyEventV2, context);
}
