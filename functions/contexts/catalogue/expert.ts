/**
 * Experts as the catalogue shows them: the card of every list, the public profile, and the public
 * card of any member (a chat counterpart). Built from the user item; nothing private leaves.
 */
import type { Education, ExpertCard, ExpertProfile, PublicUser, WorkExperience } from '../../../shared/schemas/catalogue';
import type { Caller } from '../../platform/access-token';
import type { AccountRecord } from '../accounts/account';

/** An account others may see: activated, not banned, not deleted. */
export const isVisible = (user: AccountRecord | undefined): user is AccountRecord =>
  user !== undefined && user.status === 'active' && !user.isBanned && !user.isDeleted;

/** An expert listed in the catalogue. */
export const isListedExpert = (user: AccountRecord | undefined): user is AccountRecord => isVisible(user) && user.role === 'professor';

/** Visitors see a last name as an initial and a period (spec 1, expert profile); members see it whole. */
export const lastNameFor = (lastName: string | undefined, caller: Caller | undefined) => (caller ? (lastName ?? '') : lastName ? `${lastName.charAt(0)}.` : '');

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The card as the one who asks sees it, from the card with the whole name (as the search index keeps it). */
export const expertCardFor = (card: ExpertCard, caller: Caller | undefined): ExpertCard =>
  caller ? card : { ...card, lastName: lastNameFor(card.lastName, undefined) };

/** The card with the whole last name, as members see it and the search index keeps it. */
export function wholeExpertCard(user: AccountRecord): ExpertCard {
  const optional = {
    profilePhoto: text(user.profilePhoto),
    domainActivity: text(user.domainActivity),
    headline: text(user.headline),
    position: text(user.position),
    company: text(user.company),
    city: text(user.city),
    country: text(user.country),
  };
  return {
    _id: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    rating: number(user.rating),
    reviews: number(user.reviews),
    expYears: number(user.expYears),
    isVerified: user.isVerified === true,
    isStripeConnected: user.isStripeConnected === true,
    payoutsEnabled: user.payoutsEnabled === true,
    createdAt: user.createdAt,
  };
}

export const toExpertCard = (user: AccountRecord, caller: Caller | undefined): ExpertCard => expertCardFor(wholeExpertCard(user), caller);

export function toExpertProfile(user: AccountRecord, caller: Caller | undefined): ExpertProfile {
  return {
    ...toExpertCard(user, caller),
    languages: list<string>(user.languages),
    ...(text(user.bio) && { bio: text(user.bio) }),
    expertises: list<string>(user.expertises),
    workExperience: list<WorkExperience>(user.workExperience),
    education: list<Education>(user.education),
  };
}

export function toPublicUser(user: AccountRecord): PublicUser {
  const optional = {
    profilePhoto: text(user.profilePhoto),
    city: text(user.city),
    country: text(user.country),
    headline: text(user.headline),
    domainActivity: text(user.domainActivity),
  };
  return {
    _id: user.userId,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}
