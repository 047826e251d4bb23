/**
 * The whole CI run of an earlier commit against main's, on this machine, back to back: each side is
 * a clean clone (`git clone` of this repository, then `git checkout`) that runs `bash .ci/run` as CI
 * does, timed from outside. The machine's speed moves from one day to the next and within an hour,
 * so only the ratio of two runs made one after the other says anything; each pair alternates which
 * side goes first, so that a drift of the machine's speed does not favour one side. Before each run
 * the machine's calibration figures are taken (bench/lib/machine-speed.ts), as test-times.json
 * records them. Writes bench/results/test-compare.json (test-compare-without.json with --without);
 * each run's log and its own bench/results/test-times.json stay in the folder it names.
 *
 * Run: npm run test:compare -- <commit> [--pairs 3] [--against <commit>] [--head-first] [--without <list>]
 *      (against: main by default; --head-first: the first pair runs main first, to alternate across invocations;
 *      without: a file listing test files, one per line, removed from main's clone before its run: issue 24's
 *      own line is main without the test files the later issues added, bench/later-issues-tests.txt, decision 324)
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type MachineSpeed, machineSpeed } from './lib/machine-speed';
import { ROOT, runBench, writeResults } from './lib/results';
import { median, round } from './lib/stats';

interface CiRun {
  commit: string;
  seconds: number;
  exitCode: number;
  machineBefore: MachineSpeed;
  loadBefore: number;
  log: string;
}

const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();

/** A full commit id, or a clear error. */
function resolveCommit(name: string): string {
  const commit = git('rev-parse', '--verify', '--quiet', `${name}^{commit}`);
  if (!commit) throw new Error(`${name} is not a commit of this repository`);
  return commit;
}

/** The test files a `--without` list names (one path per line; `#` starts a comment). */
function listedFiles(list: string): string[] {
  return readFileSync(join(ROOT, list), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/**
 * `bash .ci/run` in a fresh clone of `commit`, without the `removed` test files; the clone is
 * removed afterwards, its log kept. A listed file the commit lacks stops the comparison: the list
 * no longer says what it measures.
 */
async function ciRun(commit: string, label: string, logDir: string, pair: number, removed: string[] = []): Promise<CiRun> {
  const folder = mkdtempSync(join(tmpdir(), `ci-${label}-`));
  const clone = spawnSync('git', ['clone', '--quiet', ROOT, folder], { stdio: 'inherit' });
  if (clone.status !== 0) throw new Error(`git clone into ${folder} failed`);
  spawnSync('git', ['checkout', '--quiet', commit], { cwd: folder, stdio: 'inherit' });
  for (const file of removed) {
    if (!existsSync(join(folder, file))) throw new Error(`${file}, listed to be left out, is not in ${commit.slice(0, 7)}`);
    rmSync(join(folder, file));
  }
  const machineBefore = machineSpeed();
  const loadBefore = round(loadavg()[0]);
  // One log per pair and side: a later pair's run of the same commit must not overwrite an earlier one's.
  const log = join(logDir, `pair${pair}-${label}-${commit.slice(0, 7)}.log`);
  const output = createWriteStream(log);
  const started = performance.now();
  const exitCode = await new Promise<number>((resolveRun) => {
    const child = spawn('bash', ['.ci/run'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(output, { end: false });
    child.stderr.pipe(output, { end: false });
    child.on('close', (code) => resolveRun(code ?? 1));
  });
  const seconds = round((performance.now() - started) / 1000, 1);
  output.end();
  // The run's own figures (ciRunSeconds, per project, the slowest files), kept beside its log.
  const figures = join(folder, 'bench/results/test-times.json');
  if (existsSync(figures)) copyFileSync(figures, log.replace(/\.log$/, '-test-times.json'));
  rmSync(folder, { recursive: true, force: true });
  console.log(
    `  ${label} ${commit.slice(0, 7)}: ${seconds} s, exit ${exitCode} (bare node ${machineBefore.bareNodeMs} ms, hash ${machineBefore.hashMs} ms, load ${loadBefore}); log ${log}`,
  );
  return { commit, seconds, exitCode, machineBefore, loadBefore, log };
}

runBench(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      pairs: { type: 'string', default: '1' },
      against: { type: 'string', default: 'main' },
      'head-first': { type: 'boolean' },
      strict: { type: 'boolean' },
      without: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new Error('usage: npm run test:compare -- <commit> [--pairs N] [--against <commit>] [--head-first] [--without <list>]');
  const base = resolveCommit(positionals[0]);
  const head = resolveCommit(values.against);
  const pairs = Math.max(1, Number(values.pairs) || 1);
  const removed = values.without ? listedFiles(values.without) : [];
  const logDir = mkdtempSync(join(tmpdir(), 'test-compare-'));
  console.log(
    `Comparing .ci/run of ${base.slice(0, 7)} (base) and ${head.slice(0, 7)} (${values.against}${removed.length > 0 ? ` without the ${removed.length} test files of ${values.without}` : ''}), ${pairs} pair(s), back to back on this machine`,
  );

  const results: { pair: number; base: CiRun; head: CiRun; ratio: number }[] = [];
  for (let pair = 1; pair <= pairs; pair++) {
    // Alternate the order: a machine getting slower or faster over the hour favours neither side.
    const baseFirst = (pair % 2 === 1) !== Boolean(values['head-first']);
    const runBase = () => ciRun(base, 'base', logDir, pair);
    const runHead = () => ciRun(head, 'head', logDir, pair, removed);
    const first = await (baseFirst ? runBase() : runHead());
    const second = await (baseFirst ? runHead() : runBase());
    const [baseRun, headRun] = baseFirst ? [first, second] : [second, first];
    const ratio = round(headRun.seconds / baseRun.seconds, 3);
    results.push({ pair, base: baseRun, head: headRun, ratio });
    console.log(`  pair ${pair}: base ${baseRun.seconds} s, head ${headRun.seconds} s, ratio ${ratio}`);
  }

  const figures = {
    base,
    head,
    against: values.against,
    ...(values.without && { without: values.without, removedTestFiles: removed.length }),
    pairs: results,
    medianRatio: round(median(results.map((result) => result.ratio)), 3),
    allPassed: results.every((result) => result.base.exitCode === 0 && result.head.exitCode === 0),
  };
  console.log(`Ratio head/base: ${results.map((result) => result.ratio).join(', ')} (median ${figures.medianRatio})`);
  // Issue 24's line (without the later issues' test files) and whole main's are kept apart.
  writeResults(values.without ? 'test-compare-without' : 'test-compare', figures);
});
