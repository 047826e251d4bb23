/**
 * jobs Lambda: a member's own data (export, self-delete) over HTTP, and data retention on its daily
 * EventBridge schedule. It holds the reads and writes of every context a member's data spans, so no
 * other Lambda needs them (decision 166). HTTP in, one service call, HTTP out.
 */
import type { APIGatewayProxyEventV2, Context, ScheduledEvent } from 'aws-lambda';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { runRetention } from '../../contexts/privacy/retention-service';
import * as privacy from '../../contexts/privacy/service';
import { createDomainHandler } from '../../platform/http';

const http = createDomainHandler(
  'jobs',
  {
    'GET /api/user/export': async (request) => ({ body: await privacy.exportStatus(request.caller) }),
    'POST /api/user/export': async (request) => ({ body: await privacy.exportData(request.caller, request.account) }),
    'POST /api/user/delete-account': async (request) => ({
      body: await privacy.deleteOwnAccount(request.account, request.body.password, { ip: request.clientIp }),
    }),
  },
  accountOfOpenSession,
);

const isScheduled = (event: unknown): boolean => (event as { source?: unknown }).source === 'aws.events';

export async function handler(event: APIGatewayProxyEventV2 | ScheduledEvent, context?: Context) {
  if (isScheduled(event)) return { retention: await runRetention() };
  return http(event as APIGatewayProxyEventV2, context);
}
