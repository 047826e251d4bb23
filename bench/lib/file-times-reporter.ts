/**
 * A vitest reporter for bench/test-times.ts: each test file's project and its whole time (setup
 * files, import, hooks and tests; vitest's JSON report has the tests only), the run's start and end.
 * Writes bench/.tmp/test-file-times.json (TEST_FILE_TIMES overrides the path).
 *
 * Use: npx vitest run --reporter=default --reporter=./bench/lib/file-times-reporter.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { ROOT } from './results';

export interface FileTimes {
  format: 'file-times';
  startTime: number;
  endTime: number;
  files: {
    file: string;
    project: string;
    state: string;
    tests: number;
    failedTests: number;
    ms: number;
    setupMs: number;
    importMs: number;
    testsAndHooksMs: number;
  }[];
}

export const FILE_TIMES_PATH = process.env.TEST_FILE_TIMES ?? join(ROOT, 'bench/.tmp/test-file-times.json');

export default class FileTimesReporter implements Reporter {
  private startTime = Date.now();

  onTestRunStart(): void {
    this.startTime = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const tests = [...module.children.allTests()];
      return {
        file: relative(ROOT, module.moduleId),
        project: module.project.name,
        state: module.state(),
        tests: tests.length,
        failedTests: tests.filter((test) => test.result().state === 'failed').length,
        ms: Math.round(diagnostic.setupDuration + diagnostic.collectDuration + diagnostic.duration),
        setupMs: Math.round(diagnostic.setupDuration),
        importMs: Math.round(diagnostic.collectDuration),
        testsAndHooksMs: Math.round(diagnostic.duration),
      };
    });
    const report: FileTimes = { format: 'file-times', startTime: this.startTime, endTime: Date.now(), files };
    mkdirSync(dirname(FILE_TIMES_PATH), { recursive: true });
    writeFileSync(FILE_TIMES_PATH, `${JSON.stringify(report, null, 2)}\n`);
  }
}
