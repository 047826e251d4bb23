/**
 * How long a test waits for what happens after an answer (a stream consumer's write, a mail, a
 * realtime event, the search index, a page's refresh) before it calls it lost. A guard, never a
 * measure of speed (bench/ measures): on 2 cores busy with the suite, what takes 100 ms alone took
 * over 5 s, and a test that asserted 5 s failed on it.
 */
export const EVENTUALLY_MS = 20_000;
