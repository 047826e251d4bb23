/**
 * The admin's users through the local gateway, the real admin, auth, users and catalogue handlers,
 * DynamoDB Local and the outbox: the list searched, filtered and paged; edits and their rules;
 * archiving (no sign-in, sessions end, offers leave search) and restoring; accounts an admin creates
 * (the French messages, a welcome mail, a password to replace at first sign-in); the Verified badge
 * on the public profile; a member's orders; every action in the audit log; admins only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRow, AdminUsersPage } from '../../shared/schemas/admin';
import type { AuditPage } from '../../shared/schemas/audit';
import type { ExpertProfile, OfferDto } from '../../shared/schemas/catalogue';
import type { OrderHistoryPage } from '../../shared/schemas/earnings';
import { LIMITS } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import { PASSWORD, registerStudent, signedInAs, signedInStudent, signedInWith } from '../support/accounts';
import { ApiClient } from '../support/api';
import { expertWithOffer } from '../support/chats';
import { latestMail, linkIn, uniqueEmail } from '../support/outbox';
import { TEST_SEED } from '../support/seed-settings';

const TEMPORARY = 'temporary-pass-1';
const SEARCH_FRESH = { interval: 200 };

let admin: ApiClient;
const visitor = new ApiClient();

/** A word no other account of the stack has in its name: a search for it finds this file's members only. */
const uniqueWord = () => `Zq${Math.random().toString(36).slice(2, 8)}`;

async function created(firstName: string, lastName: string, email = uniqueEmail(lastName.toLowerCase())): Promise<AdminUserRow> {
  const answer = await admin.post<{ msg: string; user: AdminUserRow }>('/admin/create-user', { firstName, lastName, email, password: TEMPORARY });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.user;
}

const list = (query: string, path = '/admin/users') => admin.get<AdminUsersPage>(`${path}?${query}`);
const namesOf = (page: AdminUsersPage) => page.users.map((user) => `${user.firstName} ${user.lastName}`);
const idOfToken = (client: ApiClient) => JSON.parse(Buffer.from(client.accessToken!.split('.')[1], 'base64url').toString()).sub as string;

