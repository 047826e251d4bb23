import { describe, expect, it } from 'vitest';
import { MSG } from '../texts';
import { contactSchema, loginSchema, registerExpertSchema, registerStudentSchema } from './auth';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('account schemas', () => {
  it('reports the spec messages for registration', () => {
    const result = registerStudentSchema.safeParse({ name: ' ', email: 'x@y', password: '1234567' });
    expect(messages(result)).toEqual(expect.arrayContaining([MSG.nameRequired, MSG.invalidEmail, MSG.passwordMin]));
  });

  it('requires both names of a mentor and strips their markup', () => {
    expect(messages(registerExpertSchema.safeParse({ firstName: '<i></i>', email: 'a@b.co', password: '12345678' }))).toEqual(
      expect.arrayContaining([MSG.firstNameRequired, MSG.lastNameRequired]),
    );
    const parsed = registerExpertSchema.parse({ firstName: '<b>Ann</b>', lastName: 'Lee', email: ' a@b.co ', password: '12345678' });
    expect(parsed).toMatchObject({ firstName: 'Ann', lastName: 'Lee', email: 'a@b.co' });
  });

  it('accepts any non-empty password at login but checks the address shape', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(messages(loginSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual([MSG.invalidEmail]);
  });

  it('accepts real addresses and refuses what a mail header would misread', () => {
    for (const address of ['first.last+tag@sub.example.co.uk', "o'brien@example.ie", 'A.B@Example.COM']) {
      expect(loginSchema.safeParse({ email: address, password: 'x' }).success, address).toBe(true);
    }
    for (const address of ['a<b@x.io', 'a,b@x.io', 'a;b@x.io', '"a b"@x.io', 'ü@x.io', 'a@x', 'a@-x.io', 'a@x..io', 'a b@x.io']) {
      expect(messages(loginSchema.safeParse({ email: address, password: 'x' })), address).toEqual([MSG.invalidEmail]);
    }
  });

  it('answers a clear message for any unannotated check', () => {
    expect(messages(contactSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'hi', phone: 42 }))).toEqual([MSG.invalidPhone]);
    expect(messages(registerStudentSchema.safeParse({ name: 'A', email: 'a@b.co', password: '12345678', role: 'admin' }))).toEqual([MSG.invalidAccountType]);
  });
});
