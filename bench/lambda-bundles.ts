/**
 * Lambda bundle size and cold init: each functions/lambdas/<name>/handler.ts (every domain of the route
 * table, plus websocket, notifications, the search indexer and the pages) bundled with esbuild exactly as infra/constructs/marketplace-function.ts
 * has CDK bundle it, then imported by fresh Node processes and compared with a bare `node -e 0`.
 *
 * Run: npx tsx bench/lambda-bundles.ts [--strict]
 */
import { build, type Metafile } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { DOMAINS } from '../shared/routes';
import { LAMBDA_BUNDLING, PAGE_BUNDLING } from '../infra/lambda-bundling';
import { generateAccessTokenKeys } from '../scripts/local/access-token-keys';
import { budget, KB, ROOT, runBench, writeResults } from './lib/results';
import { median, round } from './lib/stats';

const RUNS = 5;
const BUDGET_BYTES = 250 * KB;
/**
 * The pages Lambda renders the web app's routes (decision 297): React's server renderer, React Router
 * and the code of every route, which esbuild inlines from the router's lazy imports, each evaluated
 * only when its route is rendered (974 KB at first, a cold init as long as the admin Lambda's). Its pages
 * are cached by CloudFront, so its cold starts are rare.
 */
const PAGES_BUDGET_BYTES = 1100 * KB;
/**
 * Stripe's SDK alone is several hundred KB: the orders Lambda, the only one holding it, has its own,
 * larger budget. The auth Lambda carries 100 KB of data no other does (the common-password list),
 * the admins' TOTP library (decision 175) and, like every Lambda, the whole route table and message
 * catalogue, which the admin area's calls grew by 10 KB (decision 199).
 */
