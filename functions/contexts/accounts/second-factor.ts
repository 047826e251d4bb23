/**
 * The admins' second factor: a TOTP of RFC 6238 (HMAC-SHA-1, 30 s steps, 6 digits, as every
 * authenticator app reads from an `otpauth://` URI) and single-use recovery codes. Pure rules: the
 * secret and the used step live in the repository (second-factor-repository.ts).
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { SECOND_FACTOR } from '../../../shared/limits';
import { sha256 } from '../../platform/crypto';

export interface SecondFactorRecord {
  userId: string;
  /** The shared secret, base32 (RFC 4648), as authenticators take it. */
  secret: string;
  /** The last time step a code was accepted for: a code of it or of an earlier step is a replay. */
  lastStep?: number;
  /** SHA-256 of each recovery code not used yet. */
  recoveryCodeHashes: string[];
  enrolledAt: string;
  /** A new secret the admin asked for, until its first code confirms it (or it expires): the factor in use stays meanwhile. */
  pending?: { secret: string; expiresAt: string };
}

/** A new enrolment: what the admin keeps (secret, URI, recovery codes) and what the table keeps. */
export interface Enrolment {
  secret: string;
  uri: string;
  recoveryCodes: string[];
  record: SecondFactorRecord;
}

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: SECOND_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: SECOND_FACTOR.digits,
    period: SECOND_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** The `otpauth://` URI an authenticator app reads (as a QR code or pasted). */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export const newSecret = () => new Secret({ size: 20 }).base32;

/** A 160-bit secret (RFC 4226's recommended length), or the one given (ADMIN_TOTP_SECRET), with fresh recovery codes. */
export function enrol(userId: string, email: string, givenSecret?: string, at = new Date()): Enrolment {
  const secret = givenSecret ? Secret.fromBase32(givenSecret).base32 : newSecret();
  const recoveryCodes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, newRecoveryCode);
  return {
    secret,
    uri: otpauthUri(secret, email),
    recoveryCodes,
    record: { userId, secret, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash), enrolledAt: at.toISOString() },
  };
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** 16 characters of 32 without look-alikes (80 bits; 256 is a multiple of 32, so unbiased), shown in groups of four. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return [0, 4, 8, 12].map((at) => chars.slice(at, at + 4)).join('-');
}

/** What was typed, without the spaces and dashes people add or copy along, in lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Six digits: an authenticator's code; anything else is taken for a recovery code. */
export const isTotpCode = (code: string) => new RegExp(`^\\d{${SECOND_FACTOR.digits}}$`).test(code);

export const recoveryCodeHash = (code: string) => sha256(normalizeCode(code));

/** The time step of a moment (RFC 6238's T). */
export const stepAt = (atMs: number) => Math.floor(atMs / 1000 / SECOND_FACTOR.periodSeconds);

/** The code of a secret at a moment (what an authenticator shows then). */
export const codeAt = (secret: string, atMs: number) => totpOf(secret).generate({ timestamp: atMs });

/**
 * The step whose code this is, within the clock drift allowed (one step either way), if it is later
 * than the last step used: each code opens at most one session (RFC 6238 section 5.2).
 */
export function acceptedStep(record: Pick<SecondFactorRecord, 'secret' | 'lastStep'>, code: string, atMs: number): number | undefined {
  const delta = totpOf(record.secret).validate({ token: code, timestamp: atMs, window: SECOND_FACTOR.driftSteps });
  if (delta === null) return undefined;
  const step = stepAt(atMs) + delta;
  return step > (record.lastStep ?? -1) ? step : undefined;
}
