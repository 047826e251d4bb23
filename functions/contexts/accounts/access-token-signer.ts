/**
 * Mints access tokens with the ES256 private key, which only the auth Lambda may read
 * (ACCESS_TOKEN_PRIVATE_KEY from Secrets Manager on AWS). Other Lambdas verify with the public key.
 */
import { importJWK, SignJWT, type CryptoKey } from 'jose';
import { AUTH_TIMINGS } from '../../../shared/limits';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_ISSUER, type Caller } from '../../platform/access-token';
import { getSecret } from '../../platform/secrets';

let privateKey: Promise<CryptoKey | Uint8Array> | undefined;

function signingKey(): Promise<CryptoKey | Uint8Array> {
  privateKey ??= getSecret('ACCESS_TOKEN_PRIVATE_KEY').then((jwk) => importJWK(JSON.parse(jwk), ACCESS_TOKEN_ALGORITHM));
  privateKey.catch(() => (privateKey = undefined));
  return privateKey;
}

/** A token for the caller's session, valid 15 minutes (an admin's 5) but never past the session's end (epoch seconds). */
export async function signAccessToken(caller: Caller, sessionEndsAt: number): Promise<string> {
  const lifetime = caller.kind === 'admin' ? AUTH_TIMINGS.adminAccessTokenSeconds : AUTH_TIMINGS.accessTokenSeconds;
  return new SignJWT({ role: caller.role, sid: caller.sessionId, kind: caller.kind })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM })
    .setSubject(caller.userId)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.min(Math.floor(Date.now() / 1000) + lifetime, sessionEndsAt))
    .sign(await signingKey());
}
