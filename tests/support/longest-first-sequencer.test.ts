import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongestFirstSequencer from './longest-first-sequencer';

const root = mkdtempSync(join(tmpdir(), 'sequencer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, 'bench/results/test-times.json'),
  JSON.stringify({
    figures: {
      files: [
        { file: 'tests/integration/long.test.ts', project: 'stack', seconds: 140 },
        { file: 'tests/infra/stages.test.ts', project: 'infra', seconds: 30 },
        { file: 'tests/integration/short.test.ts', project: 'stack', seconds: 5 },
        { file: 'web/src/a.test.tsx', project: 'web', seconds: 2 },
        { file: 'web/src/b.test.tsx', project: 'web', seconds: 1 },
      ],
    },
  }),
);

const spec = (project: string, file: string, isolate = false) =>
  ({ project: { name: project, config: { isolate } }, moduleId: join(root, file) }) as unknown as TestSpecification;
const names = (specs: TestSpecification[]) => specs.map((one) => `${one.project.name}:${one.moduleId.slice(root.length + 1)}`);

function sequencer(cached: Record<string, { failed: boolean; duration: number }> = {}) {
  const ctx = { config: { root }, cache: { getFileTestResults: (key: string) => cached[key] } };
  return new LongestFirstSequencer(ctx as unknown as Vitest);
}

const files = [
  spec('web', 'web/src/b.test.tsx'),
  spec('stack', 'tests/integration/short.test.ts'),
  spec('web', 'web/src/a.test.tsx'),
  spec('infra', 'tests/infra/stages.test.ts'),
  spec('web', 'web/src/new.test.tsx'),
  spec('stack', 'tests/integration/long.test.ts'),
  spec('stack', 'tests/integration/new.test.ts'),
];

describe('the longest-first order', () => {
  it('on a clean clone, puts new stack files first, then the recorded run longest first, each shared project together where its longest known file is', async () => {
    expect(names(await sequencer().sort(files))).toEqual([
      'stack:tests/integration/new.test.ts',
      'stack:tests/integration/long.test.ts',
      'stack:tests/integration/short.test.ts',
      'infra:tests/infra/stages.test.ts',
      'web:web/src/a.test.tsx',
      'web:web/src/b.test.tsx',
      'web:web/src/new.test.tsx',
    ]);
  });

  it('takes vitest’s cache over the recorded run, failed files first', async () => {
    const cached = {
      'stack:tests/integration/short.test.ts': { failed: false, duration: 200_000 },
      'web:web/src/b.test.tsx': { failed: true, duration: 1 },
    };
    const order = names(
      await sequencer(cached).sort(files.map((one) => ({ ...one, project: { ...one.project, config: { isolate: true } } }) as TestSpecification)),
    );
    expect(order).toEqual([
      'stack:tests/integration/new.test.ts',
      'web:web/src/b.test.tsx',
      'stack:tests/integration/short.test.ts',
      'stack:tests/integration/long.test.ts',
      'infra:tests/infra/stages.test.ts',
      'web:web/src/a.test.tsx',
      'web:web/src/new.test.tsx',
    ]);
  });
});
