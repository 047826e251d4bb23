/**
 * `npm run migrate`: brings the stored items to the shapes of this version (scripts/migrations.ts
 * says what, in order). Against the running `npm start`, or, with TABLE_NAME, AWS credentials and
 * AWS_REGION set, against a deployed stage's table after its deploy. Idempotent: a second run finds
 * nothing to do.
 */
import { enterOperatorEnvironment } from './operator-environment';

enterOperatorEnvironment();

// Imported only now: the modules read their configuration from the environment.
const { runMigrations } = await import('./migrations');
for (const line of await runMigrations()) console.log(line);
