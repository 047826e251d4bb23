import { describe, expect, it } from 'vitest';
import { MSG } from '../texts';
import { optionalPlainText, plainText, textOfAtLeast } from './common';
import { registerStudentSchema } from './auth';
import { sendMessageSchema } from './chats';
import { createOfferSchema } from './offers';
import { updateUserSchema } from './users';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

/** Each control character a line may not hold, inside a name as an API client could send it. */
const CONTROLS: Record<string, string> = {
  'CR LF': 'Ann\r\nBcc: someone@example.com',
  CR: 'Ann\rLee',
  LF: 'Ann\nLee',
  tab: 'Ann\tLee',
  NUL: 'Ann\u0000Lee',
  ESC: 'Ann\u001b[31mLee',
  'unit separator (U+001F)': 'Ann\u001fLee',
  DEL: 'Ann\u007fLee',
  'next line (U+0085)': 'Ann\u0085Lee',
  'application program command (U+009F)': 'Ann\u009fLee',
  'a trailing LF': 'Ann Lee\n',
};
/** The control characters text of several lines may not hold either. */
const NOT_IN_PARAGRAPHS = ['NUL', 'ESC', 'unit separator (U+001F)', 'DEL', 'next line (U+0085)', 'application program command (U+009F)'];

describe.each([
  ['plainText', plainText(MSG.nameRequired, 100)],
  ['optionalPlainText', optionalPlainText(100)],
  ['textOfAtLeast', textOfAtLeast(2, MSG.firstNameTooShort, 100)],
])('%s of one line', (_, schema) => {
  it.each(Object.entries(CONTROLS))('refuses %s with its own message', (_, text) => {
    expect(messages(schema.safeParse(text))).toEqual([MSG.oneLineOnly]);
    // Letters of any script, spaces and emoji are no control characters.
    expect(schema.safeParse(text.replace(/\p{Cc}+/gu, ' Zoë O’Brien-Łukasz\u00a0李 😀 ')).success).toBe(true);
  });
});

describe.each([
  ['plainText', plainText(MSG.messageRequired, 100, 'several')],
  ['optionalPlainText', optionalPlainText(100, MSG.fieldTooLong, 'several')],
  ['textOfAtLeast', textOfAtLeast(2, MSG.bioTooShort, 100, 'several')],
])('%s of several lines', (_, schema) => {
  it.each(NOT_IN_PARAGRAPHS)('refuses %s with its own message, and keeps line breaks and tabs', (name) => {
    expect(messages(schema.safeParse(CONTROLS[name]))).toEqual([MSG.noControlCharacters]);
    expect(schema.parse('Hello,\n\tsecond line\r\nthird line')).toBe('Hello,\n\tsecond line\r\nthird line');
  });
});

describe('fields built from the helpers', () => {
  it('refuses a name with CR LF at registration and in a profile, first among the problems', () => {
    expect(messages(registerStudentSchema.safeParse({ name: CONTROLS['CR LF'], email: 'ann@example.com', password: 'a-long-password' }))).toEqual([
      MSG.oneLineOnly,
    ]);
    expect(messages(updateUserSchema.safeParse({ firstName: 'A\n' }))).toEqual([MSG.oneLineOnly, MSG.firstNameTooShort]);
  });

  it('refuses control characters in an offer title and keeps line breaks in its description and in a message', () => {
    const offer = { title: 'Valuation workshop', description: 'Discounted cash flows,\nstep by step.', price: 90, lessonType: 'Video Call' };
    expect(createOfferSchema.parse(offer).description).toBe('Discounted cash flows,\nstep by step.');
    expect(messages(createOfferSchema.safeParse({ ...offer, title: 'Valuation\r\nworkshop' }))).toEqual([MSG.oneLineOnly]);
    expect(sendMessageSchema.parse({ content: 'Hi!\n\nSee you at 10.' }).content).toBe('Hi!\n\nSee you at 10.');
    expect(messages(sendMessageSchema.safeParse({ content: 'Hi\u0000' }))).toEqual([MSG.noControlCharacters]);
  });
});
