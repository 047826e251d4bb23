import { Logger } from '@aws-lambda-powertools/logger';

/** The one logger of a Lambda, created at module scope. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'marketplace', logLevel: (process.env.LOG_LEVEL as 'INFO') ?? 'INFO' });
