/**
 * The route table: every call of both specification documents (section 7 of each), once.
 * The CDK HTTP API, the local gateway, the domain handlers and the authorization tests are all
 * built from this list; adding a line here is all it takes for a route to be deployed, served
 * locally and covered by the matrix.
 */
import type * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { emptyBody } from './schemas/common';
import {
  activateSchema,
  adminLoginSchema,
  contactSchema,
  forgotPasswordSchema,
  loginSchema,
  registerExpertSchema,
  registerStudentSchema,
  resetPasswordSchema,
} from './schemas/auth';
import { createOfferSchema, guestFavoritesSchema, photoUploadSchema, reviewSchema, updateOfferSchema } from './schemas/offers';
import { expertDirectoryQuery, offerSearchQuery, pageQuery } from './schemas/catalogue';
import { MSG } from './texts';
import {
  adminWithdrawalsQuery,
  changePasswordSchema,
  deleteAccountSchema,
  confirmEmailSchema,
  educationEntrySchema,
  expertInfoSchema,
  moneyPageQuery,
  rejectWithdrawalSchema,
  updateUserSchema,
  withdrawSchema,
  workExperienceEntrySchema,
} from './schemas/users';
import { chatListQuery, chatMessagesQuery, conversationPageQuery, createChatSchema, sendMessageSchema } from './schemas/chats';
import {
  confirmProjectUploadSchema,
  counterScheduleSchema,
  handleProjectSchema,
  projectUploadSchema,
  refundDecisionSchema,
  reportProblemSchema,
  rescheduleSchema,
  resolveProblemSchema,
  scheduleSchema,
} from './schemas/orders';
import { createSessionSchema } from './schemas/payments';
import { auditQuery } from './schemas/audit';
import {
  adminCreateUserSchema,
  adminPaymentsQuery,
  adminUpdateUserSchema,
  adminUsersQuery,
  approveWithdrawalSchema,
  banUserSchema,
  rejectOfferQuery,
  secondFactorChangeSchema,
  secondFactorConfirmSchema,
  verifyExpertSchema,
} from './schemas/admin';
import { adminReportsQuery, reportSchema, resolveReportSchema } from './schemas/reports';
import { notificationPreferencesSchema } from './schemas/notifications';
import { endAllSessionsSchema } from './schemas/sessions';
import { availabilitySchema, busyCalendarSchema, slotsQuerySchema } from './schemas/bookings';
import { ROOM_ACTIONS } from './schemas/rooms';

import { API_PREFIX } from './api-prefix';
import type { Role } from './roles';

export { API_PREFIX };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Domain = 'health' | 'auth' | 'users' | 'catalogue' | 'chats' | 'orders' | 'admin' | 'jobs' | 'calendars' | 'rooms';
/**
 * Who may call a route. public: anyone; authenticated: any signed-in account (admins included);
 * member: a signed-in student or professor; user: students; professor: experts; admin: admins.
 * Ownership of the data a route touches is checked by the domain's service on top of this.
 */
export type Access = 'public' | 'authenticated' | 'member' | 'user' | 'professor' | 'admin';

export interface Route {
  method: Method;
  /** Path below API_PREFIX in API Gateway syntax, e.g. /offers/{id}. */
  path: string;
  domain: Domain;
  access: Access;
  /** JSON body schema; absent for calls without a body. */
  body?: ZodMiniType;
  /** Query-string schema (values arrive as strings); absent: the query string is ignored. */
  query?: ZodMiniType;
  /** What a signed-in caller whose role the route refuses is told (default: a generic 403). */
  denied?: string;
  /** multipart/form-data upload with the named file field. */
  upload?: string;
  /** Raw body needed (signature checks); the body is passed on untouched. */
  rawBody?: boolean;
}

type RouteExtra = Pick<Route, 'body' | 'query' | 'denied' | 'upload' | 'rawBody'>;

/** One entry; its literal method, path, domain and schemas stay in the table's type. */
const r = <const M extends Method, const P extends string, const D extends Domain, const A extends Access, const X extends RouteExtra = Record<never, never>>(
  method: M,
  path: P,
  domain: D,
  access: A,
  extra?: X,
) => ({ method, path, domain, access, ...extra }) as { method: M; path: P; domain: D; access: A } & X;

