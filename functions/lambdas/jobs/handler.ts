/**
 * jobs Lambda: a member's own data (export, self-delete) over HTTP, the builds of data exports the
 * table's stream hands it (its event source mapping passes export requests only), and data
 * retention on its daily EventBridge schedule. It holds the reads and writes of every context a
 * member's data spans, so no other Lambda needs them (decisions 166 and 200). Event in, one
 * service call, answer out.
 */
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Context,
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  ScheduledEvent,
} from 'aws-lambda';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import * as dataExports from '../../contexts/privacy/export-service';
import { runRetention } from '../../contexts/privacy/retention-service';
import * as privacy from '../../contexts/privacy/service';
import { createDomainHandler } from '../../platform/http';
import { logger } from '../../platform/logger';
import { JOBS_ROUTES } from '../../../shared/routes/jobs';

const http = createDomainHandler(
  JOBS_ROUTES,
  {
    'GET /api/user/export': async (request) => ({ body: await dataExports.exportStatus(request.caller) }),
    // 202: the request is recorded, its build runs after the answer.
    'POST /api/user/export': async (request) => ({ status: 202, body: await dataExports.requestExport(request.caller) }),
    'POST /api/user/delete-account': async (request) => ({
      body: await privacy.deleteOwnAccount(request.account, request.body.password, { ip: request.clientIp }),
    }),
  },
  accountOfOpenSession,
);

const isScheduled = (event: unknown): boolean => (event as { source?: unknown }).source === 'aws.events';
const isStream = (event: unknown): event is DynamoDBStreamEvent => Array.isArray((event as { Records?: unknown }).Records);

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse>;
export async function handler(event: ScheduledEvent): Promise<{ retention: Awaited<ReturnType<typeof runRetention>> }>;
export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2>;
export async function handler(event: APIGatewayProxyEventV2 | ScheduledEvent | DynamoDBStreamEvent, context?: Context) {
  if (isStream(event) || isScheduled(event)) {
    // The HTTP layer sets the keys of each request; a build or a retention run carries none of the last one's.
    logger.resetKeys();
    if (context) logger.addContext(context);
  }
  if (isStream(event)) {
    const failed = await dataExports.buildRequestedExports(event.Records);
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  }
  if (isScheduled(event)) return { retention: await runRetention() };
  return http(event as APIGatewayProxyEventV2, context);
}
