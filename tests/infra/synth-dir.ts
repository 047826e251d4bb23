/**
 * The `infra` project's global setup: one temporary folder for the run's synths (tests/infra/synth.ts
 * synthesizes each stage configuration once and keeps its files while the checks may read
 * them), removed when the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    infraSynthDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
  project.provide('infraSynthDir', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
