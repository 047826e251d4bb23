/**
 * The environment an operator script runs in (`npm run reconcile`, `retention`, `admin:enrol`, `migrate`): the
 * running `npm start`'s (its table, mail, files and local Stripe), or, with TABLE_NAME set, a
 * deployed stage's, whose variables the caller sets as the Lambda has them. Call it before
 * importing any module of functions/: they read their configuration from the environment at load.
 */
import { resolve } from 'node:path';
import { readStackEndpoints } from './local/stack-endpoints';

export function enterOperatorEnvironment(): void {
  if (!process.env.TABLE_NAME) {
    const dataDir = resolve(import.meta.dirname, '..', process.env.LOCAL_DATA_DIR ?? '.local');
    const stack = readStackEndpoints(dataDir);
    if (!stack) {
      console.error(`No local stack runs on ${dataDir}: start it (npm start), or set TABLE_NAME and the stage's variables (README).`);
      process.exit(2);
    }
    // A Stripe key of the caller's (Stripe's test mode) stays: the file names only the local Stripe's.
    Object.assign(process.env, stack);
  }
  process.env.LOG_LEVEL ??= 'WARN';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}
