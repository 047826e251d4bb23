import { createHash, randomBytes, scrypt, timingSafeEqual, randomUUID } from 'node:crypto';
import { config } from './config';

/**
 * Password hashing with scrypt at OWASP ASVS 5.0 strength: N=2^17, r=8, p=1 (128 MiB of memory
 * per hash). The parameters are stored with each hash so that they can be raised later, and so that
 * a hash verifies whatever the current setting (config.passwordHashCost: lower in test stacks only).
 */
const SCRYPT = { r: 8, p: 1, keyLength: 32 };
const MAXMEM = 256 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAXMEM }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const N = 2 ** config.passwordHashCost;
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(N), Number(r), Number(p), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Burns the same time as a real verification, so unknown addresses cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A random URL-safe secret (256 bits). */
export const randomSecret = () => randomBytes(32).toString('base64url');

/** Secrets are stored as their SHA-256 only; a stolen table never yields a usable token. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const newId = () => randomUUID();
