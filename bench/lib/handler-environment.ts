/**
 * What scripts/local/stack.ts gives the handlers, for the benchmarks that call them in a child
 * process (the handlers read their configuration at import): the table on the bench's DynamoDB
 * Local, the buckets' names, signing keys of this run, and whatever the bench adds (an S3
 * endpoint, the local Stripe).
 */
import { randomBytes } from 'node:crypto';
import { generateAccessTokenKeys } from '../../scripts/local/access-token-keys';
import { LOCAL_CREDENTIALS } from '../../scripts/local/dynamodb';

export const BENCH_TABLE_NAME = 'marketplace';
export const BENCH_MEDIA_BUCKET = 'marketplace-media';
export const BENCH_FILES_BUCKET = 'marketplace-files';

export function handlerEnvironment(
  dynamodbEndpoint: string,
  { appUrl = 'http://localhost:3000', ...extra }: { appUrl?: string } & Record<string, string> = {},
): Record<string, string> {
  const keys = generateAccessTokenKeys();
  return {
    ...LOCAL_CREDENTIALS,
    // Lambdas run Node.js 22 on AWS; this machine may run Node 20 (as scripts/local/stack.ts says).
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    TABLE_NAME: BENCH_TABLE_NAME,
    MEDIA_BUCKET: BENCH_MEDIA_BUCKET,
    FILES_BUCKET: BENCH_FILES_BUCKET,
    DYNAMODB_ENDPOINT: dynamodbEndpoint,
    // No socket is open: a move's immediate push finds no connection and posts nothing.
    WS_MANAGEMENT_ENDPOINT: 'http://127.0.0.1:9/_local/connections',
    APP_URL: appUrl,
    MAIL_FROM: 'no-reply@mentorship.test',
    SUPPORT_EMAIL: 'support@mentorship.test',
    ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey,
    ACCESS_TOKEN_PUBLIC_KEY: keys.publicKey,
    ORIGIN_SECRET: randomBytes(32).toString('base64url'),
    STAGE: 'local',
    // The arrangements' logins: test stacks' cost (scrypt's default is 17).
    PASSWORD_HASH_COST: '10',
    POWERTOOLS_SERVICE_NAME: 'marketplace-bench',
    LOG_LEVEL: 'ERROR',
    ...extra,
  };
}
