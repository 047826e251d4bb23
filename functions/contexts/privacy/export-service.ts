/**
 * A member's data export as an asynchronous job (decisions 200 to 202). `POST /user/export` records
 * a request (building) and answers at once; the table's stream hands the request to the jobs
 * Lambda, which builds the document into the private bucket and ends the request ready, or failed
 * after its retries, with the event that pushes the news to the member's pages and mails them once
 * it is ready. `GET /user/export` answers where it stands, and a fresh signed address once ready.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { DATA_EXPORTS, RATE_LIMITS, RETENTION } from '../../../shared/limits';
import type { DataExportStatus } from '../../../shared/schemas/account-data';
import { MSG } from '../../../shared/texts';
import type { Caller } from '../../platform/access-token';
import { nowIso, nowMs } from '../../platform/clock';
import { newId } from '../../platform/crypto';
import { logger, UNHANDLED_ERROR_MESSAGE } from '../../platform/logger';
import { giveBackToLimit, takeFromLimit } from '../../platform/rate-windows';
import { fileDownloadUrl, keepJson } from '../../platform/uploads';
import * as accounts from '../accounts/service';
import { announcement } from '../realtime/service';
import { type DataExportRecord, exportFileKey, fromDataExportItem, isStale, isStillKept } from './data-export';
import { dataOf } from './export-document';
import * as repo from './export-repository';

const EXPORT_LIMIT = 'exports';

// Requests and their status (HTTP) ---------------------------------------------------------------

/**
 * POST /user/export: a new request, building, unless one is building already, which is answered
 * instead (no second job). Counts against the member's limit only when it starts a build.
 */
export async function requestExport(caller: Caller): Promise<DataExportStatus> {
  const latest = await latestRequest(caller.userId);
  if (latest?.status === 'building') return statusOf(latest);
  await takeFromLimit(EXPORT_LIMIT, RATE_LIMITS.exportsPerAccount, caller.userId, MSG.exportLimited);
  const request: DataExportRecord = { userId: caller.userId, requestId: newId(), status: 'building', requestedAt: nowIso() };
  if (await repo.putRequest(request, latest)) return statusOf(request);
  // A request of another tab got there first: that one is building, and this one never was.
  await giveBackToLimit(EXPORT_LIMIT, caller.userId);
  const winner = await repo.getRequest(caller.userId);
  return winner ? statusOf(winner) : { msg: MSG.exportNone, status: 'none' };
}

/** GET /user/export: the member's latest request, with a fresh short-lived address once ready and while kept. */
export async function exportStatus(caller: Caller): Promise<DataExportStatus> {
  const latest = await latestRequest(caller.userId);
  return latest ? statusOf(latest) : { msg: MSG.exportNone, status: 'none' };
}

/** The member's latest request; one whose build was lost (building too long) is ended failed first. */
async function latestRequest(userId: string): Promise<DataExportRecord | undefined> {
  const latest = await repo.getRequest(userId);
  if (!latest || !isStale(latest, nowMs(), DATA_EXPORTS.staleAfterSeconds)) return latest;
  logger.warn('Data export lost its build', { requestId: latest.requestId, requestedAt: latest.requestedAt });
  await fail(latest);
  return repo.getRequest(userId);
}

async function statusOf(request: DataExportRecord): Promise<DataExportStatus> {
  const { requestId, requestedAt } = request;
  if (request.status === 'building') return { msg: MSG.exportBuilding, status: 'building', requestId, requestedAt };
  if (request.status === 'failed') return { msg: request.failure ?? MSG.exportBuildFailed, status: 'failed', requestId, requestedAt };
  if (!request.fileKey || !isStillKept(request, nowMs())) return { msg: MSG.exportNone, status: 'none' };
  return {
    msg: MSG.exportReady,
    status: 'ready',
    requestId,
    requestedAt,
    createdAt: request.builtAt,
    url: await fileDownloadUrl(request.fileKey, RETENTION.exportLinkSeconds),
    expiresAt: new Date(Date.now() + RETENTION.exportLinkSeconds * 1000).toISOString(),
  };
}

// Builds (the table's stream) ----------------------------------------------------------------------

/**
 * Builds the requests the stream's records wrote (the mapping's filter passes building requests
 * only); answers the sequence numbers of the records whose build could not be ended, for the
 * mapping to hand them over again.
 */
export async function buildRequestedExports(records: DynamoDBRecord[]): Promise<string[]> {
  const failed: string[] = [];
  for (const record of records) {
    try {
      const image = record.dynamodb?.NewImage;
      if (image) await build(fromDataExportItem(unmarshall(image as Record<string, AttributeValue>)));
    } catch (error) {
      logger.error(UNHANDLED_ERROR_MESSAGE, { error: error as Error, sequenceNumber: record.dynamodb?.SequenceNumber });
      failed.push(record.dynamodb?.SequenceNumber ?? '');
    }
  }
  return failed;
}

/**
 * Builds one request, if it is still the member's latest and building (a duplicate record, or one
 * for a request since replaced, changes nothing), trying again after each of DATA_EXPORTS'
 * pauses; then ends it ready, or failed with what the member can do.
 */
async function build(requested: DataExportRecord): Promise<void> {
  const request = await repo.getRequest(requested.userId);
  if (request?.status !== 'building' || request.requestId !== requested.requestId) return;
  const account = await accounts.getAccount(request.userId);
  if (!account || account.isDeleted) {
    await fail(request);
    return;
  }
  const fileKey = exportFileKey(request.userId, request.requestId);
  for (const pauseMs of [0, ...DATA_EXPORTS.retryPausesMs]) {
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    try {
      await keepJson(fileKey, await dataOf(account), 'my-data.json');
      const ready: DataExportRecord = { ...request, status: 'ready', builtAt: nowIso(), fileKey };
      await repo.endRequest(
        ready,
        announcement([request.userId], { type: 'dataExportChanged', status: 'ready' }, { kind: 'dataExportReady', userId: request.userId }).put,
      );
      return;
    } catch (error) {
      logger.warn('Data export build failed', { requestId: request.requestId, error: error as Error });
    }
  }
  logger.error('Data export failed after its retries', { requestId: request.requestId });
  await fail(request);
}

/** Ends a building request failed; its member's open pages hear it (no mail: they asked again from the page). */
async function fail(request: DataExportRecord): Promise<void> {
  const failed: DataExportRecord = { ...request, status: 'failed', failure: MSG.exportBuildFailed };
  await repo.endRequest(failed, announcement([request.userId], { type: 'dataExportChanged', status: 'failed' }).put);
}
