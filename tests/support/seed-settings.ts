import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';

/** The seeded accounts of the test stack: the documented defaults, so tests read like the README. */
export const TEST_SEED = DEFAULT_SEED;
