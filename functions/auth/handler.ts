/** Auth Lambda: accounts and sessions. HTTP in, one service call, HTTP out. */
import { createDomainHandler, type Request } from '../lib/http';
import * as service from './service';
import type { SessionKind } from './repository';
import { AUTH_TIMINGS } from '../../shared/limits';
import type { LoginBody } from '../../shared/schemas/auth';

/** Refresh cookies: HttpOnly, Secure, SameSite=Strict, sent only to their own refresh/logout paths. */
const COOKIES: Record<SessionKind, { name: string; path: string }> = {
  user: { name: 'refreshToken', path: '/api/auth' },
  admin: { name: 'adminRefreshToken', path: '/api/admin/auth' },
};

const setCookie = (kind: SessionKind, value: string) =>
  `${COOKIES[kind].name}=${value}; Path=${COOKIES[kind].path}; Max-Age=${AUTH_TIMINGS.refreshTokenSeconds}; HttpOnly; Secure; SameSite=Strict`;
const clearCookie = (kind: SessionKind) => `${COOKIES[kind].name}=; Path=${COOKIES[kind].path}; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
const cookieOf = (request: Request, kind: SessionKind) => request.cookies[COOKIES[kind].name];

const loginAs = (kind: SessionKind) => async (request: Request<LoginBody>) => {
  const { refreshToken, ...grant } = await service.login(request.body, kind);
  return { body: grant, cookies: [setCookie(kind, refreshToken)] };
};

const refreshAs = (kind: SessionKind) => async (request: Request) => {
  const { accessToken, refreshToken } = await service.refresh(cookieOf(request, kind), kind);
  return { body: { accessToken }, cookies: refreshToken ? [setCookie(kind, refreshToken)] : [] };
};

const logoutAs = (kind: SessionKind) => async (request: Request) => ({ body: await service.logout(cookieOf(request, kind)), cookies: [clearCookie(kind)] });

export const handler = createDomainHandler('auth', {
  'POST /api/auth/register': async (request) => ({ status: 201, body: await service.registerStudent(request.body) }),
  'POST /api/auth/register-professor': async (request) => ({ status: 201, body: await service.registerProfessor(request.body) }),
  'POST /api/auth/activate': async (request) => ({ body: await service.activate(request.body.token) }),
  'POST /api/auth/login': loginAs('user'),
  'POST /api/admin/auth/login': loginAs('admin'),
  'POST /api/auth/refresh-token': refreshAs('user'),
  'POST /api/admin/auth/refresh-token': refreshAs('admin'),
  'POST /api/auth/logout': logoutAs('user'),
  'POST /api/admin/auth/logout': logoutAs('admin'),
  'GET /api/auth/user': async (request) => ({ body: await service.currentUser(request.caller!) }),
  'POST /api/auth/forgot-password': async (request) => ({ body: await service.forgotPassword(request.body.email) }),
  'POST /api/auth/reset-password': async (request) => ({ body: await service.resetPassword(request.body.token, request.body.password) }),
  'POST /api/auth/contact': async (request) => ({ body: await service.contact(request.body) }),
});
