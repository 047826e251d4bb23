/**
 * The account entity: anyone who can sign in (a student, an expert or an admin). Its record, its
 * item in the table (toAccountItem / fromAccountItem are the only places that know the item's shape)
 * and what the API shows of it (an allowlist: a field added later stays private until chosen).
 */
import * as z from 'zod/mini';
import type { Role } from '../../../shared/roles';
import type { Account } from '../../../shared/schemas/account';
import type { Education, WorkExperience } from '../../../shared/schemas/catalogue';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../shared/schemas/notifications';
import { ROLES } from '../../../shared/roles';
import { averageRating } from '../../../shared/rating';
import { accountActivityIndex, bannedMemberIndex, emailKey, memberIndex, userKey, userRoleIndex } from '../../platform/keys';

/** What an expert fills in for their public profile, and what the catalogue keeps on it. */
export interface ExpertDetails {
  domainActivity?: string;
  headline?: string;
  position?: string;
  company?: string;
  languages?: string[];
  expYears?: number;
  bio?: string;
  expertises?: string[];
  workExperience?: WorkExperience[];
  education?: Education[];
  /**
   * The average of the expert's reviews (0 without any), and how many there are: derived when the
   * item is read from its two counters, `ratingSum` and `reviews`, which each review adds to
   * (shared/rating.ts). `rating` is never stored.
   */
  rating?: number;
  reviews?: number;
  /** The stars of all the expert's reviews added up: private, never in an API view. */
  ratingSum?: number;
  isVerified?: boolean;
  /** What the admin who granted the Verified badge checked, and when: for admins only. */
  verifiedNote?: string;
  verifiedAt?: string;
  isStripeConnected?: boolean;
  payoutsEnabled?: boolean;
  /** The expert's connected account at the payment provider: private, never in an API view. */
  payoutAccountId?: string;
}

export interface EmailChange {
  email: string;
  /** The hash of the one link that confirms it: a later request replaces it. */
  tokenHash: string;
  expiresAt: number;
}

export interface AccountRecord extends ExpertDetails {
  userId: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  /** Full name as typed at student registration. */
  name?: string;
  passwordHash: string;
  status: 'pending' | 'active';
  isBanned?: boolean;
  /** Archived by an admin (GET /admin/archived-users): cannot sign in, unlisted, restorable. */
  isDeleted?: boolean;
  /** The password is one an admin set (POST /admin/create-user): the member must choose their own first. */
  mustChangePassword?: boolean;
  createdAt: string;
  lastLoginAt?: string;
  /** The last sign-in or session refresh (at most one write a day): retention counts from it. */
  lastActiveAt?: string;
  /** When the owner was warned that the account will be deleted for inactivity (once per inactivity). */
  inactivityWarnedAt?: string;
  /** When the account was deleted (by its owner or by retention); its personal fields are gone. */
  deletedAt?: string;
  activationTokenHash?: string;
  resetTokenHash?: string;
  profilePhoto?: string;
  phoneNumber?: string;
  city?: string;
  country?: string;
  /** A new address asked for and not yet confirmed by its link (decision 191): the account keeps `email` until then. */
  emailChange?: EmailChange;
  /** Sessions ended in the last 15 minutes (id -> when): their access tokens are refused. */
  endedSessions?: Record<string, number>;
  /** Optimistic lock of endedSessions: two sessions ending at once both get recorded. */
  sessionsVersion?: number;
  /** Saved offers: offer id -> when it was saved (ISO). */
  favorites?: Record<string, string>;
  /** The kinds of e-mail the member chose (decision 186); absent: every kind. */
  notificationPreferences?: NotificationPreferences;
}

const text = z.optional(z.string());
const flag = z.optional(z.boolean());
const count = z.optional(z.number());

const workExperienceItem: z.ZodMiniType<WorkExperience> = z.object({
  position: z.string(),
  company: z.string(),
  location: text,
  startDate: text,
  endDate: text,
  description: text,
});
const educationItem: z.ZodMiniType<Education> = z.object({
  institution: z.string(),
  level: z.string(),
  degree: text,
  field: text,
  year: z.union([z.string(), z.number()]),
});

