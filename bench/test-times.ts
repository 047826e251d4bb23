/**
 * Test-suite times: per vitest project (unit, web, infra, stack) the files, tests, the files' time
 * back to back and the span from its first file to its last, the whole run's wall time, and the
 * slowest files, checked against the budgets of tests/README.md. Writes
 * bench/results/test-times.json (the shape of bench/lib/results.ts).
 *
 * Reads either report:
 * - vitest's JSON report (`--reporter=json --outputFile.json=FILE`): a file's time is from its first
 *   test's start to its last test's end, so imports, beforeAll and the wait for its stack are not in
 *   it; the project comes from vitest.config.ts's include patterns;
 * - bench/lib/file-times-reporter.ts's (`--reporter=./bench/lib/file-times-reporter.ts`, written to
 *   bench/.tmp/test-file-times.json): a file's whole time, setup file, import and hooks included.
 *
 * It also records every file's time (`files`), which tests/support/longest-first-sequencer.ts reads
 * to order a clean clone's run, longest first.
 *
 * `.ci/run` also passes its own wall time so far (`--ci-run-seconds N`: installs, lint, typecheck,
 * SPA build and tests), recorded as `ciRunSeconds` beside the machine's calibration figures.
 *
 * Run: npx vitest run --reporter=default --reporter=./bench/lib/file-times-reporter.ts
 *      npx tsx bench/test-times.ts bench/.tmp/test-file-times.json [--ci-run-seconds N] [--strict]
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { budget, ROOT, runBench, writeResults } from './lib/results';
import { machineSpeed } from './lib/machine-speed';
import config from '../vitest.config';
import type { FileTimes } from './lib/file-times-reporter';

interface JsonReport {
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number; status: string; assertionResults: { status: string }[] }[];
}

/**
 * Budgets in seconds (tests/README.md), set on issue 24's line at its close (decision 329). Sums are
 * a project's files back to back; the wall time is the run's.
 */
export const BUDGETS = {
  runWall: 480,
  slowestFile: 110,
  projectSum: { unit: 45, web: 90, infra: 35, stack: 1250 } as Record<string, number>,
};

/** Enough of a glob for vitest's include patterns: **, *, {a,b}. */
function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let at = 0; at < glob.length; at++) {
    const char = glob[at];
    if (glob.startsWith('**/', at)) {
      pattern += '(?:.*/)?';
      at += 2;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '{') {
      const end = glob.indexOf('}', at);
      pattern += `(?:${glob
        .slice(at + 1, end)
        .split(',')
        .map(escapeRegExp)
        .join('|')})`;
      at = end;
    } else pattern += escapeRegExp(char);
  }
  return new RegExp(`^${pattern}$`);
}
const escapeRegExp = (text: string) => text.replace(/[.+?^$()|[\]\\]/g, '\\$&');

type ProjectEntry = { test?: { name?: string; include?: string[] } };
const projects = ((config as { test?: { projects?: ProjectEntry[] } }).test?.projects ?? []).map((project) => ({
  name: project.test?.name ?? '?',
  include: (project.test?.include ?? []).map(globToRegExp),
}));
const projectOf = (file: string) => projects.find((project) => project.include.some((pattern) => pattern.test(file)))?.name ?? 'other';
const seconds = (ms: number) => Math.round(ms / 100) / 10;

interface FileFigure {
  file: string;
  project: string;
  seconds: number;
  tests: number;
  failedTests: number;
  startTime: number;
  endTime: number;
}

/** Files of vitest's JSON report; start and end are those of the file's tests. */
function fromJsonReport(report: JsonReport): { files: FileFigure[]; startTime: number; endTime: number; measured: string } {
  const files = report.testResults.map((result) => {
    const file = relative(ROOT, result.name);
    return {
      file,
      project: projectOf(file),
      seconds: seconds(result.endTime - result.startTime),
      tests: result.assertionResults.length,
      failedTests: result.assertionResults.filter((test) => test.status === 'failed').length,
      startTime: result.startTime,
      endTime: result.endTime,
    };
  });
  return {
    files,
    startTime: report.startTime,
    endTime: Math.max(...files.map((file) => file.endTime)),
    measured:
      "vitest JSON report: a file from its first test's start to its last test's end (setup, imports and beforeAll excluded); run wall = report start to the last test's end",
  };
}

