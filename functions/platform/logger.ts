import { Logger } from '@aws-lambda-powertools/logger';

/** The one logger of a Lambda, created at module scope. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'marketplace', logLevel: (process.env.LOG_LEVEL as 'INFO') ?? 'INFO' });

/**
 * The message of every error that becomes a 500. The infra counts log lines with this message as
 * the UnhandledErrors metric of each Lambda and alarms on it.
 */
export const UNHANDLED_ERROR_MESSAGE = 'Unhandled error';

/**
 * The message of every request refused because its writes kept meeting others after every retry.
 * The infra counts these lines as the Contention metric of each Lambda: a rising count names a hot
 * item to design away.
 */
export const CONTENTION_MESSAGE = 'Contention';

/**
 * The message of each reconciliation's result, with its `differences` (how many balances differ)
 * and `differenceCents` (by how much in all). The infra turns these lines into the
 * ReconciliationDifferences metric and alarms on one difference.
 */
export const RECONCILIATION_MESSAGE = 'Reconciliation';
