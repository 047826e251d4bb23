/**
 * What each route answers, by route key: the handlers' actions are checked against it and the web
 * client's `call` returns it. Every route of the table has an entry (its shape is the spec's, section 7
 * of each document). Where the spec names no answer,
 * a state change answers the API's usual `{ msg }`.
 */
import type { DataExportStatus } from './account-data';
import type { Availability, AvailabilityAnswer, BusyCalendarState, CalendarFeed, CalendarFeedAddress, SlotsAnswer } from './bookings';
import type { AttendanceView, IceServersView, RoomView, UpcomingRoomsView } from './rooms';
import type { RouteKey } from '../routes';
import type { AccessTokenGrant, Account, SessionGrant } from './account';
import type { AdminPaymentsPage, AdminStatistics, Reconciliation } from './admin-views';
import type { AdminUserRow, AdminUsersPage } from './admin';
import type { AuditPage } from './audit';
import type { ReportCasePage } from './reports';
import type { BanPreview, NewSecondFactor, SecondFactorChanged } from './admin';
import type { ChatDto, ChatList, ChatMessages, CreatedChat, MessageDto } from './chats';
import type { NotificationPreferences } from './notifications';
import type { SignedInSession } from './sessions';
import type { ReportedOrder, ReportedOrderDetail } from './orders';
import type { ExpertCard, ExpertProfile, FavoritesReply, OfferDto, Page, PhotoUploadForm, PublicUser, Review } from './catalogue';
import type { AccountStats, AdminWithdrawal, Earnings, MonthlyEarnings, OrderHistoryPage, Withdrawal, WithdrawalPage } from './earnings';

export interface Message {
  msg: string;
}

/** A page of the payment provider to send the browser to. */
export interface RedirectUrl {
  url: string;
}

export interface RouteResponses {
  'GET /api/health': { status: 'ok'; checks: Record<string, boolean> };

  'POST /api/auth/refresh-token': AccessTokenGrant;
  'POST /api/admin/auth/refresh-token': AccessTokenGrant;
  'GET /api/auth/user': Account;
  'POST /api/auth/logout': Message;
  'POST /api/admin/auth/logout': Message;

  'POST /api/auth/login': SessionGrant;
  'POST /api/auth/register': Message;
  'POST /api/auth/register-professor': Message;
  'POST /api/auth/activate': Message;
  'POST /api/auth/confirm-email': Message;
  'POST /api/auth/forgot-password': Message;
  'POST /api/auth/reset-password': Message;
  'POST /api/auth/contact': Message;
  'POST /api/admin/auth/login': SessionGrant;

  'GET /api/offers/all': OfferDto[];
  'GET /api/offers/search': OfferDto[];
  'GET /api/offers/my-offers': OfferDto[];
  'GET /api/offers/professor/{id}': OfferDto[];
  'GET /api/offers/professor/{id}/reviews': Review[];
  'GET /api/offers/{id}': OfferDto;
  'POST /api/offers/guest-favorites': OfferDto[];
  'POST /api/offers/create': Message & { offer: OfferDto };
  'PATCH /api/offers/update/{id}': Message & { offer: OfferDto };
  'POST /api/offers/{id}/photo-upload': PhotoUploadForm;
  'DELETE /api/offers/delete/{id}': Message;
  'POST /api/offers/{id}/reviews': Message;
  'GET /api/user/professors': Page<ExpertCard>;
  'GET /api/user/public/{id}': ExpertProfile;
  'GET /api/admin/offers/pending': OfferDto[];
  'PATCH /api/admin/offers/{id}/approve': Message;
  'PATCH /api/admin/offers/{id}': Message & { offer: OfferDto };
  'DELETE /api/admin/offers/{id}': Message;

  'GET /api/user/favorites': Page<OfferDto>;
  'POST /api/user/favorites/merge': FavoritesReply;
  'POST /api/user/favorites/{offerId}': FavoritesReply;
  'DELETE /api/user/favorites/{offerId}': FavoritesReply;
  'GET /api/user/earnings': Earnings;
  'GET /api/user/withdrawals': WithdrawalPage;
  'POST /api/user/withdraw': Message & { withdrawal: Withdrawal };
  'GET /api/user/order-history': OrderHistoryPage;
  'GET /api/user/earnings/monthly': MonthlyEarnings;
  'GET /api/admin/users/{id}/orders': OrderHistoryPage;
  'GET /api/user/stats/{id}': AccountStats;
  'POST /api/user/upload-photo': { profilePhoto: string };
  'PUT /api/user/update': Message & { user: Account };
  'PUT /api/user/update-professor-info': Message;
  'PUT /api/user/work-experience/{index}': Message;
  'DELETE /api/user/work-experience/{index}': Message;
  'PUT /api/user/education/{index}': Message;
  'DELETE /api/user/education/{index}': Message;
  'PUT /api/user/change-password': Message;
  'GET /api/user/export': DataExportStatus;
  'POST /api/user/export': DataExportStatus;
  'POST /api/user/delete-account': Message;
  'GET /api/user/sessions': { sessions: SignedInSession[] };
  'DELETE /api/user/sessions/{id}': Message;
  'POST /api/user/sessions/end-all': Message;
  'GET /api/user/notification-preferences': NotificationPreferences;
  'PUT /api/user/notification-preferences': Message & { preferences: NotificationPreferences };
  'GET /api/user/{id}': PublicUser;

