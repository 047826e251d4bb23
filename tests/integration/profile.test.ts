/**
 * A member's own account through the local gateway and the real auth handler: changing the
 * password proves the current one (a wrong one counts against the login throttle), keeps the rules
 * of registration, ends every other session at once while this one stays signed in, and tells the
 * owner by mail.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { PASSWORD, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { latestMail } from '../support/outbox';

const NEW_PASSWORD = 'lantern-orchard-ferry-42';

const changePassword = (client: ApiClient, body: unknown) => client.request<{ msg: string; code?: string }>('PUT', '/user/change-password', body);

async function secondDevice(email: string, password = PASSWORD): Promise<ApiClient> {
  const client = new ApiClient();
  const login = await client.post<{ accessToken: string }>('/auth/login', { email, password });
  expect(login.status).toBe(200);
  client.accessToken = login.body.accessToken;
  return client;
}

describe('changing the password', () => {
  it('ends every other session at once, keeps this one, and tells the owner', async () => {
    const { client, email } = await signedInStudent();
    const other = await secondDevice(email);

    expect(await changePassword(client, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toMatchObject({
      status: 200,
      body: { msg: MSG.passwordChanged },
    });
    // The other device is signed out: its access token and its refresh cookie are refused.
    expect((await other.get('/auth/user')).status).toBe(401);
    expect((await other.post('/auth/refresh-token')).status).toBe(401);
    // This one stays signed in, and refreshes.
    expect((await client.get('/auth/user')).status).toBe(200);
    expect((await client.post('/auth/refresh-token')).status).toBe(200);

    expect((await new ApiClient().post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    await secondDevice(email, NEW_PASSWORD);
    expect((await latestMail(email, 'Your password was changed')).text).toContain('every other session was signed out');
  });

  it('refuses a wrong current password, a common or unchanged new one, changing nothing', async () => {
    const { client, email } = await signedInStudent();
    const other = await secondDevice(email);
    expect(await changePassword(client, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD })).toMatchObject({
      status: 403,
      body: { msg: MSG.currentPasswordWrong, code: 'current_password_wrong' },
    });
    expect(await changePassword(client, { currentPassword: PASSWORD, newPassword: 'password123' })).toMatchObject({
      status: 400,
      body: { msg: MSG.passwordTooCommon, code: 'password_too_common' },
    });
    expect(await changePassword(client, { currentPassword: PASSWORD, newPassword: PASSWORD })).toMatchObject({
      status: 400,
      body: { msg: MSG.passwordUnchanged, code: 'password_unchanged' },
    });
    expect(await changePassword(client, { currentPassword: PASSWORD, newPassword: 'short' })).toMatchObject({ status: 400, body: { msg: MSG.passwordMin } });
    // Nothing changed: the old password works and the other device is still signed in.
    expect((await other.get('/auth/user')).status).toBe(200);
    await secondDevice(email);
  });

  it('counts wrong current passwords as login guesses of the client: no way around the login throttle', async () => {
    const { client, email } = await signedInStudent();
    const answers = [];
    for (let guess = 0; guess < 6; guess++)
      answers.push((await changePassword(client, { currentPassword: `guess-${guess}`, newPassword: NEW_PASSWORD })).status);
    expect(answers).toEqual([403, 403, 403, 403, 403, 429]);
    // The right password from this client is refused too until the window ends; the account is unchanged.
    expect((await changePassword(client, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(429);
    await secondDevice(email);
  });

  it('is for members only', async () => {
    expect((await new ApiClient().request('PUT', '/user/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(401);
  });
});
