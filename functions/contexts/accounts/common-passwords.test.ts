import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { commonPasswordsSource } from '../../../scripts/common-passwords-source';
import { COMMON_PASSWORDS_BROTLI_BASE64 } from './common-passwords.generated';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('ships every entry of the package list that passes the length rule (regenerate when this fails)', () => {
    const shipped = brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI_BASE64, 'base64')).toString('utf8').split('\n');
    const source = commonPasswordsSource();
    expect(shipped).toEqual(source);
    // Of the package's 49,233 most common passwords, every one of 8+ characters: far beyond the 10,000 most common.
    expect(shipped.length).toBeGreaterThan(10_000);
  });

  it('refuses common passwords whatever their case, and lets a rare one through', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('iloveyou')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('Quiet-Harbour-Lantern-42')).toBe(false);
  });
});