/** The account item as stored (pk=USER#<id>, sk=PROFILE); keys and index attributes are dropped when read. */
const accountItem: z.ZodMiniType<AccountRecord> = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: text,
  passwordHash: z.string(),
  status: z.enum(['pending', 'active']),
  isBanned: flag,
  isDeleted: flag,
  mustChangePassword: flag,
  createdAt: z.string(),
  lastLoginAt: text,
  lastActiveAt: text,
  inactivityWarnedAt: text,
  deletedAt: text,
  activationTokenHash: text,
  resetTokenHash: text,
  profilePhoto: text,
  phoneNumber: text,
  city: text,
  country: text,
  emailChange: z.optional(z.object({ email: z.string(), tokenHash: z.string(), expiresAt: z.number() })),
  endedSessions: z.optional(z.record(z.string(), z.number())),
  sessionsVersion: count,
  favorites: z.optional(z.record(z.string(), z.string())),
  notificationPreferences: z.optional(z.object({ messages: z.boolean(), orders: z.boolean(), money: z.boolean() })),
  domainActivity: text,
  headline: text,
  position: text,
  company: text,
  languages: z.optional(z.array(z.string())),
  expYears: count,
  bio: text,
  expertises: z.optional(z.array(z.string())),
  workExperience: z.optional(z.array(workExperienceItem)),
  education: z.optional(z.array(educationItem)),
  ratingSum: count,
  reviews: count,
  isVerified: flag,
  verifiedNote: text,
  verifiedAt: text,
  isStripeConnected: flag,
  payoutsEnabled: flag,
  payoutAccountId: text,
});

/**
 * The item of an account; its rating is not stored, only the counters it is derived from. A member's
 * search entries are items of their own (`memberWordItems`), written in the same transaction.
 */
export function toAccountItem({ rating: _derived, ...account }: AccountRecord) {
  return {
    ...userKey(account.userId),
    ...userRoleIndex(account.role, account.createdAt, account.userId),
    ...(account.lastActiveAt !== undefined && !account.isDeleted && accountActivityIndex(account.lastActiveAt, account.userId)),
    ...memberIndex(account),
    ...(account.isBanned && account.role !== 'admin' && bannedMemberIndex(account.createdAt, account.userId)),
    ...account,
  };
}

/**
 * The account of an item, its rating derived from the counters of its reviews. Counts without a sum
 * (figures stored before reviews existed) are no reviews at all.
 */
export function fromAccountItem(item: Record<string, unknown>): AccountRecord {
  const { ratingSum, reviews, ...account } = accountItem.parse(item);
  if (ratingSum === undefined || !reviews) return account;
  return { ...account, ratingSum, reviews, rating: averageRating(ratingSum, reviews) };
}

/** The claim of an address: one account per address, made unique by this item's key. */
export const toEmailClaimItem = (account: Pick<AccountRecord, 'email' | 'userId'>) => ({ ...emailKey(account.email), userId: account.userId });

/** The signed-in account as the API shows it to its owner (GET /auth/user): listed fields only. */
export function toCurrentAccount(account: AccountRecord): Account {
  return {
    _id: account.userId,
    role: account.role,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    ...(account.name !== undefined && { name: account.name }),
    ...(account.profilePhoto !== undefined && { profilePhoto: account.profilePhoto }),
    ...(account.phoneNumber !== undefined && { phoneNumber: account.phoneNumber }),
    ...(account.city !== undefined && { city: account.city }),
    ...(account.country !== undefined && { country: account.country }),
    ...(account.emailChange !== undefined && account.emailChange.expiresAt > Date.now() / 1000 && { pendingEmail: account.emailChange.email }),
    ...expertDetailsOf(account),
    favorites: favoriteIds(account.favorites),
    isActivated: account.status === 'active',
    isBanned: account.isBanned === true,
    ...(account.mustChangePassword && { mustChangePassword: true as const }),
    createdAt: account.createdAt,
    ...(account.lastLoginAt !== undefined && { lastLoginAt: account.lastLoginAt }),
  };
}

const EXPERT_DETAILS: readonly (keyof ExpertDetails)[] = [
  'domainActivity',
  'headline',
  'position',
  'company',
  'languages',
  'expYears',
  'bio',
  'expertises',
  'workExperience',
  'education',
  'rating',
  'reviews',
  'isVerified',
  'isStripeConnected',
  'payoutsEnabled',
];

function expertDetailsOf(account: AccountRecord): ExpertDetails {
  return Object.fromEntries(EXPERT_DETAILS.flatMap((field) => (account[field] === undefined ? [] : [[field, account[field]]])));
}

/** The kinds of e-mail the account receives: its choice, or every kind. */
export const notificationPreferencesOf = (account: AccountRecord): NotificationPreferences =>
  account.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES;

/** A student types one name; first and last name are derived so that every screen can show both. */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const at = name.lastIndexOf(' ');
  return at > 0 ? { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1).trim() } : { firstName: name, lastName: '' };
}

/** Saved offer ids, the most recently saved first. */
export function favoriteIds(favorites: Record<string, string> | undefined): string[] {
  return Object.entries(favorites ?? {})
    .sort(([idA, a], [idB, b]) => b.localeCompare(a) || idA.localeCompare(idB))
    .map(([offerId]) => offerId);
}
