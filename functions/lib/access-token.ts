import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../shared/routes';
import { AUTH_TIMINGS } from '../../shared/limits';
import { getSecret } from './secrets';

/** Short-lived bearer token: who the caller is and with which role. Kept in memory by the SPA. */
export interface Caller {
  userId: string;
  role: Role;
  sessionId: string;
}

const ISSUER = 'marketplace';
const key = async () => new TextEncoder().encode(await getSecret('JWT_SECRET'));

export async function signAccessToken(caller: Caller): Promise<string> {
  return new SignJWT({ role: caller.role, sid: caller.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(caller.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${AUTH_TIMINGS.accessTokenSeconds}s`)
    .sign(await key());
}

/** The caller of a valid token, or undefined for a missing, forged or expired one. */
export async function verifyAccessToken(token: string): Promise<Caller | undefined> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, algorithms: ['HS256'] });
    const role = payload.role;
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    if (role !== 'user' && role !== 'professor' && role !== 'admin') return undefined;
    return { userId: payload.sub, role, sessionId: payload.sid };
  } catch {
    return undefined;
  }
}
