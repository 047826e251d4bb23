/** Auth Lambda: accounts and sessions. HTTP in, one service call, HTTP out. */
import type { SessionKind } from '../../platform/access-token';
import { accountOfOpenSession } from '../../contexts/accounts/service';
import { createDomainHandler, idempotencyKeyOf } from '../../platform/http';
import * as service from '../../contexts/accounts/auth-service';
import * as sessions from '../../contexts/accounts/session-service';
import type { AdminLoginBody, LoginBody } from '../../../shared/schemas/auth';
import { AUTH_ROUTES } from '../../../shared/routes/auth';
import { SESSION_HINT_COOKIE } from '../../../shared/shell-limits';

/**
 * Refresh cookies: HttpOnly, Secure, SameSite=Strict, sent only to their own refresh/logout paths.
 * The __Secure- prefix makes browsers refuse them unless set Secure by a secure origin, so a sibling
 * site or a network attacker on plain HTTP cannot plant one (a second one is refused anyway).
 */
const COOKIES: Record<SessionKind, { name: string; path: string }> = {
  user: { name: '__Secure-refreshToken', path: '/api/auth' },
  admin: { name: '__Secure-adminRefreshToken', path: '/api/admin/auth' },
};

const setCookie = (kind: SessionKind, value: string, maxAgeSeconds: number) =>
  `${COOKIES[kind].name}=${value}; Path=${COOKIES[kind].path}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
/**
 * A member's session hint (shared/first-paint-script.ts, decision 290): readable by the page's script,
 * holding nothing but "1", set and cleared with the member's refresh cookie.
 */
const hintCookie = (maxAgeSeconds: number) => `${SESSION_HINT_COOKIE}=${maxAgeSeconds > 0 ? '1' : ''}; Path=/; Max-Age=${maxAgeSeconds}; Secure; SameSite=Lax`;
/** The refresh cookie of a session kind, with a member's hint. */
const sessionCookies = (kind: SessionKind, value: string, maxAgeSeconds: number) => [
  setCookie(kind, value, maxAgeSeconds),
  ...(kind === 'user' ? [hintCookie(maxAgeSeconds)] : []),
];
const clearCookies = (kind: SessionKind) => sessionCookies(kind, '', 0);
const cookieOf = (request: { cookies: Record<string, string> }, kind: SessionKind) => request.cookies[COOKIES[kind].name];
const clientOf = (request: { clientIp: string; headers: Record<string, string> }): service.Client => ({
  ip: request.clientIp,
  userAgent: request.headers['user-agent'],
});

const loginAs = (kind: SessionKind) => async (request: { body: LoginBody | AdminLoginBody; clientIp: string; headers: Record<string, string> }) => {
  const { refreshToken, lifetimeSeconds, ...grant } = await service.login(request.body, kind, clientOf(request));
  return { body: grant, cookies: sessionCookies(kind, refreshToken, lifetimeSeconds) };
};

const refreshAs = (kind: SessionKind) => async (request: { cookies: Record<string, string>; clientIp: string; headers: Record<string, string> }) => {
  const { accessToken, refreshToken, lifetimeSeconds } = await service.refresh(cookieOf(request, kind), kind, clientOf(request));
  return { body: { accessToken }, cookies: refreshToken ? sessionCookies(kind, refreshToken, lifetimeSeconds) : [] };
};

const logoutAs = (kind: SessionKind) => async (request: { cookies: Record<string, string> }) => ({
  body: await service.logout(cookieOf(request, kind)),
  cookies: clearCookies(kind),
});

export const handler = createDomainHandler(
  AUTH_ROUTES,
  {
    'POST /api/auth/register': async (request) => ({ status: 201, body: await service.registerStudent(request.body, clientOf(request)) }),
    'POST /api/auth/register-professor': async (request) => ({ status: 201, body: await service.registerExpert(request.body, clientOf(request)) }),
    'POST /api/auth/activate': async (request) => ({ body: await service.activate(request.body, clientOf(request)) }),
    'POST /api/auth/login': loginAs('user'),
    'POST /api/admin/auth/login': loginAs('admin'),
    'POST /api/auth/refresh-token': refreshAs('user'),
    'POST /api/admin/auth/refresh-token': refreshAs('admin'),
    'POST /api/auth/logout': logoutAs('user'),
    'POST /api/admin/auth/logout': logoutAs('admin'),
    'GET /api/auth/user': async (request) => ({ body: service.currentUser(request.account) }),
    'POST /api/auth/forgot-password': async (request) => ({ body: await service.forgotPassword(request.body.email, clientOf(request)) }),
    'POST /api/auth/reset-password': async (request) => ({ body: await service.resetPassword(request.body.token, request.body.password) }),
    'POST /api/auth/contact': async (request) => ({ body: await service.contact(request.body, clientOf(request), idempotencyKeyOf(request.headers)) }),
    'PUT /api/user/change-password': async (request) => ({
      body: await service.changePassword(request.caller, request.account, request.body, clientOf(request)),
    }),
    'GET /api/user/sessions': async (request) => ({ body: await sessions.listSessions(request.caller) }),
    'DELETE /api/user/sessions/{id}': async (request) => ({ body: await sessions.endOwnSession(request.caller, request.params.id) }),
    // This session ends too: its refresh cookie goes with it.
    'POST /api/user/sessions/end-all': async (request) => ({
      body: await service.signOutEverywhere(request.account, request.body.password, clientOf(request)),
      cookies: clearCookies('user'),
    }),
  },
  accountOfOpenSession,
);
