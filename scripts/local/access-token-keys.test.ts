import { importJWK, jwtVerify, SignJWT } from 'jose';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AccessTokenKeys, generateAccessTokenKeys, persistedAccessTokenKeys } from './access-token-keys';

/** Whether a token signed with the private key verifies with the public key, as the functions use them. */
async function verifiesItsOwnTokens(keys: AccessTokenKeys): Promise<boolean> {
  const token = await new SignJWT({ sid: 's' }).setProtectedHeader({ alg: 'ES256' }).sign(await importJWK(JSON.parse(keys.privateKey), 'ES256'));
  const { payload } = await jwtVerify(token, await importJWK(JSON.parse(keys.publicKey), 'ES256'), { algorithms: ['ES256'] });
  return payload.sid === 's';
}

describe('local access-token keys', () => {
  const folders: string[] = [];
  const freshFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'access-token-keys-'));
    folders.push(folder);
    return folder;
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('are a P-256 pair as JWK JSON, the public one without its private part', async () => {
    const keys = generateAccessTokenKeys();
    expect(JSON.parse(keys.privateKey)).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), d: expect.any(String) });
    expect(JSON.parse(keys.publicKey)).toEqual({ kty: 'EC', crv: 'P-256', x: JSON.parse(keys.privateKey).x, y: JSON.parse(keys.privateKey).y });
    expect(await verifiesItsOwnTokens(keys)).toBe(true);
  });

  it('are fresh at every generation', () => {
    expect(generateAccessTokenKeys().privateKey).not.toBe(generateAccessTokenKeys().privateKey);
  });

  it('persist in a file only their owner can read, and are the same at the next start', async () => {
    const file = join(freshFolder(), 'access-token-key.json');
    const first = persistedAccessTokenKeys(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(persistedAccessTokenKeys(file)).toEqual(first);
    expect(await verifiesItsOwnTokens(first)).toBe(true);
  });
});