  'GET /api/chats/unread-count': { count: number };
  'GET /api/chats': ChatList;
  'GET /api/chats/chat/{id}': ChatMessages;
  'PUT /api/chats/{id}/mark-read': { count: number };
  'PUT /api/chats/{id}/mark-paid': ChatDto;
  'POST /api/chats/create': CreatedChat;
  'POST /api/chats/{id}/messages': { message: MessageDto };
  'PUT /api/chats/{id}/cancel': Message;
  'PUT /api/chats/{id}/schedule': Message;
  'PUT /api/chats/{id}/confirm-schedule': Message;
  'PUT /api/chats/{id}/counter-schedule': Message;
  'PUT /api/chats/{id}/accept-schedule': Message;
  'PUT /api/chats/{id}/decline-schedule': Message;
  'PUT /api/chats/{id}/refund-decision': Message;
  'POST /api/chats/{id}/handle-project': Message;
  'POST /api/chats/{id}/submit-project': Message;
  'POST /api/chats/{id}/project-upload': PhotoUploadForm;
  'PUT /api/chats/{id}/confirm-project-upload': Message;
  'GET /api/chats/{id}/project-file': RedirectUrl;
  'PUT /api/chats/{id}/confirm-session': Message;
  'PUT /api/chats/{id}/reschedule': Message;
  'PUT /api/chats/{id}/accept-reschedule': Message;
  'PUT /api/chats/{id}/decline-reschedule': Message;
  'POST /api/chats/{id}/report-problem': Message;
  'GET /api/admin/problems': ReportedOrder[];
  'GET /api/admin/problems/{id}': ReportedOrderDetail;
  'POST /api/admin/problems/{id}/resolve': Message;
  'POST /api/realtime/ticket': { ticket: string };
  'GET /api/availability': AvailabilityAnswer;
  'PUT /api/availability': Message & { availability: Availability };
  'PUT /api/availability/calendar': Message & { busyCalendar: BusyCalendarState };
  'DELETE /api/availability/calendar': Message;
  'GET /api/experts/{id}/slots': SlotsAnswer;
  'GET /api/calendar-feed': CalendarFeed;
  'POST /api/calendar-feed': CalendarFeedAddress;
  'GET /api/rooms': UpcomingRoomsView;
  'GET /api/rooms/{id}': RoomView;
  'GET /api/rooms/{id}/ice-servers': IceServersView;
  'POST /api/rooms/{id}/report-no-show': Message;
  'GET /api/admin/rooms/{id}': { attendance: AttendanceView[] };
  'POST /api/chats/{id}/contest-no-show': Message;
  /** The iCalendar file itself (text/calendar), not JSON. */
  'GET /api/calendar/{file}': string;

  'POST /api/payments/create-session': RedirectUrl;
  /** payouts_enabled as the spec names it, and what the provider still needs from the expert. */
  'GET /api/payments/account-status': { payouts_enabled: boolean; currentlyDue: string[] };
  'POST /api/payments/onboard': RedirectUrl;
  'POST /api/payments/login-link': RedirectUrl;
  'POST /api/payments/account-link': RedirectUrl;
  /** Read by the payment provider only: any 2xx acknowledges the event. */
  'POST /api/webhooks/stripe': { received: true };

  'GET /api/admin/users': AdminUsersPage;
  'GET /api/admin/archived-users': AdminUsersPage;
  'DELETE /api/admin/users/{id}': Message;
  'PATCH /api/admin/update-user/{id}': Message & { user: AdminUserRow };
  'POST /api/admin/ban-user/{id}': Message;
  'POST /api/admin/unban-user/{id}': Message;
  'POST /api/admin/restore-user/{id}': Message;
  'GET /api/admin/payments': AdminPaymentsPage;
  'GET /api/admin/reconciliation': Reconciliation;
  'POST /api/admin/reconciliation': Reconciliation;
  'POST /api/admin/create-user': Message & { user: AdminUserRow };
  'POST /api/admin/users/{id}/verify': Message & { user: AdminUserRow };
  'DELETE /api/admin/users/{id}/verify': Message & { user: AdminUserRow };
  'GET /api/admin/withdrawals': WithdrawalPage<AdminWithdrawal>;
  'POST /api/admin/withdrawals/{id}/approve': Message & { withdrawal: Withdrawal };
  'POST /api/admin/withdrawals/{id}/reject': Message & { withdrawal: Withdrawal };
  'GET /api/admin/statistics': AdminStatistics;
  'GET /api/admin/audit': AuditPage;
  'POST /api/reports': Message;
  'GET /api/admin/reports': ReportCasePage;
  'POST /api/admin/reports/{id}/resolve': Message;
  'GET /api/admin/users/{id}/ban-preview': BanPreview;
  'POST /api/admin/second-factor': NewSecondFactor;
  'POST /api/admin/second-factor/confirm': SecondFactorChanged;
}

/**
 * Both ways at once: a route of the table without an entry above, or an entry that names no route
 * (a typo), fails the typecheck here, naming the key.
 */
type NoKeyLeft<Keys extends never> = Keys;
export type RoutesWithoutResponse = NoKeyLeft<Exclude<RouteKey, keyof RouteResponses>>;
export type ResponsesWithoutRoute = NoKeyLeft<Exclude<keyof RouteResponses, RouteKey>>;

export type ResponseOf<K extends RouteKey> = RouteResponses[K];
