/** The one shape every benchmark writes to bench/results/<name>.json, and the --strict exit rule. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { round } from './stats';

export const ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = join(ROOT, 'bench/results');

/** Sizes in budgets use 1 KB = 1000 bytes (the stricter reading). */
export const KB = 1000;

export interface Budget {
  name: string;
  /** Measured value and its limit, in `unit`. */
  value: number;
  limit: number;
  unit: string;
  /** `max`: value must be <= limit; `min`: value must be >= limit. */
  kind: 'max' | 'min';
  pass: boolean;
}

export function budget(name: string, value: number, kind: Budget['kind'], limit: number, unit: string): Budget {
  return { name, value, limit, unit, kind, pass: kind === 'max' ? value <= limit : value >= limit };
}

export interface BenchResult {
  bench: string;
  date: string;
  node: string;
  platform: string;
  cores: number;
  cpuModel: string;
  durationSeconds: number;
  /** 1-minute load average at start and end: figures taken on a busy machine are not comparable. */
  loadAverage: { start: number; end: number };
  figures: unknown;
  budgets: Budget[];
  allBudgetsPass: boolean;
}

const started = Date.now();
const loadAtStart = loadavg()[0];

/** Writes the result file, prints the budget lines, and sets the exit code for --strict. */
export function writeResults(bench: string, figures: unknown, budgets: Budget[] = []): BenchResult {
  const result: BenchResult = {
    bench,
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    loadAverage: { start: round(loadAtStart), end: round(loadavg()[0]) },
    figures,
    budgets,
    allBudgetsPass: budgets.every((b) => b.pass),
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${bench}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  for (const b of budgets) {
    console.log(`  budget ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value} ${b.unit} (${b.kind === 'max' ? '<=' : '>='} ${b.limit})`);
  }
  console.log(
    `  -> ${file.slice(ROOT.length + 1)} (${result.durationSeconds} s, load average ${result.loadAverage.start} -> ${result.loadAverage.end} on ${result.cores} cores)`,
  );
  // Timings never fail a run; budgets do only when asked to (CI can pass --strict).
  if (process.argv.includes('--strict') && !result.allBudgetsPass) process.exitCode = 1;
  return result;
}

/** Runs a benchmark's main function; a crash prints the error and exits non-zero. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    // Exit explicitly: a keep-alive socket left by a client library must not hold the run open.
    () => process.exit(process.exitCode ?? 0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
