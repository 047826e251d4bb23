import { describe, expect, it } from 'vitest';
import { hashPassword, randomSecret, sha256, verifyPassword } from './crypto';

/** Each hash at the product's cost takes ~0.3 s of CPU and 128 MiB: far more on a machine busy with the whole suite. */
const HASHING_TIMEOUT_MS = 30_000;

describe('password hashing', () => {
  it(
    'hashes with scrypt at N=2^17, r=8, p=1 and a random salt',
    async () => {
      const [a, b] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
      expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      expect(a).not.toBe(b);
    },
    HASHING_TIMEOUT_MS,
  );

  it(
    'verifies the right password only',
    async () => {
      const stored = await hashPassword('correct horse');
      expect(await verifyPassword('correct horse', stored)).toBe(true);
      expect(await verifyPassword('correct horsE', stored)).toBe(false);
      expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    },
    HASHING_TIMEOUT_MS,
  );
});

describe('secrets', () => {
  it('are 256-bit URL-safe values, stored as a SHA-256 digest', () => {
    const secret = randomSecret();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(sha256(secret)).not.toBe(secret);
    expect(sha256(secret)).toBe(sha256(secret));
  });
});
