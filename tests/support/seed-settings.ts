import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';

/** The seeded accounts of the test stack: the documented defaults, so tests read like the README. */
export const TEST_SEED = DEFAULT_SEED;

/**
 * scrypt's cost (log2 N) in the test stacks: 2^10 (1 MiB, about 2 ms) instead of the product's 2^17
 * (128 MiB, about 0.3 s of CPU per hash, paid at every registration, login and reset). Hashes record
 * their own N, so the seeded and the registered accounts verify alike. functions/platform/crypto.test.ts
 * and `npm start` (start-command.test.ts) keep the real cost: they never see this setting.
 */
export const TEST_PASSWORD_HASH_COST = 10;
