import {
  activateSchema,
  adminLoginSchema,
  contactSchema,
  forgotPasswordSchema,
  loginSchema,
  registerExpertSchema,
  registerStudentSchema,
  resetPasswordSchema,
} from '../schemas/auth';
import { emptyBody } from '../schemas/common';
import { endAllSessionsSchema } from '../schemas/sessions';
import { changePasswordSchema } from '../schemas/users';
import { type Route, r } from './route';

/** The auth Lambda's: sign-in, registration, the password and the sessions (it holds the hashing, the sessions and the sockets a change ends). */
export const AUTH_ROUTES = [
  // Session (spec 1 section 7)
  r('POST', '/auth/refresh-token', 'auth', 'public', { body: emptyBody }),
  r('POST', '/admin/auth/refresh-token', 'auth', 'public', { body: emptyBody }),
  r('GET', '/auth/user', 'auth', 'authenticated'),
  r('POST', '/auth/logout', 'auth', 'public', { body: emptyBody }),
  r('POST', '/admin/auth/logout', 'auth', 'public', { body: emptyBody }),
  // Authentication
  r('POST', '/auth/login', 'auth', 'public', { body: loginSchema }),
  r('POST', '/auth/register', 'auth', 'public', { body: registerStudentSchema }),
  r('POST', '/auth/register-professor', 'auth', 'public', { body: registerExpertSchema }),
  r('POST', '/auth/activate', 'auth', 'public', { body: activateSchema }),
  r('POST', '/auth/forgot-password', 'auth', 'public', { body: forgotPasswordSchema }),
  r('POST', '/auth/reset-password', 'auth', 'public', { body: resetPasswordSchema }),
  r('POST', '/auth/contact', 'auth', 'public', { body: contactSchema }),
  r('POST', '/admin/auth/login', 'auth', 'public', { body: adminLoginSchema }),
  r('PUT', '/user/change-password', 'auth', 'member', { body: changePasswordSchema }),
  // Sessions and devices (issue 15).
  r('GET', '/user/sessions', 'auth', 'member'), // (added)
  r('DELETE', '/user/sessions/{id}', 'auth', 'member'), // (added)
  r('POST', '/user/sessions/end-all', 'auth', 'member', { body: endAllSessionsSchema }), // (added)
] as const satisfies readonly Route[];
