/**
 * Verifies access tokens. Tokens are ES256: every Lambda holds only the public key
 * (ACCESS_TOKEN_PUBLIC_KEY) and can verify, never mint; the private half is the auth Lambda's alone
 * (functions/contexts/accounts/access-token-signer.ts).
 */
import { importJWK, jwtVerify, type CryptoKey } from 'jose';
import { ROLES, type Role } from '../../shared/roles';

/** Which login opened the session: the user login or the admin login. They never mix. */
export type SessionKind = 'user' | 'admin';

/** Short-lived bearer token: who the caller is, with which role, in which session. Kept in memory by the SPA. */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
  kind: SessionKind;
}

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export const ACCESS_TOKEN_ISSUER = 'marketplace';
export const ACCESS_TOKEN_ALGORITHM = 'ES256';

let publicKey: Promise<CryptoKey | Uint8Array> | undefined;

function verificationKey(): Promise<CryptoKey | Uint8Array> {
  const jwk = process.env.ACCESS_TOKEN_PUBLIC_KEY;
  if (!jwk) throw new Error('ACCESS_TOKEN_PUBLIC_KEY is not configured');
  publicKey ??= importJWK(JSON.parse(jwk), ACCESS_TOKEN_ALGORITHM);
  return publicKey;
}

const KINDS: readonly SessionKind[] = ['user', 'admin'];
const isKind = (value: string): value is SessionKind => (KINDS as readonly string[]).includes(value);

/**
 * The caller a token names, or undefined for a missing, forged or expired one. Whether its session
 * is still open is the request handling's next check (a logout ends access at once).
 */
export async function verifyAccessToken(token: string): Promise<Caller | undefined> {
  try {
    const { payload } = await jwtVerify(token, await verificationKey(), { issuer: ACCESS_TOKEN_ISSUER, algorithms: [ACCESS_TOKEN_ALGORITHM] });
    const { sub, role, sid, kind } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof role !== 'string' || typeof kind !== 'string') return undefined;
    if (!isRole(role) || !isKind(kind)) return undefined;
    // An admin account only ever holds admin sessions, and only admin accounts hold them.
    if ((role === 'admin') !== (kind === 'admin')) return undefined;
    return { userId: sub, role, sessionId: sid, kind };
  } catch {
    return undefined;
  }
}
