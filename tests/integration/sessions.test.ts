/**
 * Sessions and devices through the real API: the list gives each signed-in browser, its masked
 * address and its last use; ending one refuses its access and refresh tokens at once and closes its
 * socket; signing out everywhere (with the password) ends every one, this one too; nobody ends
 * another member's session.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceOf } from '../../shared/device';
import { MSG } from '../../shared/texts';
import type { SignedInSession } from '../../shared/schemas/sessions';
import { PASSWORD, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { connectAs } from '../support/chats';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let email: string;

/** A sign-in of the test's student from a browser of its own (its own address and cookie). */
async function signIn(userAgent: string): Promise<ApiClient> {
  const client = new ApiClient();
  const login = await client.request<{ accessToken: string }>('POST', '/auth/login', { email, password: PASSWORD }, { headers: { 'user-agent': userAgent } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  client.accessToken = login.body.accessToken;
  return client;
}

const sessionsSeenBy = async (client: ApiClient) => {
  const response = await client.get<{ sessions: SignedInSession[] }>('/user/sessions');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.sessions;
};
const refresh = (client: ApiClient) => client.post<{ accessToken: string }>('/auth/refresh-token');
const maskedOf = (client: ApiClient) => client.clientAddress.replace(/\.\d+$/, '.x');

beforeAll(async () => {
  ({ email } = await signedInStudent());
});

describe('the sessions list', () => {
  it('shows this session first and another one, with their devices, masked addresses and last use', async () => {
    const laptop = await signIn(FIREFOX_ON_WINDOWS);
    const phone = await signIn(CHROME_ON_ANDROID);
    const before = Date.now();
    expect((await refresh(phone)).status).toBe(200);

    const sessions = await sessionsSeenBy(laptop);
    const [first] = sessions;
    expect(first).toMatchObject({ userAgent: FIREFOX_ON_WINDOWS, place: maskedOf(laptop), current: true });
    expect(deviceOf(first.userAgent)).toBe('Firefox on Windows');
    const other = sessions.find((session) => session.userAgent === CHROME_ON_ANDROID);
    expect(other).toMatchObject({ place: maskedOf(phone), current: false });
    expect(Date.parse(other!.lastUsedAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(other!.startedAt)).toBeLessThanOrEqual(Date.parse(other!.lastUsedAt));
    expect(Object.keys(first).sort()).toEqual(['current', 'id', 'lastUsedAt', 'place', 'startedAt', 'userAgent']);
  });
});

describe('ending a session', () => {
  it('refuses its access and refresh tokens at once and closes its socket; the others carry on', async () => {
    const laptop = await signIn(FIREFOX_ON_WINDOWS);
    const phone = await signIn(CHROME_ON_ANDROID);
    const socket = await connectAs(phone);
    const phoneSession = (await sessionsSeenBy(phone)).find((session) => session.current)!;

    const ended = await laptop.request('DELETE', `/user/sessions/${phoneSession.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ msg: MSG.sessionEnded });
    await socket.closed();
    expect((await phone.get('/auth/user')).status).toBe(401);
    expect((await refresh(phone)).status).toBe(401);
    expect((await sessionsSeenBy(laptop)).map((session) => session.id)).not.toContain(phoneSession.id);
    expect((await laptop.get('/auth/user')).status).toBe(200);
    expect((await laptop.request('DELETE', `/user/sessions/${phoneSession.id}`)).body).toEqual({ msg: MSG.sessionNotFound, code: 'session_not_found' });
  });

  it('never ends another member’s session: it is not found', async () => {
    const mine = await signIn(FIREFOX_ON_WINDOWS);
    const { client: someoneElse } = await signedInStudent();
    const theirs = (await sessionsSeenBy(someoneElse)).find((session) => session.current)!;
    const refused = await mine.request('DELETE', `/user/sessions/${theirs.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ msg: MSG.sessionNotFound, code: 'session_not_found' });
    expect((await someoneElse.get('/auth/user')).status).toBe(200);
  });
});

describe('signing out everywhere', () => {
  it('asks for the password, then ends every session, this one too, with their sockets', async () => {
    const laptop = await signIn(FIREFOX_ON_WINDOWS);
    const phone = await signIn(CHROME_ON_ANDROID);
    const socket = await connectAs(phone);

    const wrong = await laptop.post('/user/sessions/end-all', { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ msg: MSG.currentPasswordWrong, code: 'current_password_wrong' });
    expect((await phone.get('/auth/user')).status).toBe(200);

    const ended = await laptop.post('/user/sessions/end-all', { password: PASSWORD });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ msg: MSG.signedOutEverywhere });
    expect(ended.setCookies.some((cookie) => cookie.startsWith('__Secure-refreshToken=;') && cookie.includes('Max-Age=0'))).toBe(true);
    await socket.closed();
    for (const device of [laptop, phone]) {
      expect((await device.get('/auth/user')).status).toBe(401);
      expect((await refresh(device)).status).toBe(401);
    }
    expect((await sessionsSeenBy(await signIn(FIREFOX_ON_WINDOWS))).filter((session) => !session.current)).toEqual([]);
  });
});
