/**
 * Pre-account takeover (ASVS 5.0 V6), on the running stack. Anyone can register an address that is
 * still pending, in any letter case, and have a link mailed to its owner. Whatever the order of the
 * registrations and of the links the owner follows, only a password the mailbox owner chose can ever
 * log in: a link activates only the registration whose password comes with it.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { RATE_LIMITS } from '../../shared/limits';
import { PASSWORD, registerStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { latestMail, linkIn, mailsTo, uniqueEmail } from '../support/outbox';
import { getItem } from '../support/table';

const STRANGERS_PASSWORD = 'strangers-Password-2026';

const activate = (token: string, password: string) => new ApiClient().post('/auth/activate', { token, password });
const logsIn = async (email: string, password: string) => (await new ApiClient().post('/auth/login', { email, password })).status === 200;

/** The link of the newest activation mail to an address, whatever the case it was registered in. */
async function newestLink(email: string): Promise<string> {
  return linkIn(await latestMail(email, 'Activate your account'), '/activate/').split('/activate/')[1];
}

async function strangerRegisters(email: string): Promise<void> {
  const response = await new ApiClient().post('/auth/register', { name: 'Sly Stranger', email: email.toUpperCase(), password: STRANGERS_PASSWORD });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

async function accountOf(email: string) {
  const claim = (await getItem({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' })) as { userId: string };
  return getItem({ pk: `USER#${claim.userId}`, sk: 'PROFILE' });
}

/** After everything: the owner's password logs in, the stranger's never does. */
async function expectOnlyTheOwnersPassword(email: string): Promise<void> {
  expect(await logsIn(email, STRANGERS_PASSWORD)).toBe(false);
  expect(await logsIn(email, PASSWORD)).toBe(true);
  const login = await new ApiClient().post<{ user: { name?: string } }>('/auth/login', { email, password: PASSWORD });
  expect(login.body.user.name).toBe('Olivia Owner');
}

describe('activating with the password chosen at registration', () => {
  it('victim first, then a stranger: the newest link (the stranger’s) cannot be activated with the owner’s password; the owner’s own link can', async () => {
    const { email, activationToken: ownersLink } = await registerStudent(uniqueEmail('victim.first'), 'Olivia Owner');
    await strangerRegisters(email);
    expect(await mailsTo(email)).toHaveLength(2);
    const strangersLink = await newestLink(email);
    expect(strangersLink).not.toBe(ownersLink);

    expect(await activate(strangersLink, PASSWORD)).toMatchObject({
      status: 400,
      body: { msg: MSG.activationPasswordWrong, code: 'activation_password_wrong' },
    });
    expect(await accountOf(email)).toMatchObject({ status: 'pending' });
    expect(await logsIn(email, STRANGERS_PASSWORD)).toBe(false);

    expect(await activate(ownersLink, PASSWORD)).toMatchObject({ status: 200, body: { msg: MSG.activationSuccessful } });
    await expectOnlyTheOwnersPassword(email);
    // The first activation ends every other registration's link, even with its own password.
    expect(await activate(strangersLink, STRANGERS_PASSWORD)).toMatchObject({ status: 400, body: { code: 'activation_link_invalid' } });
    await expectOnlyTheOwnersPassword(email);
  });

  it('stranger first, then the victim: the owner follows the oldest link first, then their own', async () => {
    const email = uniqueEmail('stranger.first');
    await strangerRegisters(email);
    const strangersLink = await newestLink(email);
    const { activationToken: ownersLink } = await registerStudent(email, 'Olivia Owner');

    expect(await activate(strangersLink, PASSWORD)).toMatchObject({ status: 400, body: { code: 'activation_password_wrong' } });
    expect(await activate(ownersLink, PASSWORD)).toMatchObject({ status: 200 });
    await expectOnlyTheOwnersPassword(email);
  });

  it('stranger first, then the victim: the owner follows their own link first, and the stranger’s is dead', async () => {
    const email = uniqueEmail('own.link.first');
    await strangerRegisters(email);
    const strangersLink = await newestLink(email);
    const { activationToken: ownersLink } = await registerStudent(email, 'Olivia Owner');

    expect(await activate(ownersLink, PASSWORD)).toMatchObject({ status: 200 });
    expect(await activate(strangersLink, STRANGERS_PASSWORD)).toMatchObject({ status: 400, body: { code: 'activation_link_invalid' } });
    await expectOnlyTheOwnersPassword(email);
  });

  it('counts wrong passwords against the login throttle, and a right one still works afterwards within the limit', async () => {
    const { email, activationToken } = await registerStudent(uniqueEmail('guesses'), 'Olivia Owner');
    const client = new ApiClient();
    for (let guess = 1; guess < RATE_LIMITS.loginGuessesPerClient.max; guess++) {
      expect((await client.post('/auth/activate', { token: activationToken, password: `wrong-guess-${guess}` })).status).toBe(400);
    }
    expect(await client.post('/auth/activate', { token: activationToken, password: PASSWORD })).toMatchObject({ status: 200 });
    await expectOnlyTheOwnersPassword(email);
  });

  it('refuses past the throttle, with Retry-After, and changes nothing', async () => {
    const { email, activationToken } = await registerStudent(uniqueEmail('throttled'), 'Olivia Owner');
    const client = new ApiClient();
    for (let guess = 1; guess <= RATE_LIMITS.loginGuessesPerClient.max; guess++) {
      expect((await client.post('/auth/activate', { token: activationToken, password: `wrong-guess-${guess}` })).status).toBe(400);
    }
    const refused = await client.post('/auth/activate', { token: activationToken, password: PASSWORD });
    expect(refused).toMatchObject({ status: 429, body: { msg: MSG.tooManyLoginAttempts, code: 'rate_limited' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await accountOf(email)).toMatchObject({ status: 'pending' });
  });
});
