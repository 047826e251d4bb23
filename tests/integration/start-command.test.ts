/**
 * `npm start` itself: it serves the product with its demo data on the chosen port, prints the URL
 * and the demo logins, and Ctrl-C stops it with every child process (DynamoDB Local's JVM), whenever
 * it comes: once it is running, the moment it is ready, or while it is still starting.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';
import { runStartCommand, STOP_MS } from '../../scripts/local/start-command';
import { codeAt } from '../../functions/contexts/accounts/second-factor';

const dataDir = mkdtempSync(join(tmpdir(), 'start-command-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Processes whose command line names this run's data folder (DynamoDB Local's -dbPath). */
const processesUsing = (folder: string) => {
  try {
    return execFileSync('pgrep', ['-f', folder], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

/**
 * A first start builds nothing (SKIP_WEB_BUILD) but seeds the whole demo at the product's password
 * cost: about 20 s alone on 2 cores, up to a minute while the other test files load the machine.
 */
const FIRST_START_READY_MS = 120_000;
/** The test's own guard: ready, then 30 s for the checks; or not ready, and stopped by the runner first. */
const FIRST_START_MS = FIRST_START_READY_MS + STOP_MS + 30_000;
/** Ctrl-C before the start is done: the demo data is kept from the first test, so a start takes 5 s alone, more on a busy machine. */
const STILL_STARTING_MS = 3_000;

describe('npm start', () => {
  it(
    'serves the product with demo data, lists the logins, and stops everything on Ctrl-C',
    async () => {
      // Port 0: the kernel picks a free one as the stack listens, and the printed address names it.
      const started = await runStartCommand({ PORT: '0', LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' }, FIRST_START_READY_MS);
      try {
        expect(started.url).toMatch(/^http:\/\/localhost:[1-9]\d*$/);
        expect(started.output()).toContain(DEFAULT_SEED.adminEmail);
        expect(started.output()).toContain(DEFAULT_SEED.demoPassword);
        expect((await fetch(`${started.url}/api/health`)).status).toBe(200);
        const login = await fetch(`${started.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'claire.dubois@demo.test', password: DEFAULT_SEED.demoPassword }),
        });
        expect(login.status).toBe(200);
        // No ADMIN_TOTP_SECRET: the first start makes the admin's secret and prints it, with its recovery codes, beside the login.
        const output = started.output();
        const secret = output.match(/Admin TOTP +secret ([A-Z2-7]{32}) .*otpauth:\/\/totp\//)?.[1];
        expect(secret, output).toBeDefined();
        const recoveryCodes = output
          .match(/Admin recovery codes [^:]*: (.+)/)?.[1]
          .trim()
          .split(' ');
        expect(recoveryCodes).toHaveLength(10);
        for (const code of recoveryCodes ?? []) expect(code).toMatch(/^([a-z2-9]{4}-){3}[a-z2-9]{4}$/);
        const admin = await fetch(`${started.url}/api/admin/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: DEFAULT_SEED.adminEmail, password: DEFAULT_SEED.adminPassword, code: codeAt(secret ?? '', Date.now()) }),
        });
        expect(admin.status).toBe(200);
        expect(processesUsing(dataDir)).not.toBe('');
      } finally {
        expect(await started.interrupt()).toBe(0);
      }
      expect(processesUsing(dataDir)).toBe('');
      await expect(fetch(`${started.url}/api/health`)).rejects.toThrow();
    },
    FIRST_START_MS,
  );

  it('stops every child even when Ctrl-C comes the moment it is ready', async () => {
    const started = await runStartCommand({ PORT: '0', LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' });
    expect(await started.interrupt()).toBe(0);
    expect(processesUsing(dataDir)).toBe('');
  });

  it('stops every child, and never says it is running, when Ctrl-C comes while it is still starting', async () => {
    // Not ready within STILL_STARTING_MS, the runner sends Ctrl-C and answers once the command has exited.
    const outcome = await runStartCommand({ PORT: '0', LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' }, STILL_STARTING_MS).then(
      async (started) => `said it was running, then exited ${await started.interrupt()}`,
      (error: Error) => error.message,
    );
    // Exit code 0: its handler stopped what had started; SIGINT: still loading, nothing had started.
    expect(outcome).toMatch(new RegExp(`^npm start was not ready within ${STILL_STARTING_MS} ms \\((exited 0|ended by SIGINT)\\)`));
    expect(processesUsing(dataDir)).toBe('');
  });
});
