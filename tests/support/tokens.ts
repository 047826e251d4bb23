/**
 * Access tokens signed with the local stack's real private key, for states no login can reach any
 * more (an admin account holding a user session): they prove that the server refuses what the
 * signature alone would let through.
 */
import { importJWK, SignJWT } from 'jose';
import { stackEnv } from './stack';

export async function mintAccessToken(claims: { userId: string; role: string; sessionId: string; kind: string }): Promise<string> {
  const key = await importJWK(JSON.parse(stackEnv().ACCESS_TOKEN_PRIVATE_KEY), 'ES256');
  return new SignJWT({ role: claims.role, sid: claims.sessionId, kind: claims.kind })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(claims.userId)
    .setIssuer('marketplace')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);
}

/** The claims of a token (not verified: the test holds it). */
export function claimsOf(token: string): { sub: string; role: string; sid: string; kind: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
