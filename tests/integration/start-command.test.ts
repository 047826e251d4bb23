/**
 * `npm start` itself: it serves the product with its demo data on the chosen port, prints the URL
 * and the demo logins, and Ctrl-C stops it with every child process (DynamoDB Local's JVM).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED } from '../../scripts/local/demo-accounts';
import { freePort } from '../../scripts/local/ports';
import { runStartCommand } from '../../scripts/local/start-command';

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

describe('npm start', () => {
  it('serves the product with demo data, lists the logins, and stops everything on Ctrl-C', async () => {
    const port = await freePort();
    const started = await runStartCommand({ PORT: String(port), LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' });
    try {
      expect(started.url).toBe(`http://localhost:${port}`);
      expect(started.output()).toContain(DEFAULT_SEED.adminEmail);
      expect(started.output()).toContain(DEFAULT_SEED.demoPassword);
      expect((await fetch(`${started.url}/api/health`)).status).toBe(200);
      const login = await fetch(`${started.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'claire.dubois@demo.test', password: DEFAULT_SEED.demoPassword }),
      });
      expect(login.status).toBe(200);
      expect(processesUsing(dataDir)).not.toBe('');
    } finally {
      expect(await started.interrupt()).toBe(0);
    }
    expect(processesUsing(dataDir)).toBe('');
    await expect(fetch(`http://localhost:${port}/api/health`)).rejects.toThrow();
  });

  it('stops every child even when Ctrl-C comes the moment it is ready', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const started = await runStartCommand({ PORT: String(await freePort()), LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' });
      expect(await started.interrupt()).toBe(0);
      expect(processesUsing(dataDir)).toBe('');
    }
  });
});