const ROUTE_TABLE = [
  r('GET', '/health', 'health', 'public'),

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

  // Offers, experts and favourites. The catalogue Lambda (domain offers) also serves the expert
  // directory and public profiles: it holds the search index they read from.
  r('GET', '/offers/all', 'catalogue', 'public', { query: pageQuery }),
  r('GET', '/offers/search', 'catalogue', 'public', { query: offerSearchQuery }),
  r('GET', '/offers/my-offers', 'catalogue', 'professor'),
  r('GET', '/offers/professor/{id}', 'catalogue', 'public'),
  r('GET', '/offers/professor/{id}/reviews', 'catalogue', 'public'),
  r('GET', '/offers/{id}', 'catalogue', 'public'),
  r('POST', '/offers/guest-favorites', 'catalogue', 'public', { body: guestFavoritesSchema }),
  r('POST', '/offers/create', 'catalogue', 'professor', { body: createOfferSchema, denied: MSG.onlyExpertsCreateOffers }),
  r('PATCH', '/offers/update/{id}', 'catalogue', 'professor', { body: updateOfferSchema, denied: MSG.notYourOffer }),
  r('POST', '/offers/{id}/photo-upload', 'catalogue', 'professor', { body: photoUploadSchema, denied: MSG.notYourOffer }),
  r('DELETE', '/offers/delete/{id}', 'catalogue', 'professor', { denied: MSG.notYourOffer }),
  r('POST', '/offers/{id}/reviews', 'catalogue', 'member', { body: reviewSchema }),
  r('GET', '/user/professors', 'catalogue', 'public', { query: expertDirectoryQuery }),
  r('GET', '/user/public/{id}', 'catalogue', 'public'),
  // Offer moderation (spec 2) belongs to the catalogue too: the one Lambda that writes offers.
  r('GET', '/admin/offers/pending', 'catalogue', 'admin'),
  r('PATCH', '/admin/offers/{id}/approve', 'catalogue', 'admin', { body: emptyBody }),
  r('PATCH', '/admin/offers/{id}', 'catalogue', 'admin', { body: updateOfferSchema }),
  // Rejecting carries the reason its expert reads (the admin issue; docs/decisions.md).
  r('DELETE', '/admin/offers/{id}', 'catalogue', 'admin', { query: rejectOfferQuery }),

  // Profile, favourites, earnings (users domain)
  r('GET', '/user/favorites', 'users', 'authenticated', { query: pageQuery }),
  r('POST', '/user/favorites/merge', 'users', 'authenticated', { body: guestFavoritesSchema }),
  r('POST', '/user/favorites/{offerId}', 'users', 'authenticated', { body: emptyBody }),
  r('DELETE', '/user/favorites/{offerId}', 'users', 'authenticated'),
  // Earnings and withdrawals move money: the orders Lambda serves them (docs/payouts.md).
  r('GET', '/user/earnings', 'orders', 'professor', { query: moneyPageQuery }),
  r('GET', '/user/earnings/monthly', 'orders', 'professor'), // (added) the dashboard's chart
  r('GET', '/user/withdrawals', 'orders', 'professor', { query: moneyPageQuery }),
  r('POST', '/user/withdraw', 'orders', 'professor', { body: withdrawSchema }),
  // The orders Lambda's: the counters are kept with the orders' closes and the ledger. Anyone reads
  // them; a signed-in caller's token is still checked, for the expert's and admins' totalEarned (decision 222).
  r('GET', '/user/stats/{id}', 'orders', 'public'),
  r('POST', '/user/upload-photo', 'users', 'member', { upload: 'profilePhoto' }),
  r('PUT', '/user/update', 'users', 'member', { body: updateUserSchema }),
  // The link of an e-mail change; served by the users Lambda, which holds the change (decision 191).
  r('POST', '/auth/confirm-email', 'users', 'public', { body: confirmEmailSchema }), // (added)
  r('PUT', '/user/update-professor-info', 'users', 'professor', { body: expertInfoSchema }),
  r('PUT', '/user/work-experience/{index}', 'users', 'professor', { body: workExperienceEntrySchema }),
  r('DELETE', '/user/work-experience/{index}', 'users', 'professor'),
  r('PUT', '/user/education/{index}', 'users', 'professor', { body: educationEntrySchema }),
  r('DELETE', '/user/education/{index}', 'users', 'professor'),
  // The auth Lambda's: it holds the password hashing, the sessions and the sockets a change ends.
  r('PUT', '/user/change-password', 'auth', 'member', { body: changePasswordSchema }),
  // The jobs Lambda's: it reads every context's data of a member, for their export and their deletion (decision 166).
  r('GET', '/user/export', 'jobs', 'member'), // (added)
  r('POST', '/user/export', 'jobs', 'member', { body: emptyBody }), // (added)
  r('POST', '/user/delete-account', 'jobs', 'member', { body: deleteAccountSchema }), // (added)
  // Sessions and devices (issue 15) are the auth Lambda's too: it holds the sessions and ends their sockets.
  r('GET', '/user/sessions', 'auth', 'member'), // (added)
  r('DELETE', '/user/sessions/{id}', 'auth', 'member'), // (added)
  r('POST', '/user/sessions/end-all', 'auth', 'member', { body: endAllSessionsSchema }), // (added)
  // E-mail preferences (issue 15): kept with the account, which the users Lambda writes.
  r('GET', '/user/notification-preferences', 'users', 'member'), // (added)
  r('PUT', '/user/notification-preferences', 'users', 'member', { body: notificationPreferencesSchema }), // (added)
  r('GET', '/user/{id}', 'users', 'authenticated'),

  // Chat and orders (spec 2 section 7)
  r('GET', '/chats/unread-count', 'chats', 'member'),
  r('GET', '/chats', 'chats', 'member', { query: chatListQuery }),
  r('GET', '/chats/chat/{id}', 'chats', 'member', { query: chatMessagesQuery }),
  r('PUT', '/chats/{id}/mark-read', 'chats', 'member', { body: emptyBody }),
  r('POST', '/chats/create', 'chats', 'member', { body: createChatSchema }),
  r('POST', '/chats/{id}/messages', 'chats', 'member', { body: sendMessageSchema }),
  // The one-time ticket that opens the realtime WebSocket (issue 7; the spec's socket sends credentials).
  r('POST', '/realtime/ticket', 'chats', 'member', { body: emptyBody }),

  // Orders and payments (spec 2 sections 4 and 7, spec 1's payout onboarding): every call that moves
  // an order or money, whatever its URL prefix, reaches the orders Lambda, the one holding the Stripe
  // secret. Calls the spec does not name are marked "(added)".
  r('PUT', '/chats/{id}/schedule', 'orders', 'member', { body: scheduleSchema }),
  r('PUT', '/chats/{id}/confirm-schedule', 'orders', 'member', { body: emptyBody }),
  r('PUT', '/chats/{id}/counter-schedule', 'orders', 'member', { body: counterScheduleSchema }), // (added)
  r('PUT', '/chats/{id}/accept-schedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('PUT', '/chats/{id}/decline-schedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('POST', '/payments/create-session', 'orders', 'member', { body: createSessionSchema }),
  r('PUT', '/chats/{id}/mark-paid', 'orders', 'member', { body: emptyBody }),
  r('PUT', '/chats/{id}/cancel', 'orders', 'member', { body: emptyBody }),
  r('PUT', '/chats/{id}/refund-decision', 'orders', 'professor', { body: refundDecisionSchema }), // (added)
  r('PUT', '/chats/{id}/confirm-session', 'orders', 'member', { body: emptyBody }), // (added)
  r('PUT', '/chats/{id}/reschedule', 'orders', 'member', { body: rescheduleSchema }), // (added)
  r('PUT', '/chats/{id}/accept-reschedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('PUT', '/chats/{id}/decline-reschedule', 'orders', 'member', { body: emptyBody }), // (added)
  r('POST', '/chats/{id}/report-problem', 'orders', 'member', { body: reportProblemSchema }), // (added)
  // A no-show reported in the call's room (docs/rooms.md): the side reported absent contests it, and an admin decides.
  r('POST', '/chats/{id}/contest-no-show', 'orders', 'member', { body: emptyBody }), // (added)
  // Bookings (issue 25): the orders Lambda keeps the calendars its moves reserve and free.
  r('GET', '/availability', 'orders', 'professor'), // (added)
  r('PUT', '/availability', 'orders', 'professor', { body: availabilitySchema }), // (added)
  r('GET', '/experts/{id}/slots', 'orders', 'public', { query: slotsQuerySchema }), // (added)
  // The expert's own calendar, whose busy times keep their slots: its Lambda alone reads calendars (and parses iCalendar).
  r('PUT', '/availability/calendar', 'calendars', 'professor', { body: busyCalendarSchema }), // (added)
  r('DELETE', '/availability/calendar', 'calendars', 'professor'), // (added)
  // A member's calendar feed: its state, a new secret address, and the file calendar apps read there.
  r('GET', '/calendar-feed', 'orders', 'member'), // (added)
  r('POST', '/calendar-feed', 'orders', 'member', { body: emptyBody }), // (added)
  r('GET', '/calendar/{file}', 'orders', 'public'), // (added)
  // Rooms (issue 26): a booked call's room, and the ICE servers it connects through. Its Lambda alone
  // asks Kinesis Video Streams for TURN credentials; the signalling goes over the WebSocket API.
  r('GET', '/rooms', 'rooms', 'member'), // (added)
  r('GET', '/rooms/{id}', 'rooms', 'member'), // (added)
  r('GET', '/rooms/{id}/ice-servers', 'rooms', 'member'), // (added)
  // From 15 minutes after the start, the side in the room reports the other absent if they never connected.
  r('POST', '/rooms/{id}/report-no-show', 'rooms', 'member', { body: emptyBody }), // (added)
  // What the room recorded of a reported call, for the admin who decides it.
  r('GET', '/admin/rooms/{id}', 'rooms', 'admin'), // (added)
  r('GET', '/admin/problems', 'orders', 'admin'), // (added)
  r('GET', '/admin/problems/{id}', 'orders', 'admin', { query: conversationPageQuery }), // (added)
  r('POST', '/admin/problems/{id}/resolve', 'orders', 'admin', { body: resolveProblemSchema }), // (added)
  r('POST', '/chats/{id}/project-upload', 'orders', 'professor', { body: projectUploadSchema }), // (added)
  r('PUT', '/chats/{id}/confirm-project-upload', 'orders', 'professor', { body: confirmProjectUploadSchema }), // (added)
  r('POST', '/chats/{id}/submit-project', 'orders', 'professor', { upload: 'projectFile' }),
  r('GET', '/chats/{id}/project-file', 'orders', 'member'), // (added)
  r('POST', '/chats/{id}/handle-project', 'orders', 'member', { body: handleProjectSchema }),
  r('GET', '/user/order-history', 'orders', 'member', { query: chatListQuery }),
  // A member's orders, opened by an admin from the member's row (the admin issue).
  r('GET', '/admin/users/{id}/orders', 'orders', 'admin', { query: chatListQuery }), // (added)
  r('GET', '/payments/account-status', 'orders', 'professor'),
  r('POST', '/payments/onboard', 'orders', 'professor', { body: emptyBody }),
  r('POST', '/payments/login-link', 'orders', 'professor', { body: emptyBody }),
  r('POST', '/payments/account-link', 'orders', 'professor', { body: emptyBody }),
  r('POST', '/webhooks/stripe', 'orders', 'public', { rawBody: true }),

  // Admin (spec 2 section 7; admin login and refresh are in the auth domain above)
  r('GET', '/admin/users', 'admin', 'admin', { query: adminUsersQuery }),
  r('GET', '/admin/archived-users', 'admin', 'admin', { query: adminUsersQuery }),
  r('DELETE', '/admin/users/{id}', 'admin', 'admin'),
  r('PATCH', '/admin/update-user/{id}', 'admin', 'admin', { body: adminUpdateUserSchema }),
  r('POST', '/admin/ban-user/{id}', 'admin', 'admin', { body: banUserSchema }),
  // What a ban would refund, shown before the admin confirms it (the admin issue).
  r('GET', '/admin/users/{id}/ban-preview', 'admin', 'admin'), // (added)
  r('POST', '/admin/unban-user/{id}', 'admin', 'admin', { body: emptyBody }),
  r('POST', '/admin/restore-user/{id}', 'admin', 'admin', { body: emptyBody }),
  r('POST', '/admin/create-user', 'admin', 'admin', { body: adminCreateUserSchema }),
  // The Verified badge, granted with a note of what was checked, and withdrawn (the admin issue).
  r('POST', '/admin/users/{id}/verify', 'admin', 'admin', { body: verifyExpertSchema }), // (added)
  // An admin changes their own authenticator secret: proven, then confirmed by a code of the new one (docs/decisions.md 211).
  r('POST', '/admin/second-factor', 'admin', 'admin', { body: secondFactorChangeSchema }), // (added)
  r('POST', '/admin/second-factor/confirm', 'admin', 'admin', { body: secondFactorConfirmSchema }), // (added)
  r('DELETE', '/admin/users/{id}/verify', 'admin', 'admin'), // (added)
  r('GET', '/admin/withdrawals', 'orders', 'admin', { query: adminWithdrawalsQuery }),
  r('POST', '/admin/withdrawals/{id}/approve', 'orders', 'admin', { body: approveWithdrawalSchema }),
  r('POST', '/admin/withdrawals/{id}/reject', 'orders', 'admin', { body: rejectWithdrawalSchema }),
  // Payments (spec 2) are the orders Lambda's: it holds the orders and the ledger.
  r('GET', '/admin/payments', 'orders', 'admin', { query: adminPaymentsQuery }),
  // Reconciliation of the ledger with the provider (docs/payouts.md): the latest result, and a run now.
  r('GET', '/admin/reconciliation', 'orders', 'admin'), // (added)
  r('POST', '/admin/reconciliation', 'orders', 'admin', { body: emptyBody }), // (added)
  r('GET', '/admin/statistics', 'admin', 'admin'),
  // The audit log of every admin action (the admin issue).
  r('GET', '/admin/audit', 'admin', 'admin', { query: auditQuery }), // (added)
  // Reports of content (decision 171): members report at the users Lambda, admins work the queue at the admin Lambda.
  r('POST', '/reports', 'users', 'member', { body: reportSchema }), // (added)
  r('GET', '/admin/reports', 'admin', 'admin', { query: adminReportsQuery }), // (added)
  r('POST', '/admin/reports/{id}/resolve', 'admin', 'admin', { body: resolveReportSchema }), // (added)
] as const satisfies readonly Route[];

/** The table, as every consumer that walks it reads it. */
export const ROUTES: readonly Route[] = ROUTE_TABLE;

type AnyRoute = (typeof ROUTE_TABLE)[number];
/**
 * An entry's route key, e.g. "POST /api/offers/create": the name handlers, the web client and tests use.
 * Distributed over a union of entries, so that a union gives each entry's own key, never every
 * method paired with every path.
 */
export type RouteKeyOf<R extends Pick<Route, 'method' | 'path'>> = R extends unknown ? `${R['method']} ${typeof API_PREFIX}${R['path']}` : never;
export type RouteKey = RouteKeyOf<AnyRoute>;
/** The route keys a domain's Lambda serves. */
export type RouteKeyIn<D extends Domain> = RouteKeyOf<Extract<AnyRoute, { domain: D }>>;
type RouteOf<K extends RouteKey> = Extract<
  AnyRoute,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${typeof API_PREFIX}${infer P}` ? P : never }
>;
/** The validated body an action of this route receives. */
export type BodyOf<K extends RouteKey> = RouteOf<K> extends { body: infer S extends ZodMiniType } ? z.output<S> : undefined;
/** The body a client sends to this route (before the schema's defaults and trimming). */
export type BodyInputOf<K extends RouteKey> =
  RouteOf<K> extends { upload: string } ? FormData : RouteOf<K> extends { body: infer S extends ZodMiniType } ? z.input<S> : undefined;
/** Who may call this route. */
export type AccessOf<K extends RouteKey> = RouteOf<K>['access'];
/** The names of a path's parameters: `'/offers/{id}/reviews'` gives `'id'`. */
type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | PathParamNames<Rest> : never;
/** A route's path parameters, each required: a missing one fails to compile. */
export type ParamsOf<K extends RouteKey> = { [N in PathParamNames<K>]: string };
/** The parsed query string an action of this route receives. */
export type QueryOf<K extends RouteKey> = RouteOf<K> extends { query: infer S extends ZodMiniType } ? z.output<S> : Record<string, string>;

/** API Gateway route key, e.g. "POST /api/auth/login": what payload 2.0 events carry as routeKey. */
export function routeKey<R extends Pick<Route, 'method' | 'path'>>(route: R): RouteKeyOf<R> {
  return `${route.method} ${API_PREFIX}${route.path}` as RouteKeyOf<R>;
}

export const DOMAINS: readonly Domain[] = [...new Set(ROUTES.map((route) => route.domain))];

export function routesOf(domain: Domain): Route[] {
  return ROUTES.filter((route) => route.domain === domain);
}

/** Does a role satisfy a route's access level? Public routes are open to everyone. */
export function roleMayCall(access: Access, role: Role | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'authenticated':
      return role !== undefined;
    case 'member':
      return role === 'user' || role === 'professor';
    default:
      return role === access;
  }
}

/** WebSocket API routes (route selection on the message's `action` field). */
export const WS_ROUTES = ['$connect', '$disconnect', 'ping', 'joinChat', ...ROOM_ACTIONS] as const;
export type WsRoute = (typeof WS_ROUTES)[number];
/**
 * Routes whose handler's answer goes straight back on the connection (API Gateway route responses):
 * no @connections call. A room's other actions are one-way: what they carry goes to the other side,
 * and a refusal comes back through @connections.
 */
export const WS_TWO_WAY_ROUTES: readonly WsRoute[] = ['ping', 'joinChat', 'joinRoom'];
export { WS_PATH } from './ws-path';
