/** Refuses the passwords attackers try first: the most common ones of public breach corpora. */
import { brotliDecompressSync } from 'node:zlib';
import { COMMON_PASSWORDS_BROTLI_BASE64 } from './common-passwords.generated';

let common: Set<string> | undefined;

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(brotliDecompressSync(Buffer.from(COMMON_PASSWORDS_BROTLI_BASE64, 'base64')).toString('utf8').split('\n'));
  return common.has(password.normalize('NFKC').toLowerCase());
}
