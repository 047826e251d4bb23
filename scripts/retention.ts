/**
 * `npm run retention`: runs data retention now (docs/decisions.md 168), as the daily schedule does,
 * and prints its result. Against the running `npm start` (its table, mail and files), or, with
 * TABLE_NAME set, against a deployed stage: AWS credentials, AWS_REGION, STAGE, FILES_BUCKET,
 * MAIL_FROM and APP_URL as the jobs Lambda has them.
 */
import { resolve } from 'node:path';
import { readStackEndpoints } from './local/stack-endpoints';

if (!process.env.TABLE_NAME) {
  const dataDir = resolve(import.meta.dirname, '..', process.env.LOCAL_DATA_DIR ?? '.local');
  const stack = readStackEndpoints(dataDir);
  if (!stack) {
    console.error(`No local stack runs on ${dataDir}: start it (npm start), or set TABLE_NAME and the stage's variables (README).`);
    process.exit(2);
  }
  Object.assign(process.env, stack);
}
process.env.LOG_LEVEL ??= 'WARN';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// Imported only now: the modules read their configuration from the environment.
const { runRetention } = await import('../functions/contexts/privacy/retention-service');
const result = await runRetention();
console.log(
  `Retention at ${result.ranAt}: ${result.examined} inactive accounts examined, ${result.warned} warned, ${result.deleted} deleted, ` +
    `${result.keptForMoney} kept while money is owed, ${result.keptAdmins} admins kept.`,
);
console.log(JSON.stringify(result));
process.exit(0);
