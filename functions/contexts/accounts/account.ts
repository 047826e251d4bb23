import type { Role } from '../../../shared/routes';

/** The user item as stored (pk=USER#<id>, sk=PROFILE). Secrets never leave through toUserDto. */
export interface UserRecord {
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
  isDeleted?: boolean;
  createdAt: string;
  lastLoginAt?: string;
  activationTokenHash?: string;
  resetTokenHash?: string;
  profilePhoto?: string;
  /** Sessions ended in the last 15 minutes (id -> when): their access tokens are refused. */
  endedSessions?: Record<string, number>;
  /** Optimistic lock of endedSessions: two sessions ending at once both get recorded. */
  sessionsVersion?: number;
  /** Saved offers: offer id -> when it was saved (ISO). */
  favorites?: Record<string, string>;
  [profileField: string]: unknown;
}

const PRIVATE_FIELDS = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'userId', 'passwordHash', 'activationTokenHash', 'resetTokenHash', 'status', 'isDeleted', 'endedSessions', 'sessionsVersion']);

/** The current-user object of the API: `_id` and the profile, never a hash or a token. */
export function toUserDto(user: UserRecord): Record<string, unknown> {
  const dto: Record<string, unknown> = { _id: user.userId };
  for (const [field, value] of Object.entries(user)) if (!PRIVATE_FIELDS.has(field)) dto[field] = value;
  dto.favorites = favoriteIds(user.favorites);
  dto.isActivated = user.status === 'active';
  dto.isBanned = user.isBanned === true;
  return dto;
}

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