async function auditOf(targetId: string): Promise<AuditPage['entries']> {
  const answer = await admin.get<AuditPage>(`/admin/audit?targetId=${targetId}`);
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

beforeAll(async () => {
  admin = await signedInAs('admin');
});

describe('the admin’s users list', () => {
  it('is searched by name or e-mail, whatever the case and accents, newest first, and paged by cursor', async () => {
    const word = uniqueWord();
    const rows: AdminUserRow[] = [];
    for (let n = 0; n < LIMITS.adminUsersPageSize + 2; n++) rows.push(await created(`Élodie${n}`, `${word}`, uniqueEmail(`page${n}`)));

    const first = await list(`q=${word.toUpperCase()}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.users).toHaveLength(LIMITS.adminUsersPageSize);
    expect(first.body.users.map((user) => user._id)).toEqual(
      rows
        .toReversed()
        .slice(0, LIMITS.adminUsersPageSize)
        .map((row) => row._id),
    );
    expect(first.body.users[0]).toEqual({
      _id: rows.at(-1)?._id,
      firstName: `Élodie${LIMITS.adminUsersPageSize + 1}`,
      lastName: word,
      email: rows.at(-1)?.email,
      role: 'user',
      status: 'active',
      isBanned: false,
      isDeleted: false,
      mustChangePassword: true,
      createdAt: expect.any(String),
    });
    const second = await list(`q=${word}&cursor=${first.body.nextCursor}`);
    expect(namesOf(second.body)).toEqual([`Élodie1 ${word}`, `Élodie0 ${word}`]);
    expect(second.body.nextCursor).toBeUndefined();

    expect(namesOf((await list(`q=elodie7 ${word.toLowerCase()}`)).body)).toEqual([`Élodie7 ${word}`]);
    const byEmail = await list(`q=${encodeURIComponent(rows[3].email.toUpperCase().slice(0, -4))}`);
    expect(byEmail.body.users.map((user) => user._id)).toEqual([rows[3]._id]);
  });

  it('is filtered by role and by banned, and never shows an admin', async () => {
    const word = uniqueWord();
    const student = await created('Stan', word);
    const banned = await created('Bella', word);
    const { expertId } = await expertWithOffer('Ernest', word, `Interview drill ${word}`);
    expect(await admin.post(`/admin/ban-user/${banned._id}`, { reason: 'Spam.' })).toMatchObject({ status: 200 });

    expect(namesOf((await list(`q=${word}`)).body)).toEqual([`Ernest ${word}`, `Bella ${word}`, `Stan ${word}`]);
    const experts = (await list(`q=${word}&role=professor`)).body;
    expect(experts.users.map((user) => [user._id, user.role, user.isVerified])).toEqual([[expertId, 'professor', false]]);
    expect((await list(`q=${word}&role=user`)).body.users.map((user) => user._id)).toEqual([banned._id, student._id]);
    expect((await list(`q=${word}&banned=true`)).body.users.map((user) => [user._id, user.isBanned])).toEqual([[banned._id, true]]);
    expect((await list(`q=${word}&banned=false&role=user`)).body.users.map((user) => user._id)).toEqual([student._id]);
    const allBanned = (await list('banned=true')).body.users;
    expect(allBanned.map((user) => user._id)).toContain(banned._id);
    expect(allBanned.every((user) => user.isBanned && !user.isDeleted)).toBe(true);
    const allExperts = (await list('role=professor')).body.users;
    expect(allExperts[0]._id).toBe(expertId);
    expect(allExperts.every((user) => user.role === 'professor')).toBe(true);

    expect(await admin.post(`/admin/unban-user/${banned._id}`)).toMatchObject({ status: 200 });
    expect((await list(`q=${word}&banned=true`)).body.users).toEqual([]);
    expect((await list('banned=true')).body.users.map((user) => user._id)).not.toContain(banned._id);
    expect((await list(`q=${word}&banned=false&role=user`)).body.users.map((user) => user._id)).toEqual([banned._id, student._id]);

    expect((await list(`q=${encodeURIComponent(TEST_SEED.adminEmail)}`)).body.users).toEqual([]);
  });

  it('finds a member by the start of any word of their first name, last name, full name or e-mail, whatever the case and accents', async () => {
    const [first, last] = [uniqueWord(), uniqueWord()];
    const email = uniqueEmail(`mail${first}`.toLowerCase());
    const member = await created(`Élo${first}`, `Nuñez${last}`, email);
    const found = async (query: string) => (await list(`q=${encodeURIComponent(query)}`)).body.users.map((user) => user._id);

    for (const query of [
      `elo${first}`,
      `ÉLO${first.toUpperCase()}`,
      `élo${first.slice(0, 3)}`,
      `nunez${last}`,
      `NUÑEZ${last.toLowerCase()}`,
      `elo${first} nunez${last}`,
      `nunez${last} elo${first.slice(0, 4)}`,
      email,
      email.toUpperCase(),
      email.split('@')[0],
      `mail${first}`,
    ]) {
      expect(await found(query), query).toEqual([member._id]);
    }
    // Words are matched from their start: the middle of a name, or a full name of another member, finds nobody.
    expect(await found(last.slice(2))).toEqual([]);
    expect(await found(`elo${first} nunez${uniqueWord()}`)).toEqual([]);
    expect(await found(`nunez${last}@example.com`)).toEqual([]);
    expect(await found('--')).toEqual([]);
    // The demo seed writes its accounts through the same services.
    expect((await list('q=claire%20dubois')).body.users.map((user) => user.email)).toEqual(['claire.dubois@demo.test']);
  });

  it('follows a registration, its activation, the member’s own rename and the deletion of their account', async () => {
    const word = uniqueWord();
    const { email, activationToken } = await registerStudent(uniqueEmail('joiner'), `Jo${word} Joiner`);
    const found = async (query: string, path?: string) => (await list(`q=${encodeURIComponent(query)}`, path)).body.users;
    expect(await found(`jo${word}`)).toMatchObject([{ email, status: 'pending', firstName: `Jo${word}` }]);

    const client = new ApiClient();
    expect((await client.post('/auth/activate', { token: activationToken, password: PASSWORD })).status).toBe(200);
    expect(await found(`jo${word} joiner`)).toMatchObject([{ email, status: 'active' }]);

    client.accessToken = (await client.post<{ accessToken: string }>('/auth/login', { email, password: PASSWORD })).body.accessToken;
    expect(await client.request('PUT', '/user/update', { firstName: `Jay${word}` })).toMatchObject({ status: 200 });
    expect(await found(`jo${word}`)).toEqual([]);
    expect(await found(`jay${word} joi`)).toMatchObject([{ email, firstName: `Jay${word}` }]);

    expect(await client.post('/user/delete-account', { password: PASSWORD })).toMatchObject({ status: 200 });
    expect(await found(`jay${word}`)).toEqual([]);
    expect(await found(email)).toEqual([]);
    expect(await found(email, '/admin/archived-users')).toEqual([]);
  });

  it('refuses a role or a cursor it does not know, with a clear message', async () => {
    expect(await list('role=admin')).toMatchObject({ status: 400, body: { msg: MSG.invalidRoleFilter } });
    expect(await list('banned=maybe')).toMatchObject({ status: 400, body: { msg: MSG.invalidFilter } });
    expect(await list('cursor=bm90LWEtY3Vyc29y')).toMatchObject({ status: 400, body: { code: 'invalid_cursor' } });
  });

  it('is the admins’ only', async () => {
    const { client: student } = await signedInStudent();
    for (const path of ['/admin/users', '/admin/archived-users']) {
      expect(await student.get(path)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      expect(await visitor.get(path)).toMatchObject({ status: 401 });
    }
    const target = await created('Otto', uniqueWord());
    expect(await student.request('DELETE', `/admin/users/${target._id}`)).toMatchObject({ status: 403 });
    expect(await student.post(`/admin/users/${target._id}/verify`, { note: 'Checked the diploma.' })).toMatchObject({ status: 403 });
  });
});

describe('editing a member', () => {
  it('changes names and role, shows the row as it is now, and records the change', async () => {
    const word = uniqueWord();
    const member = await created('Rita', word);
    const answer = await admin.request<{ msg: string; user: AdminUserRow }>('PATCH', `/admin/update-user/${member._id}`, {
      firstName: 'Rosa',
      role: 'professor',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ msg: MSG.memberUpdated, user: { firstName: 'Rosa', lastName: word, role: 'professor', isVerified: false } });
    expect((await list(`q=${word}&role=professor`)).body.users.map((user) => user.firstName)).toEqual(['Rosa']);
    expect((await list(`q=rita ${word}`)).body.users).toEqual([]);
    expect((await list(`q=ROSA ${word}`)).body.users.map((user) => [user._id, user.role])).toEqual([[member._id, 'professor']]);
    expect((await list(`q=rosa ${word}&role=user`)).body.users).toEqual([]);

    const [entry] = await auditOf(member._id);
    expect(entry).toMatchObject({
      action: 'user.update',
      admin: { email: TEST_SEED.adminEmail },
      target: { type: 'user', _id: member._id },
      clientIp: admin.clientAddress,
      details: { firstName: 'Rita → Rosa', role: 'user → professor' },
    });
  });

  it('answers "No changes detected." when nothing changes, and 404 for an unknown id or an admin', async () => {
    const member = await created('Nina', uniqueWord());
    expect(await admin.request('PATCH', `/admin/update-user/${member._id}`, { firstName: 'Nina', email: member.email.toUpperCase() })).toMatchObject({
      status: 400,
      body: { msg: MSG.noChanges },
    });
    expect(await admin.request('PATCH', '/admin/update-user/00000000-0000-4000-8000-000000000000', { firstName: 'Any' })).toMatchObject({
      status: 404,
      body: { code: 'user_not_found' },
    });
    const adminId = idOfToken(admin);
    expect(await admin.request('PATCH', `/admin/update-user/${adminId}`, { firstName: 'Root' })).toMatchObject({ status: 404 });
    expect(await admin.request('DELETE', `/admin/users/${adminId}`)).toMatchObject({ status: 404 });
  });

  it('changes an e-mail only once the new address confirms it, tells the old one, and records the request', async () => {
    const { email, client } = await signedInStudent();
    const memberId = idOfToken(client);
    const newEmail = uniqueEmail('moved');
    expect(await admin.request('PATCH', `/admin/update-user/${memberId}`, { email: newEmail })).toMatchObject({
      status: 200,
      body: { msg: MSG.memberEmailChangeRequested, user: { email } },
    });
    expect((await latestMail(email, 'A change of your e-mail address was requested')).text).toContain(
      `An administrator asked to change the e-mail address of your account to ${newEmail}`,
    );
    expect((await new ApiClient().post('/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(200);

    const link = linkIn(await latestMail(newEmail, 'Confirm your new e-mail address'), '/confirm-email/');
    expect(await new ApiClient().post('/auth/confirm-email', { token: link.split('/confirm-email/')[1] })).toMatchObject({ status: 200 });
    expect((await new ApiClient().post('/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(200);
    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await list(`q=${encodeURIComponent(newEmail)}`)).body.users.map((user) => [user._id, user.email])).toEqual([[memberId, newEmail]]);
    expect((await list(`q=${encodeURIComponent(email)}`)).body.users).toEqual([]);
    const [entry] = await auditOf(memberId);
    expect(entry).toMatchObject({ action: 'user.email-change', admin: { email: TEST_SEED.adminEmail }, details: { to: newEmail } });
  });

  it('refuses a role change that would orphan an expert’s offers or a student’s conversations', async () => {
    const { expertId } = await expertWithOffer('Olga', uniqueWord(), 'Portfolio review session');
    expect(await admin.request('PATCH', `/admin/update-user/${expertId}`, { role: 'user' })).toMatchObject({
      status: 409,
      body: { msg: MSG.memberHasOffers, code: 'role_change_refused' },
    });
    const alice = await signedInWith('alice.student@demo.test');
    expect(await admin.request('PATCH', `/admin/update-user/${idOfToken(alice)}`, { role: 'professor' })).toMatchObject({
      status: 409,
      body: { msg: MSG.memberHasConversations, code: 'role_change_refused' },
    });
  });
});

describe('archiving and restoring', () => {
  it('ends the member’s sessions and sign-in, takes their offers out of search, and restores both', async () => {
    const word = uniqueWord();
    const { expert, expertId, email, offer } = await expertWithOffer('Arno', word, `Archive ${word} walkthrough`);
    const searchIds = async () => (await visitor.get<OfferDto[]>(`/offers/search?q=${word}`)).body.map((found) => found._id);
    await expect.poll(searchIds, SEARCH_FRESH).toEqual([offer._id]);

    expect(await admin.request('DELETE', `/admin/users/${expertId}`)).toMatchObject({ status: 200, body: { msg: MSG.memberArchived } });
    expect(await expert.get('/offers/my-offers')).toMatchObject({ status: 401 });
    expect(await new ApiClient().post('/auth/login', { email, password: PASSWORD })).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    await expect.poll(searchIds, SEARCH_FRESH).toEqual([]);
    expect(await visitor.get(`/user/public/${expertId}`)).toMatchObject({ status: 404 });
    expect((await list(`q=${word}`)).body.users).toEqual([]);
    expect((await list(`q=${word}`, '/admin/archived-users')).body.users.map((user) => [user._id, user.isDeleted])).toEqual([[expertId, true]]);
    const archived = (await list('', '/admin/archived-users')).body.users;
    expect(archived[0]._id).toBe(expertId);
    expect(archived.every((user) => user.isDeleted)).toBe(true);
    expect((await list(`q=arno ${word}&role=professor`, '/admin/archived-users')).body.users.map((user) => user._id)).toEqual([expertId]);
    expect(await admin.request('DELETE', `/admin/users/${expertId}`)).toMatchObject({ status: 409, body: { code: 'already_archived' } });

    expect(await admin.post(`/admin/restore-user/${expertId}`)).toMatchObject({ status: 200, body: { msg: MSG.memberRestored } });
    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
    await expect.poll(searchIds, SEARCH_FRESH).toEqual([offer._id]);
    expect((await list(`q=${word}`)).body.users.map((user) => user._id)).toEqual([expertId]);
    expect((await list(`q=${word}`, '/admin/archived-users')).body.users).toEqual([]);
    expect(await admin.post(`/admin/restore-user/${expertId}`)).toMatchObject({ status: 409, body: { code: 'not_archived' } });

    expect((await auditOf(expertId)).map((entry) => [entry.action, entry.clientIp])).toEqual([
      ['user.restore', admin.clientAddress],
      ['user.delete', admin.clientAddress],
    ]);
  });
});

describe('an account the admin creates', () => {
  it('answers the spec’s French messages, and refuses an address that has an account', async () => {
    const email = uniqueEmail('french');
    expect(await admin.post('/admin/create-user', { firstName: 'Luc', email, password: TEMPORARY })).toMatchObject({
      status: 400,
      body: { msg: MSG.adminAllFieldsRequired },
    });
    expect(await admin.post('/admin/create-user', { firstName: 'Luc', lastName: 'Leroy', email, password: 'court' })).toMatchObject({
      status: 400,
      body: { msg: MSG.adminPasswordMin },
    });
    expect(
      await admin.post('/admin/create-user', { firstName: 'Luc', lastName: 'Leroy', email: 'alice.student@demo.test', password: TEMPORARY }),
    ).toMatchObject({
      status: 409,
      body: { code: 'email_taken' },
    });
  });

  it('is welcomed by mail, must choose a password at first sign-in, and is recorded in the audit log', async () => {
    const email = uniqueEmail('welcome');
    const member = await created('Wanda', 'Welcome', email);
    const mail = await latestMail(email, 'Welcome: your account is ready');
    expect(mail.text).toContain('Hello Wanda');
    expect(mail.text).not.toContain(TEMPORARY);

    const client = new ApiClient();
    const login = await client.post<{ user: { mustChangePassword?: boolean }; accessToken: string }>('/auth/login', { email, password: TEMPORARY });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.user.mustChangePassword).toBe(true);
    client.accessToken = login.body.accessToken;
    expect(await client.get('/user/favorites')).toMatchObject({ status: 403, body: { code: 'password_change_required', msg: MSG.passwordChangeRequired } });
    expect(await client.get('/auth/user')).toMatchObject({ status: 200, body: { mustChangePassword: true } });

    const changed = await client.request('PUT', '/user/change-password', { currentPassword: TEMPORARY, newPassword: PASSWORD });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await client.get('/user/favorites')).status).toBe(200);
    expect((await client.get<Record<string, unknown>>('/auth/user')).body.mustChangePassword).toBeUndefined();
    expect((await list(`q=${email}`)).body.users).toMatchObject([{ _id: member._id, mustChangePassword: false }]);

    expect(await auditOf(member._id)).toMatchObject([{ action: 'user.create', target: { label: `Wanda Welcome <${email}>` }, clientIp: admin.clientAddress }]);
  });
});

describe('the Verified badge', () => {
  it('is granted with a note of what was checked and withdrawn, and the public profile shows it', async () => {
    const { expertId } = await expertWithOffer('Vera', uniqueWord(), 'Thesis defence rehearsal');
    const profile = async () => (await visitor.get<ExpertProfile>(`/user/public/${expertId}`)).body.isVerified;
    expect(await profile()).toBe(false);

    expect(await admin.post(`/admin/users/${expertId}/verify`, { note: 'ok' })).toMatchObject({ status: 400, body: { msg: MSG.verifyNoteRequired } });
    const granted = await admin.post<{ msg: string; user: AdminUserRow }>(`/admin/users/${expertId}/verify`, { note: 'Checked the <b>PhD</b> diploma.' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body).toMatchObject({ msg: MSG.expertVerified, user: { isVerified: true, verifiedNote: 'Checked the PhD diploma.' } });
    expect(await profile()).toBe(true);

    const withdrawn = await admin.request<{ msg: string; user: AdminUserRow }>('DELETE', `/admin/users/${expertId}/verify`);
    expect(withdrawn.body).toMatchObject({ msg: MSG.expertUnverified, user: { isVerified: false } });
    expect(withdrawn.body.user.verifiedNote).toBeUndefined();
    expect(await profile()).toBe(false);

    expect((await auditOf(expertId)).map((entry) => [entry.action, entry.details])).toEqual([
      ['user.unverify', undefined],
      ['user.verify', { note: 'Checked the PhD diploma.' }],
    ]);
  });

  it('is for experts only', async () => {
    const student = await created('Sid', uniqueWord());
    expect(await admin.post(`/admin/users/${student._id}/verify`, { note: 'Checked the diploma.' })).toMatchObject({
      status: 409,
      body: { msg: MSG.notAnExpert, code: 'not_an_expert' },
    });
  });
});

describe('a member’s orders, from their row', () => {
  it('are listed as their own history shows them, for admins only', async () => {
    const alice = await signedInWith('alice.student@demo.test');
    const own = await alice.get<OrderHistoryPage>('/user/order-history');
    const answer = await admin.get<OrderHistoryPage>(`/admin/users/${idOfToken(alice)}/orders`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.orders.length).toBeGreaterThan(0);
    expect(answer.body).toEqual(own.body);

    expect(await admin.get(`/admin/users/${idOfToken(admin)}/orders`)).toMatchObject({ status: 404, body: { code: 'user_not_found' } });
    expect(await alice.get(`/admin/users/${idOfToken(alice)}/orders`)).toMatchObject({ status: 403 });
  });
});
