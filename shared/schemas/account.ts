/**
 * The signed-in account as the API shows it (GET /auth/user and the login answers, spec 1 section 3's
 * "Current user"): `_id` and the profile, never a secret. The same shape for a student, an expert
 * and an admin; which profile fields are set depends on the role.
 */
import type { Role } from '../roles';
import type { Education, WorkExperience } from './catalogue';

export interface Account {
  _id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  /** Full name as typed at student registration. */
  name?: string;
  profilePhoto?: string;
  /** Saved offer ids, the most recently saved first. */
  favorites: string[];
  isActivated: boolean;
  isBanned: boolean;
  /** The password is one an admin set: every call but choosing a new one answers 403 password_change_required. */
  mustChangePassword?: true;
  createdAt: string;
  lastLoginAt?: string;
  phoneNumber?: string;
  /** A new address waiting for its confirmation link; `email` stays the address until then. */
  pendingEmail?: string;
  city?: string;
  country?: string;
  languages?: string[];
  bio?: string;
  domainActivity?: string;
  headline?: string;
  position?: string;
  company?: string;
  expertises?: string[];
  workExperience?: WorkExperience[];
  education?: Education[];
  isVerified?: boolean;
  isStripeConnected?: boolean;
  payoutsEnabled?: boolean;
}

/** What a login answers; the refresh cookie comes with it. */
export interface SessionGrant {
  user: Account;
  accessToken: string;
}

/** What a refresh answers; a rotated refresh cookie may come with it. */
export interface AccessTokenGrant {
  accessToken: string;
}
