/**
 * The ES256 key pair of the access tokens, as the JWK JSON that the functions read from
 * ACCESS_TOKEN_PRIVATE_KEY and ACCESS_TOKEN_PUBLIC_KEY. On AWS the private half lives in Secrets
 * Manager; locally it is generated here.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface AccessTokenKeys {
  /** Private JWK JSON: {kty, crv, x, y, d}. */
  privateKey: string;
  /** Public JWK JSON: {kty, crv, x, y}. */
  publicKey: string;
}

export function generateAccessTokenKeys(): AccessTokenKeys {
  return asJwks(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
}

/** The pair kept in `file` (the private JWK, readable by its owner only), created at the first start. */
export function persistedAccessTokenKeys(file: string): AccessTokenKeys {
  if (existsSync(file)) return asJwks(createPrivateKey({ key: JSON.parse(readFileSync(file, 'utf8')), format: 'jwk' }));
  const keys = generateAccessTokenKeys();
  writeFileSync(file, keys.privateKey, { mode: 0o600, flag: 'wx' });
  return keys;
}

function asJwks(privateKey: KeyObject): AccessTokenKeys {
  return {
    privateKey: JSON.stringify(privateKey.export({ format: 'jwk' })),
    publicKey: JSON.stringify(createPublicKey(privateKey).export({ format: 'jwk' })),
  };
}
