/**
 * One local stack of the test pool in a process of its own (the handlers read their configuration
 * from the environment and keep module state, so two stacks cannot share a process), on a free
 * port, with the test seed, a low password-hash cost, short answer floors for registration and
 * forgot-password and a lighter JVM for DynamoDB Local. What falls due with time (deadlines,
 * retention, the local Stripe's settlements and payouts) happens when the test clock moves only.
 *
 * Its state: `--seeded-from <folder>` starts from a copy of a seeded state (seeded-state.ts: the
 * run seeds once, every stack restarts from its copy, as `npm start` restarts on its .local folder),
 * in a folder of its own on tmpfs, removed at stop. Without it the stack seeds its own. `--data-dir
 * <folder>` keeps the state in that folder instead (copied there first with `--seeded-from`), for a
 * test that restarts the stack or runs an operator script on it; `--real-answer-times` keeps the
 * product's answer floors; `--without-catalogue` seeds (and finds, at a restart) the logins only.
 * `--dynamodb <endpoint> --dynamodb-folder <folder>`: the run's DynamoDB Local (run-dynamo.ts) instead
 * of a JVM of its own; the stack's database is a copy of the seeded one in that folder, under a region
 * of its own, and its other state (objects, payments, keys) a copy in its own folder. With `--data-dir`
 * (the run's seeds, seeded-state.ts), the database is left in that folder's `dynamodb/` when the stack
 * stops, as a stack with a JVM of its own leaves it there, and the run's JVM forgets it.
 * Talks to the pool over IPC (stack-pool.ts): 'ready' with the URL and environment, 'stop' to end.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseFile, LIGHT_JVM_OPTIONS } from '../../scripts/local/dynamodb';
import { startLocalStack } from '../../scripts/local/stack';
import { TEST_AUTH_ANSWER_FLOOR_MS, TEST_PASSWORD_HASH_COST, TEST_SEED, TEST_STRIPE_TIMEOUT_MS } from './seed-settings';
import { stateFolder } from './seeded-state';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'seeded-from': { type: 'string' },
    'real-answer-times': { type: 'boolean' },
    'without-catalogue': { type: 'boolean' },
    dynamodb: { type: 'string' },
    'dynamodb-folder': { type: 'string' },
  },
});

// Set here only, not in the environment handed to the tests: `npm start` in start-command.test.ts and
// functions/platform/crypto.test.ts keep the real cost.
process.env.PASSWORD_HASH_COST = String(TEST_PASSWORD_HASH_COST);
if (!values['real-answer-times']) process.env.AUTH_ANSWER_FLOOR_MS = String(TEST_AUTH_ANSWER_FLOOR_MS);
process.env.STRIPE_TIMEOUT_MS = String(TEST_STRIPE_TIMEOUT_MS);
const seededFrom = values['seeded-from'];
/** A copy made for this stack alone, removed once it stops. */
const ownCopy = seededFrom && !values['data-dir'] ? stateFolder('stack-') : undefined;
const dataDir = values['data-dir'] ?? ownCopy;
/** On the run's DynamoDB Local: this stack's database there, named by a region of its own, removed at stop. */
const shared =
  values.dynamodb && values['dynamodb-folder']
    ? { endpoint: values.dynamodb, region: `test-${randomBytes(6).toString('hex')}`, folder: values['dynamodb-folder'] }
    : undefined;
/** Where this stack's database is while it runs, in the run's DynamoDB Local. */
const sharedDatabase = shared && join(shared.folder, databaseFile(shared.region));

/** A stack that keeps its state in a folder leaves its database there too (its handlers have stopped: nothing writes to it). */
function releaseSharedDatabase(file: string): void {
  if (values['data-dir']) {
    mkdirSync(join(values['data-dir'], 'dynamodb'), { recursive: true });
    copyFileSync(file, join(values['data-dir'], 'dynamodb', databaseFile()));
  }
  rmSync(file, { force: true });
}
if (seededFrom && dataDir) {
  cpSync(seededFrom, dataDir, { recursive: true, filter: (source) => !shared || source !== join(seededFrom, 'dynamodb') });
  if (sharedDatabase) copyFileSync(join(seededFrom, 'dynamodb', databaseFile()), sharedDatabase);
}
// Stopping is set up before the start: a stack told to stop while it starts (the pool gave up on it)
// still stops DynamoDB Local's JVM, which the default signal action would leave behind.
const starting = startLocalStack({
  port: 0,
  dataDir,
  seed: values['without-catalogue'] ? { ...TEST_SEED, catalogue: false } : TEST_SEED,
  scheduledWork: false,
  dynamoJavaOptions: LIGHT_JVM_OPTIONS,
  dynamo: shared,
  // A test can make the table fail as DynamoDB fails (POST /_local/table/faults). A stack that seeds the
  // run's state serves no test: its calls go straight to the table.
  tableFaults: seededFrom !== undefined,
  // The tests' accounts, activated without their mails (support/accounts.ts).
  readyAccounts: true,
});

let stopping: Promise<void> | undefined;
const stop = () =>
  (stopping ??= starting
    .then((stack) => stack.stop())
    .catch((error: unknown) => console.error('The test stack did not stop cleanly:', error))
    .finally(() => {
      if (ownCopy) rmSync(ownCopy, { recursive: true, force: true });
      if (sharedDatabase) releaseSharedDatabase(sharedDatabase);
    }));
const stopAndExit = () => void stop().finally(() => process.exit(0));
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') stopAndExit();
});
// The pool's process died or was interrupted: never leave DynamoDB Local's JVM behind.
process.on('disconnect', stopAndExit);
process.on('SIGINT', stopAndExit);
process.on('SIGTERM', stopAndExit);

const stack = await starting;
process.send?.({ type: 'ready', url: stack.url, env: stack.env });
