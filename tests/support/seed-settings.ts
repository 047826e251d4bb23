import { DEFAULT_SEED, type SeedSettings } from '../../scripts/local/demo-accounts';

/**
 * The seeded accounts of the test stack: the documented defaults, so tests read like the README,
 * and a known admin TOTP secret (ADMIN_TOTP_SECRET), so that tests compute the admin's codes.
 */
export const TEST_SEED = { ...DEFAULT_SEED, adminTotpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } satisfies SeedSettings;

/**
 * scrypt's cost (log2 N) in the test stacks: 2^10 (1 MiB, about 2 ms) instead of the product's 2^17
 * (128 MiB, about 0.3 s of CPU per hash, paid at every registration, login and reset). Hashes record
 * their own N, so the seeded and the registered accounts verify alike. functions/platform/crypto.test.ts
 * and `npm start` (start-command.test.ts) keep the real cost: they never see this setting.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * How long registration and forgot-password take at least in the test stacks: 50 ms instead of the
 * product's 1.2 s and 0.7 s (AUTH_TIMINGS), which every test paid for each account it registered.
 * integration/account-enumeration.test.ts, which measures that those answers take the same time
 * whatever the address, runs on a stack of its own with the real floors (`--real-answer-times`).
 */
export const TEST_AUTH_ANSWER_FLOOR_MS = 50;

/**
 * How long the test stacks' Stripe SDK waits for the local Stripe: 3 s instead of 10, so that a
 * test of the timeout fault (decision 279) waits 3 s per try; a local Stripe's answer under a loaded
 * CI machine still comes in well under it.
 */
export const TEST_STRIPE_TIMEOUT_MS = 3000;
