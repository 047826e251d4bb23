/**
 * Generated from the route table: every route x anonymous, student, professor and admin. A caller
 * below the route's access level is refused (401 anonymous, 403 signed in); a caller at that level
 * passes the check. Tokens whose session has ended, and an admin account's token of a user session,
 * open nothing. A route may name what a refused member is told (`denied`, e.g. only professors
 * create offers). Ownership: every route that acts on an offer by id, called on an expert's own
 * offer and on another expert's. A member banned, archived by an admin or who deleted their
 * account opens nothing with a token still unexpired, nor refreshes it, nor signs in again.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/texts';
import { ROUTES, routeKey } from '../../shared/routes';
import { PASSWORD, signedInAs, signedInNewExpert, signedInPublishingExpert, signedInStudent } from '../support/accounts';
import { ApiClient } from '../support/api';
import { claimsOf, mintAccessToken } from '../support/tokens';
import { CALLERS, type Caller, clientFor, concretePath, mayCall } from '../support/route-calls';

const tokens: Partial<Record<Caller, string>> = {};

// A student and an expert of the file's own: the calls that are let through change their accounts
// (an education entry deleted, a profile updated), never the demo experts the other files rely on.
beforeAll(async () => {
  tokens.user = (await signedInStudent()).client.accessToken;
  tokens.professor = (await signedInNewExpert()).client.accessToken;
  tokens.admin = (await signedInAs('admin')).accessToken;
});

const protectedRoutes = ROUTES.filter((r) => r.access !== 'public');
const callRoute = (client: ReturnType<typeof clientFor>, route: (typeof ROUTES)[number]) =>
  client.request(route.method, concretePath(route), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => ({ route, caller, key: routeKey(route) })));

describe('authorization matrix', () => {
  it.each(cases)('$key as $caller', async ({ route, caller }) => {
    const client = clientFor(tokens, caller);
    const response = await client.request(route.method, concretePath(route), route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
    const { msg, code } = response.body as { msg?: string; code?: string };
    if (!mayCall(route, caller)) {
      expect({ status: response.status, msg, code }).toEqual(
        caller === 'anonymous'
          ? { status: 401, msg: MSG.notAuthenticated, code: 'not_authenticated' }
          : { status: 403, msg: route.denied ?? MSG.forbidden, code: 'forbidden' },
      );
    } else {
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(502);
      expect({ status: response.status, msg }).not.toEqual({ status: 401, msg: MSG.notAuthenticated });
      expect({ status: response.status, msg }).not.toEqual({ status: 403, msg: route.denied ?? MSG.forbidden });
    }
  });

  it('refuses an expired or forged bearer token on every protected route', async () => {
    const forged = clientFor({ user: `${tokens.user!.slice(0, -6)}AAAAAA` }, 'user');
    for (const route of protectedRoutes) {
      const response = await callRoute(forged, route);
      expect({ key: routeKey(route), status: response.status }).toEqual({ key: routeKey(route), status: 401 });
    }
  });

  it('refuses the still-unexpired access token of a logged-out session on every protected route', async () => {
    const { client } = await signedInStudent();
    expect((await client.post('/auth/logout')).status).toBe(200);
    const revoked = clientFor({ user: client.accessToken }, 'user');
    for (const route of protectedRoutes) {
      const response = await callRoute(revoked, route);
      expect({ key: routeKey(route), status: response.status }).toEqual({ key: routeKey(route), status: 401 });
    }
  });

  it('refuses an admin account’s token of a user session on every admin route, even validly signed', async () => {
    const admin = claimsOf(tokens.admin!);
    const userSession = clientFor({ admin: await mintAccessToken({ userId: admin.sub, role: 'admin', sessionId: admin.sid, kind: 'user' }) }, 'admin');
    for (const route of protectedRoutes.filter((r) => r.access === 'admin')) {
      const response = await callRoute(userSession, route);
      expect({ key: routeKey(route), status: response.status }).toEqual({ key: routeKey(route), status: 401 });
    }
  });
});

describe('members who may no longer act', () => {
  /** How each one stops: an admin's ban or archive, or the member's own deletion. */
  const ENDINGS = {
    banned: (admin: ApiClient, _member: ApiClient, userId: string) => admin.post(`/admin/ban-user/${userId}`, {}),
    archived: (admin: ApiClient, _member: ApiClient, userId: string) => admin.request('DELETE', `/admin/users/${userId}`),
    deleted: (_admin: ApiClient, member: ApiClient) => member.post('/user/delete-account', { password: PASSWORD }),
  };

  it.each(['banned', 'archived', 'deleted'] as const)(
    'refuses the still-unexpired token of a member %s on every protected route, its refresh and their login',
    async (ending) => {
      const { client, email } = await signedInStudent();
      const ended = await ENDINGS[ending](await signedInAs('admin'), client, claimsOf(client.accessToken!).sub);
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);

      const stale = clientFor({ user: client.accessToken }, 'user');
      for (const route of protectedRoutes) {
        const response = await callRoute(stale, route);
        expect({ key: routeKey(route), status: response.status }).toEqual({ key: routeKey(route), status: 401 });
      }
      expect((await client.post('/auth/refresh-token', {})).status).toBe(401);
      const login = await new ApiClient().post<{ code?: string }>('/auth/login', { email, password: PASSWORD });
      expect({ status: login.status, code: login.body.code }).toEqual(
        ending === 'banned' ? { status: 403, code: 'account_banned' } : { status: 401, code: 'invalid_credentials' },
      );
    },
  );
});

describe('ownership of offers', () => {
  /** Every route that acts on one offer of its expert's, with a valid body. */
  const OWN_OFFER_CALLS: { method: string; path: (id: string) => string; body?: unknown }[] = [
    {
      method: 'PATCH',
      path: (id) => `/offers/update/${id}`,
      body: { title: 'A fair new title', description: 'A fair new description.', price: 20, lessonType: 'Document' },
    },
    { method: 'POST', path: (id) => `/offers/${id}/photo-upload`, body: { contentType: 'image/png', size: 1000 } },
    { method: 'DELETE', path: (id) => `/offers/delete/${id}` },
  ];

  it('lets an expert act on their own offers only, and tells anyone else it is not theirs', async () => {
    const [{ client: owner }, { client: other }] = await Promise.all([signedInPublishingExpert('Owen', 'Owner'), signedInPublishingExpert('Otto', 'Other')]);
    for (const { method, path, body } of OWN_OFFER_CALLS) {
      const created = await owner.post<{ offer: { _id: string } }>('/offers/create', {
        title: 'An offer to act on',
        description: 'Arranged by the ownership matrix.',
        price: 30,
        lessonType: 'Video Call',
      });
      const offerId = created.body.offer._id;
      expect(await other.request(method, path(offerId), body), `${method} ${path('{id}')} by another expert`).toMatchObject({
        status: 403,
        body: { msg: MSG.notYourOffer },
      });
      expect((await owner.request(method, path(offerId), body)).status, `${method} ${path('{id}')} by its expert`).toBe(200);
    }
  });
});
