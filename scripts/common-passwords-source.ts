/**
 * Where the common-password list comes from (build time only: the Lambda loads the generated file).
 * The package ranks passwords by frequency in breach corpora; entries shorter than the minimum
 * length are refused by that rule already, so only the longer ones are kept.
 */
import { brotliCompressSync, constants } from 'node:zlib';
import { createRequire } from 'node:module';
import { LIMITS } from '../shared/limits';

export function commonPasswordsSource(): string[] {
  const ranked: string[] = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json');
  return ranked.filter((password) => password.length >= LIMITS.passwordMin);
}

export function encodeCommonPasswords(passwords: string[]): string {
  return brotliCompressSync(passwords.join('\n'), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).toString('base64');
}
