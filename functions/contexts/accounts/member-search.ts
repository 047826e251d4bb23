/**
 * The admin's search of members (decision 206): a query matches the members whose names or address
 * have, for each word of the query, a word that starts with it, whatever the case and accents
 * ("ada love" finds Ada Lovelace, "élo" finds Elodie). The index holds each listed member once per
 * prefix of their words, so a search reads the members of one prefix, never the whole list.
 */
import type { AccountRecord } from './account';

/** Prefixes are indexed up to this length: a longer query word reads its first characters' entries and is checked on them. */
export const PREFIX_MAX = 6;
/** Entries of one member at most (a name of many words is found by its first ones): a rename rewrites twice this many within a transaction's 100 items. */
export const PREFIXES_PER_MEMBER_MAX = 40;

/** Letters that lose no accent to Unicode's decomposition, written as they are typed without one. */
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, accents dropped, compatibility forms unified: "Łukasz ØSTBY" -> "lukasz ostby". */
export const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => SPELLED[letter]);

/** The words of a text, folded: runs of letters and digits ("jean-luc.o'brien@ex.com" -> jean, luc, o, brien, ex, com). */
export const searchWords = (text: string) =>
  folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

type Named = Pick<AccountRecord, 'firstName' | 'lastName' | 'email'>;

/**
 * Every word of a member's first name, last name and address. Not the full name a student typed at
 * registration: the first and last names were split from it, and a rename leaves it behind.
 */
export const memberWords = (member: Named) => [member.firstName, member.lastName, member.email].flatMap(searchWords);

/** The prefixes a member is indexed under: 1 to PREFIX_MAX characters of each word, each once, names first. */
export function indexedPrefixes(member: Named): string[] {
  const prefixes = new Set<string>();
  for (const word of memberWords(member)) {
    const letters = [...word];
    for (let length = 1; length <= Math.min(letters.length, PREFIX_MAX); length++) prefixes.add(letters.slice(0, length).join(''));
  }
  return [...prefixes].slice(0, PREFIXES_PER_MEMBER_MAX);
}

/** Characters, not UTF-16 units. */
const lengthOf = (word: string) => Array.from(word).length;

export interface MemberQuery {
  words: string[];
  /** A query with an "@" is an address: it matches the addresses that contain it. */
  address?: string;
  /** The prefix whose entries are read: the longest word's (the likeliest to be rare), cut to PREFIX_MAX. */
  prefix: string;
}

/** A search as typed; undefined when it has no letter or digit (it matches nobody). */
export function memberQuery(text: string): MemberQuery | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  const longest = words.reduce((best, word) => (lengthOf(word) > lengthOf(best) ? word : best));
  return {
    words,
    ...(text.includes('@') && { address: folded(text.trim()) }),
    prefix: [...longest].slice(0, PREFIX_MAX).join(''),
  };
}

/** Whether a member matches the query: each query word starts a word of theirs, and an address query is in their address. */
export function matchesQuery(member: Named, query: MemberQuery): boolean {
  const words = memberWords(member);
  return (
    query.words.every((asked) => words.some((word) => word.startsWith(asked))) && (query.address === undefined || folded(member.email).includes(query.address))
  );
}
