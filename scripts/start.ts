/** `npm start` (built SPA) and `npm run dev` (Vite hot reload): the whole product on one origin. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SEED, DEMO_EXPERTS, DEMO_STUDENTS } from './local/demo-accounts';
import { LIGHT_JVM_OPTIONS } from './local/dynamodb';
import { startLocalStack } from './local/stack';

const started = Date.now();
const dev = process.argv.includes('--dev');
const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(root, process.env.LOCAL_DATA_DIR ?? '.local');
const seed = {
  adminEmail: process.env.ADMIN_EMAIL ?? DEFAULT_SEED.adminEmail,
  adminPassword: process.env.ADMIN_PASSWORD ?? DEFAULT_SEED.adminPassword,
  adminTotpSecret: process.env.ADMIN_TOTP_SECRET || undefined,
  demoPassword: process.env.DEMO_PASSWORD ?? DEFAULT_SEED.demoPassword,
};

// Built while the stack starts (each keeps a core busy); the address is printed once both are done.
const building = !dev && (process.env.SKIP_WEB_BUILD !== '1' || !existsSync(resolve(root, 'web/dist/index.html'))) ? buildWeb() : undefined;

const starting = startLocalStack({ port, host: process.env.HOST, dataDir, dev, seed, dynamoJavaOptions: LIGHT_JVM_OPTIONS });

// Ctrl-C stops every part, whenever it comes: even while the stack is still starting.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    starting
      .then((started) => started.stop())
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });
}

const [stack] = await Promise.all([starting, building]);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const { adminSecondFactor } = stack;
// Shown once: only their hashes are kept.
const recoveryCodes = adminSecondFactor.recoveryCodes
  ? `\n  Admin recovery codes (shown this once; each works once): ${adminSecondFactor.recoveryCodes.join(' ')}`
  : '';
// A Ctrl-C that came while it started: it is stopping, so it says nothing is running, but still
// shows the recovery codes this start made (a later start cannot show them again; decision 327).
if (stopping) {
  if (recoveryCodes) console.log(recoveryCodes);
} else {
  announce();
}

function announce(): void {
  console.log(`
Marketplace is running at ${stack.url}  (ready in ${seconds} s${dev ? ', hot reload on' : ''})

  Mail outbox   ${stack.url}/_local/mails
  Health        ${stack.url}/api/health
  Data          ${dataDir}  (npm run reset empties it)

  Admin         ${seed.adminEmail} / ${seed.adminPassword}   → ${stack.url}/admin/login
  Admin TOTP    secret ${adminSecondFactor.secret}  (add it to an authenticator app, or open: ${adminSecondFactor.uri})${recoveryCodes}
  Experts       ${DEMO_EXPERTS.slice(0, 3)
    .map((p) => p.email)
    .join(', ')} …
  Students      ${DEMO_STUDENTS.map((p) => p.email).join(', ')}
  Demo password ${seed.demoPassword}

Press Ctrl-C to stop.`);
}

/** The web app as `npm run build:web` builds it: Vite's build, then its public pages prerendered (decision 290). */
async function buildWeb(): Promise<void> {
  console.log('Building the web app…');
  await run('vite', [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  await run('prerender', ['--import', 'tsx', resolve(root, 'scripts/prerender-pages.ts')]);
}

function run(name: string, args: string[]): Promise<void> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  return new Promise((resolveRun, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`The web app's build failed in ${name} (exit code ${code})`))));
  });
}
