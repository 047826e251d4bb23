import { describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from './account';
import { memberWordItems, memberWordWrites } from './member-index';
import { PREFIXES_PER_MEMBER_MAX, indexedPrefixes, matchesQuery, memberQuery, searchWords } from './member-search';

vi.stubEnv('TABLE_NAME', 'unit');
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'countess.ada@analytical-engine.org' };
const member: AccountRecord = { ...ada, userId: 'u1', role: 'user', passwordHash: 'x', status: 'active', createdAt: '2026-01-01T00:00:00.000Z' };
const found = (query: string, who: Parameters<typeof matchesQuery>[0] = ada) => {
  const parsed = memberQuery(query);
  return parsed !== undefined && matchesQuery(who, parsed);
};

describe('the words of a name or an address', () => {
  it('are lower case, without accents, cut at anything that is not a letter or a digit', () => {
    expect(searchWords('Élodie  JEAN-LUC')).toEqual(['elodie', 'jean', 'luc']);
    expect(searchWords("O'Brien_Smith")).toEqual(['o', 'brien', 'smith']);
    expect(searchWords('anne.marie+test@Exämple.co.uk')).toEqual(['anne', 'marie', 'test', 'example', 'co', 'uk']);
  });

  it('spell the letters that have no accent to drop as they are typed without one', () => {
    expect(searchWords('Łukasz Østby Straße Æsa Œuvre')).toEqual(['lukasz', 'ostby', 'strasse', 'aesa', 'oeuvre']);
    expect(searchWords('ＡＤＡ')).toEqual(['ada']);
  });
});

describe('the prefixes a member is indexed under', () => {
  it('are 1 to 6 characters of each word of the names and the address, each once', () => {
    expect(indexedPrefixes({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' })).toEqual([
      'a',
      'ad',
      'ada',
      'l',
      'lo',
      'lov',
      'love',
      'lovel',
      'lovela',
      'x',
      'i',
      'io',
    ]);
  });

  it('stop at a number a transaction can rewrite twice', () => {
    const long = { firstName: 'Abcdefgh Bcdefghi Cdefghij Defghijk Efghijkl Fghijklm Ghijklmn Hijklmno', lastName: 'Z', email: 'z@z.z' };
    expect(indexedPrefixes(long)).toHaveLength(PREFIXES_PER_MEMBER_MAX);
  });
});

describe('a query', () => {
  it('finds a member by the start of any word of the names or the address, whatever the case and accents', () => {
    expect(found('ada')).toBe(true);
    expect(found('LOVE')).toBe(true);
    expect(found('ÀDA')).toBe(true);
    expect(found('analytic')).toBe(true);
    expect(found('élodie', { firstName: 'Elodie', lastName: 'Martin', email: 'e@m.fr' })).toBe(true);
    expect(found('elodie', { firstName: 'Élodie', lastName: 'Martin', email: 'e@m.fr' })).toBe(true);
  });

  it('finds by the full name, every word starting a word of the member', () => {
    expect(found('ada love')).toBe(true);
    expect(found('lovelace ada')).toBe(true);
    expect(found('ada byron')).toBe(false);
  });

  it('matches the start of a word, not its middle', () => {
    expect(found('velace')).toBe(false);
    expect(found('da')).toBe(false);
  });

  it('with an "@" matches the addresses that contain it', () => {
    expect(found('countess.ada@analytical')).toBe(true);
    expect(found('COUNTESS.ADA@ANALYTICAL-ENGINE.ORG')).toBe(true);
    expect(found('@analytical-engine.org')).toBe(true);
    expect(found('ada@engine.org')).toBe(false);
  });

  it('reads the entries of its longest word, cut to 6 characters', () => {
    expect(memberQuery('ada lovelace')?.prefix).toBe('lovela');
    expect(memberQuery('Zoé')?.prefix).toBe('zoe');
    expect(memberQuery(' -- ')).toBeUndefined();
  });
});

describe('the search entries of an account', () => {
  it('are one item per prefix, with what the list filters on, and none for an archived member or an admin', () => {
    const items = memberWordItems(member);
    expect(items).toHaveLength(indexedPrefixes(member).length);
    expect(items[2]).toEqual({
      pk: 'USER#u1',
      sk: 'WORD#ada',
      gsi4pk: 'MEMBERS#WORD#ada',
      gsi4sk: '2026-01-01T00:00:00.000Z#u1',
      userId: 'u1',
      role: 'user',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ada.email,
    });
    expect(memberWordItems({ ...member, isDeleted: true })).toEqual([]);
    expect(memberWordItems({ ...member, role: 'admin' })).toEqual([]);
  });

  it('are rewritten only where they change', () => {
    expect(memberWordWrites(member, { ...member, isVerified: true })).toEqual([]);
    const renamed = memberWordWrites(member, { ...member, lastName: 'Byron' });
    const puts = renamed.flatMap((write) => (write.Put ? [write.Put.Item?.sk] : []));
    const deletes = renamed.flatMap((write) => (write.Delete ? [write.Delete.Key?.sk] : []));
    expect(puts).toEqual(indexedPrefixes({ ...ada, lastName: 'Byron' }).map((prefix) => `WORD#${prefix}`));
    expect(deletes).toEqual(['WORD#l', 'WORD#lo', 'WORD#lov', 'WORD#love', 'WORD#lovel', 'WORD#lovela']);
    expect(memberWordWrites(member, { ...member, isBanned: true })).toHaveLength(indexedPrefixes(member).length);
    expect(memberWordWrites(member, { ...member, isDeleted: true }).every((write) => write.Delete)).toBe(true);
  });
});