const BUDGET_BYTES_BY_ENTRY: Record<string, number> = { orders: 600 * KB, auth: 280 * KB, pages: PAGES_BUDGET_BYTES };
const ACCESS_TOKEN_KEYS = generateAccessTokenKeys();
/** What handlers read at load on AWS; values only need to be present. */
const LAMBDA_ENV = {
  TABLE_NAME: 'x',
  MEDIA_BUCKET: 'x',
  FILES_BUCKET: 'x',
  AWS_REGION: 'eu-west-3',
  APP_URL: 'https://app.example.test',
  MAIL_FROM: 'no-reply@example.test',
  SUPPORT_EMAIL: 'support@example.test',
  ACCESS_TOKEN_PRIVATE_KEY: ACCESS_TOKEN_KEYS.privateKey,
  ACCESS_TOKEN_PUBLIC_KEY: ACCESS_TOKEN_KEYS.publicKey,
  ORIGIN_SECRET: 'bench-origin-secret',
  // As marketplace-function.ts sets it on AWS.
  NODE_OPTIONS: '--enable-source-maps',
  // Lambdas run Node 22; this machine may run Node 20, whose SDK warning is not part of init.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};
/** Imports the bundle and reports the import time measured inside the process. */
const RUNNER = `const started = performance.now();
await import(process.argv[2]);
process.stdout.write(JSON.stringify({ importMs: performance.now() - started }));
process.exit(0);
`;

runBench(async () => {
  // Inside the repository, so that the external AWS SDK resolves from node_modules as it does
  // from the runtime on AWS.
  mkdirSync(join(ROOT, 'bench/.tmp'), { recursive: true });
  const outDir = mkdtempSync(join(ROOT, 'bench/.tmp/lambda-'));
  try {
    const entries = [...DOMAINS, 'websocket', 'notifications', 'search-indexer', 'pages'];
    const bundles = [];
    for (const entry of entries) bundles.push({ entry, ...(await bundle(entry, outDir)) });

    const runner = join(outDir, 'runner.mjs');
    writeFileSync(runner, RUNNER);
    // Interleaved rounds, so that a slow moment of the machine hits every target alike.
    const bare: number[] = [];
    const wall: Record<string, number[]> = Object.fromEntries(entries.map((e) => [e, []]));
    const importMs: Record<string, number[]> = Object.fromEntries(entries.map((e) => [e, []]));
    for (let run = 0; run < RUNS; run++) {
      bare.push(timeNode(['-e', '0']).wallMs);
      for (const { entry, file } of bundles) {
        const { wallMs, stdout } = timeNode([runner, file]);
        wall[entry].push(wallMs);
        importMs[entry].push((JSON.parse(stdout) as { importMs: number }).importMs);
      }
    }
    const bareMs = median(bare);

    const figures = bundles.map(({ entry, bytes, gzipBytes, topPackages }) => ({
      entry,
      minifiedBytes: bytes,
      gzipBytes,
      coldInit: {
        medianWallMs: round(median(wall[entry])),
        medianImportMs: round(median(importMs[entry])),
        ratioToBareNode: round(median(wall[entry]) / bareMs),
        overBareNodeMs: round(median(wall[entry]) - bareMs),
      },
      topPackages,
    }));
    console.log(`lambda-bundles (bare node -e 0: ${round(bareMs)} ms median of ${RUNS})`);
    for (const f of figures) {
      console.log(
        `  ${f.entry.padEnd(9)} ${(f.minifiedBytes / KB).toFixed(1).padStart(7)} KB min ${(f.gzipBytes / KB).toFixed(1).padStart(6)} KB gz  init ${f.coldInit.medianWallMs} ms (x${f.coldInit.ratioToBareNode}, import ${f.coldInit.medianImportMs} ms)`,
      );
    }
    writeResults(
      'lambda-bundles',
      {
        bundling:
          'esbuild: bundle, platform node, target node22, format esm, minify, mainFields module/main, createRequire banner, @aws-sdk/* external as the nodejs22.x runtime provides it (infra/lambda-bundling.ts); cold init loads the SDK from node_modules; sizes exclude the source map',
        coldInit: `median wall time of ${RUNS} fresh \`node runner.mjs <bundle>\` processes (NODE_OPTIONS=--enable-source-maps, the handlers' environment) vs \`node -e 0\` the same way; Node ${process.version} here, nodejs22.x on AWS`,
        gzip: 'zlib level 9',
        bareNodeMedianMs: round(bareMs),
        bundles: figures,
      },
      figures.map((f) => budget(`${f.entry} bundle minified`, f.minifiedBytes, 'max', BUDGET_BYTES_BY_ENTRY[f.entry] ?? BUDGET_BYTES, 'bytes')),
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

async function bundle(entry: string, outDir: string) {
  const file = join(outDir, entry, 'index.mjs');
  const result = await build({
    entryPoints: [join(ROOT, 'functions', 'lambdas', entry, 'handler.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLING.target,
    format: 'esm',
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: false,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    external: [...LAMBDA_BUNDLING.externalModules],
    ...(entry === 'pages' && { loader: { ...PAGE_BUNDLING.loader }, define: { ...PAGE_BUNDLING.define } }),
    metafile: true,
    logLevel: 'error',
  });
  const code = readFileSync(file);
  return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, topPackages: topPackages(result.metafile) };
}

/** The five packages (or `app` for our own code) that weigh most in the bundle: where to look first. */
function topPackages(metafile: Metafile): Record<string, number> {
  const byPackage: Record<string, number> = {};
  for (const output of Object.values(metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = path.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? 'app';
      byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
    }
  }
  return Object.fromEntries(
    Object.entries(byPackage)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5),
  );
}

/** Wall time of one fresh Node process, with only the Lambda environment (no inherited NODE_OPTIONS). */
function timeNode(args: string[]): { wallMs: number; stdout: string } {
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...LAMBDA_ENV }, encoding: 'utf8', timeout: 30_000 });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} failed (${child.status}): ${child.stderr}`);
  return { wallMs, stdout: child.stdout };
}
