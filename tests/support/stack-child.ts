/**
 * One local stack of the test pool in a process of its own (the handlers read their configuration
 * from the environment and keep module state, so two stacks cannot share a process). In memory, on
 * a free port, with the test seed, a low password-hash cost, short answer floors for registration
 * and forgot-password and a lighter JVM for DynamoDB Local. What falls due with time (deadlines,
 * retention, the local Stripe's settlements and payouts) happens when the test clock moves only.
 * `--data-dir <folder>` keeps its state there instead, as `npm start` does, for a test that restarts
 * it, and `--real-answer-times` keeps the product's answer floors. Talks to the pool over IPC
 * (stack-pool.ts): 'ready' with the URL and environment, 'stop' to end.
 */
import { parseArgs } from 'node:util';
import { freePort } from '../../scripts/local/ports';
import { LIGHT_JVM_OPTIONS } from '../../scripts/local/dynamodb';
import { startLocalStack } from '../../scripts/local/stack';
import { TEST_AUTH_ANSWER_FLOOR_MS, TEST_PASSWORD_HASH_COST, TEST_SEED } from './seed-settings';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'real-answer-times': { type: 'boolean' } } });

// Set here only, not in the environment handed to the tests: `npm start` in start-command.test.ts and
// functions/platform/crypto.test.ts keep the real cost.
process.env.PASSWORD_HASH_COST = String(TEST_PASSWORD_HASH_COST);
if (!values['real-answer-times']) process.env.AUTH_ANSWER_FLOOR_MS = String(TEST_AUTH_ANSWER_FLOOR_MS);
const stack = await startLocalStack({
  port: await freePort(),
  dataDir: values['data-dir'],
  seed: TEST_SEED,
  scheduledWork: false,
  dynamoJavaOptions: LIGHT_JVM_OPTIONS,
});

let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= stack.stop());

process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void stop().finally(() => process.exit(0));
});
// The pool's process died or was interrupted: never leave DynamoDB Local's JVM behind.
const stopAndExit = () => void stop().finally(() => process.exit(0));
process.on('disconnect', stopAndExit);
process.on('SIGINT', stopAndExit);
process.on('SIGTERM', stopAndExit);

process.send?.({ type: 'ready', url: stack.url, env: stack.env });
