import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

/**
 * One `vitest run` for everything. The `stack` project (integration and browser tests) runs
 * against one local stack started by its global setup: the real gateway, handlers, DynamoDB
 * Local, local S3 and mail outbox, on a free port, in memory.
 */
/** The import aliases of the root tsconfig.json and web/vite.config.ts, for the web's tests. */
const webAliases = [
  { find: /^@shared\//, replacement: `${resolve(import.meta.dirname, 'shared')}/` },
  { find: /^@\//, replacement: `${resolve(import.meta.dirname, 'web/src')}/` },
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', environment: 'node', include: ['functions/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/architecture/**/*.test.ts'] } },
      { plugins: [react()], resolve: { alias: webAliases }, test: { name: 'web', environment: 'jsdom', include: ['web/src/**/*.test.{ts,tsx}'], setupFiles: ['web/src/test/setup.ts'] } },
      { test: { name: 'infra', environment: 'node', include: ['tests/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-stack.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
