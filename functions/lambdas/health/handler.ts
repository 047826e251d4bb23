/** Health Lambda: 200 once the table, both buckets and the mail service answer; 503 otherwise. */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { config } from '../../platform/config';
import { db } from '../../platform/table';
import { ServiceUnavailable } from '../../platform/errors';
import { anonymousOnly, createDomainHandler } from '../../platform/http';
import { s3 } from '../../platform/s3';
import { HEALTH_ROUTES } from '../../../shared/routes/health';

async function check(name: string, probe: () => Promise<unknown>): Promise<[string, boolean]> {
  try {
    await probe();
    return [name, true];
  } catch {
    return [name, false];
  }
}

export const handler = createDomainHandler(
  HEALTH_ROUTES,
  {
    'GET /api/health': async () => {
      const checks = Object.fromEntries(
        await Promise.all([
          check('table', () => db.send(new DescribeTableCommand({ TableName: config.tableName }))),
          check('mediaBucket', () => s3.send(new HeadBucketCommand({ Bucket: config.mediaBucket }))),
          check('filesBucket', () => s3.send(new HeadBucketCommand({ Bucket: config.filesBucket }))),
          ...(config.outboxUrl
            ? [check('outbox', () => fetch(`${config.outboxUrl}/store`).then((r) => (r.ok ? r : Promise.reject(new Error(String(r.status))))))]
            : []),
        ]),
      );
      if (Object.values(checks).some((ok) => !ok))
        throw new ServiceUnavailable(
          `Not ready: ${Object.keys(checks)
            .filter((k) => !checks[k])
            .join(', ')}`,
        );
      return { body: { status: 'ok', checks } };
    },
  },
  anonymousOnly,
);
