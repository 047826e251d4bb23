import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { EVENTUALLY_MS } from './tests/support/eventually';
import LongestFirstSequencer from './tests/support/longest-first-sequencer';

/**
 * One `vitest run` for everything. The `stack` project (integration and browser tests) runs
 * against local stacks: the real gateway, handlers, DynamoDB Local, local S3 and mail outbox, on a
 * free port, in memory. Its global setup keeps one stack per worker slot, started when the slot's
 * first file needs it (tests/support/stack-pool.ts), so stack files run in parallel, each with a
 * stack to itself. All projects share the workers: a stack file mostly waits (the product's
 * deliberate answer delays, the browser), and unit, web and infra files fill those waits.
 * Longest files start first, across projects (tests/support/longest-first-sequencer.ts).
 * TEST_WORKERS overrides the number of workers (see tests/README.md for the measurements).
 */
/** The import aliases of the root tsconfig.json and web/vite.config.ts, for the web's tests. */
const webAliases = [
  { find: /^@shared\//, replacement: `${resolve(import.meta.dirname, 'shared')}/` },
  { find: /^@\//, replacement: `${resolve(import.meta.dirname, 'web/src')}/` },
];

export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    sequence: { sequencer: LongestFirstSequencer },
    // Every run also writes its files' times (bench/.tmp/test-file-times.json) for bench/test-times.ts.
    reporters: ['default', './bench/lib/file-times-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/architecture/**/*.test.ts', 'tests/support/**/*.test.ts'],
          // One DynamoDB Local for the files that test repositories (a table each).
          globalSetup: ['tests/support/unit-dynamo.ts'],
          // A worker's files share its loaded modules (the AWS SDK...); the setup file starts each
          // file with the worker's first environment and the tree's modules anew.
          isolate: false,
          setupFiles: ['tests/support/unit-file-setup.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          // A worker's files share one jsdom: a fresh one per file cost ~2 s each, most of the project's
          // time (112 s alone, 24 s shared). The setup file gives each file fresh app modules and a clean page.
          isolate: false,
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['tests/infra/**/*.test.ts'],
          // The stages' checks are one file (tests/infra/stages.test.ts): one worker loads aws-cdk-lib and synthesizes each configuration once.
          isolate: false,
          globalSetup: ['tests/infra/synth-dir.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack.ts'],
          // A worker's files share its loaded packages (the AWS SDK, playwright-core): about a CPU-second
          // of imports per file. The setup file starts each file afresh and points it at its stack.
          isolate: false,
          setupFiles: ['tests/support/stack-setup.ts'],
          // A guard against a hang, never a measure of speed (bench/ measures): a browser journey
          // through a whole order takes 45 s on 2 cores busy with the suite, and more on a slower day.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as any other wait for what follows an answer (support/eventually.ts).
          expect: { poll: { timeout: EVENTUALLY_MS } },
        },
      },
    ],
  },
});