/** Files of file-times-reporter.ts: whole durations, no start times (the span is the run's). */
function fromFileTimes(report: FileTimes): { files: FileFigure[]; startTime: number; endTime: number; measured: string } {
  const files = report.files.map((entry) => ({
    file: entry.file,
    project: entry.project,
    seconds: seconds(entry.ms),
    tests: entry.tests,
    failedTests: entry.failedTests,
    startTime: Number.NaN,
    endTime: Number.NaN,
  }));
  return {
    files,
    startTime: report.startTime,
    endTime: report.endTime,
    measured: "file-times reporter: a file's setup file, import, hooks and tests; run wall = vitest's run start to end",
  };
}

runBench(async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'ci-run-seconds': { type: 'string' }, strict: { type: 'boolean' } } });
  const path = positionals[0];
  if (!path) throw new Error('usage: tsx bench/test-times.ts <vitest JSON report | bench/.tmp/test-file-times.json> [--strict]');
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as JsonReport | FileTimes;
  const { files, startTime, endTime, measured } =
    'format' in parsed && parsed.format === 'file-times' ? fromFileTimes(parsed) : fromJsonReport(parsed as JsonReport);
  const byProject = Object.fromEntries(
    [...new Set(files.map((file) => file.project))].sort().map((name) => {
      const own = files.filter((file) => file.project === name);
      const span = Math.max(...own.map((file) => file.endTime)) - Math.min(...own.map((file) => file.startTime));
      return [
        name,
        {
          files: own.length,
          tests: own.reduce((sum, file) => sum + file.tests, 0),
          failedTests: own.reduce((sum, file) => sum + file.failedTests, 0),
          sumSeconds: Math.round(own.reduce((sum, file) => sum + file.seconds, 0) * 10) / 10,
          ...(Number.isNaN(span) ? {} : { spanSeconds: seconds(span) }),
        },
      ];
    }),
  );
  const slowest = [...files]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
    .map(({ file, project, seconds: s, tests }) => ({ file, project, seconds: s, tests }));
  const figures = {
    report: path,
    measured,
    tests: files.reduce((sum, file) => sum + file.tests, 0),
    failedTests: files.reduce((sum, file) => sum + file.failedTests, 0),
    runWallSeconds: seconds(endTime - startTime),
    ...(values['ci-run-seconds'] ? { ciRunSeconds: Number(values['ci-run-seconds']) } : {}),
    projects: byProject,
    slowestFiles: slowest,
    // Every file's time, longest first: the sequencer's order on a clean clone, where vitest has no cache.
    files: [...files].sort((a, b) => b.seconds - a.seconds).map(({ file, project, seconds: s }) => ({ file, project, seconds: s })),
    // Measured now, after the run: compare the times of two days through it (bench/lib/machine-speed.ts).
    machine: machineSpeed(),
  };
  const budgets = [
    budget('vitest run wall time', figures.runWallSeconds, 'max', BUDGETS.runWall, 's'),
    budget(`slowest file (${slowest[0]?.file ?? 'none'})`, slowest[0]?.seconds ?? 0, 'max', BUDGETS.slowestFile, 's'),
    ...Object.entries(byProject).map(([name, figure]) => budget(`${name}: files back to back`, figure.sumSeconds, 'max', BUDGETS.projectSum[name] ?? 0, 's')),
  ];
  if (figures.ciRunSeconds) console.log(`  whole .ci/run ${figures.ciRunSeconds} s`);
  console.log(
    `  run ${figures.runWallSeconds} s; ${Object.entries(byProject)
      .map(([name, f]) => `${name} ${f.sumSeconds} s in ${f.files} files`)
      .join(', ')}`,
  );
  console.log(`  machine: bare node start ${figures.machine.bareNodeMs} ms, 64 MB of SHA-256 ${figures.machine.hashMs} ms`);
  for (const file of slowest.slice(0, 5)) console.log(`  ${String(file.seconds).padStart(6)} s  ${file.file}`);
  writeResults('test-times', figures, budgets);
});
