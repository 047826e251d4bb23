/** Sessions and devices (issue 15): the signed-in sessions a member sees, and signing out everywhere. */
import * as z from 'zod/mini';
import { LIMITS } from '../limits';
import { MSG } from '../texts';

/** POST /user/sessions/end-all: the password proves it is the owner, as for a password change (decision 189). */
export const endAllSessionsSchema = z.object({
  password: z.string({ error: MSG.passwordRequired }).check(z.minLength(1, MSG.passwordRequired), z.maxLength(LIMITS.passwordMax * 4, MSG.passwordTooLong)),
});

/** One signed-in session as its owner sees it (GET /user/sessions). */
export interface SignedInSession {
  id: string;
  /** The browser's user agent at sign-in (cut short); the page names the device from it (shared/device.ts). */
  userAgent: string;
  /** The address of its last sign-in or refresh, masked ("203.0.113.x"). */
  place: string;
  startedAt: string;
  lastUsedAt: string;
  /** The session of this very request. */
  current: boolean;
}
