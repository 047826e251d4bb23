import { describe, expect, it } from 'vitest';
import { acceptedStep, codeAt, enrol, isTotpCode, normalizeCode, recoveryCodeHash, type SecondFactorRecord, stepAt } from './second-factor';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890", here in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
/** The appendix's 8-digit SHA-1 values: a 6-digit code is the same truncation modulo 10^6, its last six digits. */
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

const NOW_MS = 1_764_000_000_000;
const record = (lastStep?: number): SecondFactorRecord => ({ userId: 'admin', secret: RFC_SECRET, lastStep, recoveryCodeHashes: [], enrolledAt: '' });

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it.each(RFC_VECTORS)('gives the code of the RFC at %i s', (seconds, eightDigits) => {
    expect(codeAt(RFC_SECRET, seconds * 1000)).toBe(eightDigits.slice(-6));
  });

  it('accepts the code of this step and of one step of clock drift either way, and answers its step', () => {
    const step = stepAt(NOW_MS);
    for (const drift of [-1, 0, 1]) {
      expect(acceptedStep(record(), codeAt(RFC_SECRET, NOW_MS + drift * 30_000), NOW_MS)).toBe(step + drift);
    }
  });

  it('refuses a code two steps away, and a code that is not the secret’s', () => {
    expect(acceptedStep(record(), codeAt(RFC_SECRET, NOW_MS - 60_000), NOW_MS)).toBeUndefined();
    expect(acceptedStep(record(), codeAt(RFC_SECRET, NOW_MS + 60_000), NOW_MS)).toBeUndefined();
    const other = enrol('admin', 'admin@example.test').secret;
    expect(acceptedStep(record(), codeAt(other, NOW_MS), NOW_MS)).toBeUndefined();
  });

  it('refuses a replay: a code of the step used last, or of an earlier one', () => {
    const step = stepAt(NOW_MS);
    const code = codeAt(RFC_SECRET, NOW_MS);
    expect(acceptedStep(record(step), code, NOW_MS)).toBeUndefined();
    expect(acceptedStep(record(step + 1), code, NOW_MS)).toBeUndefined();
    expect(acceptedStep(record(step - 1), code, NOW_MS)).toBe(step);
    // The next step's code still opens once the current one was used (the authenticator moved on).
    expect(acceptedStep(record(step), codeAt(RFC_SECRET, NOW_MS + 30_000), NOW_MS)).toBe(step + 1);
  });
});

describe('enrolment', () => {
  it('makes a 160-bit base32 secret, an otpauth URI for authenticators, and ten distinct recovery codes stored hashed', () => {
    const { secret, uri, recoveryCodes, record } = enrol('admin-id', 'admin@example.test');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({ secret, algorithm: 'SHA1', digits: '6', period: '30', issuer: 'Mentorship' });
    expect(decodeURIComponent(parsed.pathname)).toContain('admin@example.test');
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(record).toMatchObject({ userId: 'admin-id', secret, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash) });
    expect(JSON.stringify(record)).not.toContain(recoveryCodes[0]);
  });

  it('keeps a given secret (ADMIN_TOTP_SECRET), written as people write it', () => {
    expect(enrol('admin-id', 'admin@example.test', RFC_SECRET).secret).toBe(RFC_SECRET);
    expect(enrol('admin-id', 'admin@example.test', RFC_SECRET.toLowerCase()).secret).toBe(RFC_SECRET);
  });

  it('reads a recovery code whatever its case, spaces and dashes, and tells it from an authenticator code', () => {
    expect(recoveryCodeHash(' ABCD-efgh-2345-6789 ')).toBe(recoveryCodeHash('abcdefgh23456789'));
    expect(isTotpCode(normalizeCode('123 456'))).toBe(true);
    expect(isTotpCode(normalizeCode('abcd-efgh-2345-6789'))).toBe(false);
    expect(isTotpCode('12345')).toBe(false);
  });
});
