/**
 * Business constants and limits of the specification (spec 1 and 2, section 9), once. The few the
 * SPA's shell uses live in shell-limits.ts and are part of these all the same.
 */
import { SEARCH_MAX } from './shell-limits';

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 100,
  /** What an admin notes when granting an expert the Verified badge. */
  verifyNoteMin: 5,
  verifyNoteMax: 500,
  /** Rows of the admin's users list per page. */
  adminUsersPageSize: 20,
  textCap: 2000,
  contactMessageMax: 2000,
  phoneMax: 30,
  searchMax: SEARCH_MAX,
  offerTitleMin: 10,
  offerTitleMax: 50,
  offerDescriptionMin: 10,
  offerDescriptionMax: 500,
  /** An offer is free (0) or costs at least Stripe's minimum charge in EUR (decision 132). */
  offerPriceMin: 0.5,
  offerPriceMax: 999_999,
  /** An admin's reason for rejecting a withdrawal. */
  withdrawalReasonMax: 500,
  photoMaxBytes: 2 * 1024 * 1024,
  /** Where members' profile photos live in the media bucket: avatars/<userId>/<id>.<ext>. */
  profilePhotoPrefix: 'avatars',
  /** The profile (spec 2 sections 5 and 9): languages in an expert's About and in the general form. */
  expertLanguagesMax: 10,
  profileLanguagesMax: 3,
  /** A language's name, and how many may be sent before blanks and repeats are removed. */
  languageNameMax: 60,
  languagesSentMax: 30,
  jobTitleMax: 80,
  bioMin: 20,
  bioMax: 1200,
  educationMax: 3,
  workExperienceMax: 2,
  /** Institution, level, degree, company, position (spec: university and degree at most 100). */
  entryTextMax: 100,
  workDescriptionMin: 50,
  workDescriptionMax: 300,
  /** How long the link confirming a new e-mail address works. */
  emailChangeSeconds: 24 * 60 * 60,
} as const;

/** Catalogue constants: spec 1 section 9, and the server's caps where the spec is silent. */
export const CATALOGUE = {
  /** Debounces of the three search boxes (ms). */
  homeSearchDebounceMs: 380,
  headerSearchDebounceMs: 500,
  directorySearchDebounceMs: 400,
  /** The home dropdown: up to 6 offers and 6 experts (experts sorted by rating). */
  dropdownOffers: 6,
  dropdownExperts: 6,
  /** The home slider loads page 1, limit 12, sorted by new, and shows 10. */
  sliderLoad: 12,
  sliderShow: 10,
  chipScrollPx: 240,
  directoryPageSize: 20,
  favoritesPageSize: 20,
  ratingSteps: [3, 3.5, 4, 4.5],
  minExpYears: 5,
  profileReviews: 3,
  /** The latest reviews an expert's list and an offer answer with, newest first. */
  reviewsShown: 20,
  profileServices: 8,
  profileExpertises: 6,
  /** An expert's page's description for search engines (its role, then its bio), cut at a word: they show about this much. */
  profileDescriptionMax: 160,
  myOffersShown: 4,
  /** Server caps: a page never holds more than this; an account saves at most this many offers. */
  maxPageSize: 50,
  maxFavorites: 200,
  /** The moderation queue answers this many offers at a time, oldest first. */
  moderationBatch: 100,
} as const;

/** Uploads (functions/platform/uploads.ts): where they wait for their check, how long a form is valid, how much is read to tell the type. */
export const UPLOADS = {
  /** Folder of the files bucket that forms write to; never served, emptied after a day (stateful stack). */
  incomingPrefix: 'incoming',
  formSeconds: 5 * 60,
  /**
   * Folder of the files bucket where a checked upload waits until it may be public (an offer's photo
   * in moderation): never served, only shown through short-lived signed addresses.
   */
  heldPrefix: 'held',
  /** How long a signed address of a held upload works (a page showing it is reloaded to renew it). */
  heldViewSeconds: 15 * 60,
  /** The image types accepted (JPEG, PNG, WebP) are told apart by their first 12 bytes (functions/platform/uploads.ts). */
  sniffBytes: 12,
} as const;

/** Session and account timings (server side; where the spec is silent see docs/decisions.md). */
export const AUTH_TIMINGS = {
  accessTokenSeconds: 15 * 60,
  refreshTokenSeconds: 30 * 24 * 60 * 60,
  activationTokenSeconds: 24 * 60 * 60,
  resetTokenSeconds: 60 * 60,
  /** A session ends this long after its login, however often it is refreshed. */
  sessionAbsoluteSeconds: 30 * 24 * 60 * 60,
  /**
   * An admin's session (decision 264): it ends 12 hours after the login, and once no refresh came
   * for 30 minutes. Its access tokens last 5 minutes, so an admin at work refreshes at least that
   * often, and one away from the area is signed out after 25 to 30 minutes.
   */
  adminSessionAbsoluteSeconds: 12 * 60 * 60,
  adminSessionIdleSeconds: 30 * 60,
  adminAccessTokenSeconds: 5 * 60,
  /** A decision that moves money asks an admin for a code again when their last one is older (decision 265). */
  adminStepUpSeconds: 5 * 60,
  /**
   * Registration and forgot-password answer no sooner than this after the request arrived, so the
   * answer takes the same time whether or not the address has an account (no enumeration by timing).
   */
  registrationResponseMs: 1200,
  forgotPasswordResponseMs: 700,
} as const;

/** A count of events per subject in a fixed window. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Limits against guessing and abuse (server side; the spec is silent, see docs/decisions.md). */
export const RATE_LIMITS = {
  /** Wrong passwords per address from one client (IP): past it, that client waits for the window. */
  loginGuessesPerClient: { max: 5, windowSeconds: 15 * 60 },
  /** Activation, reset and notice mails to one address: against mail bombing and SES reputation damage. */
  accountMailsPerAddress: { max: 5, windowSeconds: 60 * 60 },
  /** Account mails requested from one client, whatever the addresses. */
  accountMailsPerClient: { max: 20, windowSeconds: 60 * 60 },
  contactPerAddress: { max: 5, windowSeconds: 60 * 60 },
  contactPerClient: { max: 5, windowSeconds: 60 * 60 },
  /**
   * Messages one account sends, all conversations together: a lively conversation (5 a second,
   * sustained) never meets it; a script flooding a counterpart does within a second.
   */
  messagesPerAccount: { max: 60, windowSeconds: 10 },
  /** Conversations one account opens: plenty for comparing experts, too few to spam them all. */
  conversationsPerAccount: { max: 30, windowSeconds: 60 * 60 },
  /** Reports one account files: enough for a member who meets a spammer, too few to flood the admins' queue. */
  reportsPerAccount: { max: 20, windowSeconds: 60 * 60 },
  /**
   * Data exports one account requests (decision 201): each build reads all of the member's data, and a
   * copy is kept a day; enough to export again after a change, too few to keep the jobs Lambda busy.
   */
  exportsPerAccount: { max: 5, windowSeconds: 24 * 60 * 60 },
  /** Free-slot look-ups from one client: a student paging through weeks never meets it; a scraper does. */
  slotsPerClient: { max: 120, windowSeconds: 60 },
  /** Calendar apps read a feed every few minutes at most; guessing addresses takes far more. */
  calendarFeedPerClient: { max: 60, windowSeconds: 60 },
  /** Saves of a busy calendar's address by one expert: each is a read of an address they chose, so a few an hour. */
  busyCalendarSavesPerExpert: { max: 10, windowSeconds: 60 * 60 },
  /** A room's signalling from one socket: a negotiation sends tens of messages, an ICE restart as many again; more is a flood. */
  roomSignalsPerSocket: { max: 240, windowSeconds: 60 },
  /** ICE server look-ups by one member: a page asks at each join and ICE restart. */
  iceServersPerAccount: { max: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

/** Reports of content and the admins' queue (decisions 171 to 174). */
export const REPORTS = {
  noteMax: 500,
  /** Reports kept in full on one open case; later ones only count (the item is at the top of the queue by then). */
  keptPerCase: 100,
  queuePageSize: 20,
} as const;

/**
 * Wrong passwords for one address from all clients together. Past `slowAfter` in a window every
 * further attempt waits longer (doubling from `firstDelayMs` up to `maxDelayMs`), and the owner is
 * told once by mail; the owner's own client is never locked out by others' failures.
 */
export const LOGIN_FLOOD = {
  windowSeconds: 15 * 60,
  slowAfter: 10,
  firstDelayMs: 250,
  maxDelayMs: 4000,
} as const;

/**
 * The admins' second factor (decision 175): RFC 6238's TOTP as authenticator apps read it, one step
 * of clock drift either way, and single-use recovery codes made with the secret.
 */
export const SECOND_FACTOR = {
  issuer: 'Mentorship',
  digits: 6,
  periodSeconds: 30,
  driftSteps: 1,
  recoveryCodes: 10,
  /** The longest code field accepted: a recovery code with its dashes and some spaces around. */
  codeMax: 40,
  /** How long a new secret waits for its first code before it is dropped (an admin's own change). */
  changeMinutes: 10,
  /**
   * Codes judged per admin account, whatever the client (decision 263): after this many wrong ones
   * (authenticator or recovery codes) in the window, none is judged for the pause, which never grows.
   */
  wrongCodesMax: 10,
  wrongCodesWindowSeconds: 15 * 60,
  wrongCodesPauseSeconds: 15 * 60,
} as const;

/** Chat (spec 2 section 9) and the server's page sizes where the spec is silent. */
export const CHAT = {
  /** The chat list cuts offer titles here and adds '...'. */
  titleCutAt: 24,
  chatsPageSize: 20,
  messagesPageSize: 50,
  pageMax: 100,
} as const;

/**
 * Orders and payments (spec 2 sections 5 and 9, the terms): booking limits, the deadlines that keep
 * any order from waiting forever, and the payment provider's bounds (Stripe's, in EUR cents).
 */
/** A fixed-price call's length, chosen by its expert on the offer (decision 249). */
export const OFFER_DURATION = { minMinutes: 30, maxMinutes: 240, stepMinutes: 30, defaultMinutes: 60 } as const;

export const ORDER_RULES = {
  minHours: 1,
  maxHours: 8,
  /** Hours of work bought at once on an hourly Document offer: up to a working week. */
  maxWorkHours: 40,
  /** The steps an order's conversation shows (its latest ones): far more than any order takes. */
  timelineMax: 50,
  stepMinutes: 30,
  introMinutes: 30,
  /** Stripe charges at least €0.50 and at most €999,999.99. */
  minChargeCents: 50,
  maxChargeCents: 99_999_999,
  /** A checkout session lasts Stripe's minimum, 30 minutes, plus one so that a retry within it replays the same call. */
  checkoutMinutes: 31,
  /** The platform's share of what the expert earns, unless the stage sets PLATFORM_FEE_PERCENT. */
  platformFeePercent: 10,
  /** A paid session cancelled more than this many hours ahead is refunded in full. */
  freeCancellationHours: 12,
  /** A confirmed call not yet paid holds its time this long, and never later than `holdEndsBeforeStartHours` before its start. */
  unpaidHoldHours: 24,
  holdEndsBeforeStartHours: 2,
  /** A paid session may be moved to a time at least this many hours ahead, agreed by the other side. */
  rescheduleNoticeHours: 24,
  /** The expert decides the share of a late cancellation's refund within this time, or it is full. */
  refundDecisionHours: 48,
  /** A session completes by itself this long after its end, unless the student reports a problem. */
  sessionAutoCompleteHours: 48,
  /** A delivered project is approved by itself after this many days. */
  autoApproveDays: 7,
  /** A paid order never scheduled or delivered within this many days is refunded. */
  undeliveredRefundDays: 14,
  /** A delivered project file: uploaded straight to storage up to this size... */
  projectFileMaxBytes: 50 * 1024 * 1024,
  /** ...or through the API's multipart call (a Lambda's request body is capped at 6 MB, base64 included). */
  projectMultipartMaxBytes: 4 * 1024 * 1024,
  projectFileNameMax: 200,
  /** How long a signed address to download a project file works. */
  projectDownloadSeconds: 5 * 60,
  /** Both sides are reminded so many hours before a booked session; one whose moment had passed at booking is skipped (the confirmation says it). */
  reminderHours: [24, 1],
  /** Stripe retries an event for up to 3 days; processed event ids are kept longer. */
  processedEventDays: 7,
} as const;

/** An expert's availability and the free slots computed from it (docs/bookings.md). */
export const BOOKING_RULES = {
  /** Ranges of a day start and end on a quarter hour of the expert's clock. */
  rangeStepMinutes: 15,
  maxRangesPerDay: 6,
  maxOverrides: 200,
  bufferChoices: [0, 15, 30, 60],
  defaultBufferMinutes: 0,
  defaultMinNoticeHours: 12,
  maxMinNoticeHours: 168,
  defaultHorizonDays: 60,
  maxHorizonDays: 365,
  /** Free slots start on the half hours of the viewer's clock (decision 144). */
  slotStepMinutes: 30,
  /** One slots call covers at most this many days. */
  maxSlotRangeDays: 62,
} as const;

/**
 * Busy times read from an expert's own calendar address (docs/bookings.md): read on save and every
 * `readPeriodMinutes`, each read of at most `maxBytes` in `timeoutMs`, redirects included.
 */
export const BUSY_CALENDARS = {
  readPeriodMinutes: 15,
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 5_000,
  maxAddressLength: 2_000,
  /**
   * Busy times kept per expert (merged, nearest first): the item stays far under DynamoDB's 400 KB.
   * A calendar with more keeps everything after the last one kept busy, so it never offers a time it
   * did not read.
   */
  maxBusyTimes: 3_000,
  /** Calendars the scheduled job reads at once. */
  readsAtOnce: 8,
  /**
   * The scheduled run's limit, Lambda's longest: 1,000 calendars of 0.3 s each take ~40 s, the same
   * number of calendars all at the 5 s limit ~625 s.
   */
  readRunTimeoutSeconds: 900,
} as const;

/**
 * Funds may not sit in a connected account past the provider's holding limit (Stripe: 90 days in
 * most countries): the expert is warned this many days ahead, and what is left is paid out
 * automatically this many days before it, leaving the payout time to land.
 */
export const HOLDING_RULES = {
  limitDays: 90,
  warningDays: 14,
  payoutDays: 3,
} as const;

/**
 * An expert's withdrawals (decision 269): each is at least this much, or the whole available
 * balance when it is less, and at most this many wait for an admin at once. The payouts the system
 * makes at the holding limit are neither.
 */
export const WITHDRAWAL_RULES = {
  minCents: 1000,
  pendingMax: 3,
} as const;

/** How often the deadlines of orders are run (EventBridge on AWS, a timer locally). */
export const ORDER_DEADLINES_PERIOD_MINUTES = 5;

/** The expert's dashboard charts what they earned in each of the last 12 months, this one included. */
export const EARNINGS_CHART = {
  months: 12,
} as const;

/** The admin's statistics: how far back their history goes (from the Monday of that day's week, so every week is whole). */
export const ADMIN_STATISTICS = {
  historyDays: 90,
} as const;

/** The realtime channel: spec 1 section 9's socket defaults, and the server's lifetimes. */
export const REALTIME = {
  reconnectDelayMs: 1000,
  reconnectDelayMaxMs: 5000,
  timeoutMs: 20_000,
  /** The browser's keep-alive: API Gateway closes a WebSocket idle for 10 minutes. */
  pingIntervalMs: 5 * 60_000,
  /** A ticket opens one connection, within this time. */
  ticketTtlSeconds: 60,
  /** API Gateway closes a WebSocket after 2 hours; a stored connection lives as long. */
  connectionTtlSeconds: 2 * 60 * 60,
  /** Events are kept for a day: long enough for the stream's retries, short for the table. */
  eventTtlSeconds: 24 * 60 * 60,
  /** A push older than this is no use (the client fetched what it missed when it reconnected): the stream skips it, and still mails. */
  pushMaxAgeSeconds: 5 * 60,
  /**
   * Open connections per account (tabs and devices together). A new one beyond it closes the
   * account's oldest, which is told so (`superseded`) and waits for its tab to be shown again.
   */
  maxConnectionsPerAccount: 10,
  /** The write path's own push (after the transaction) gives up after this; the stream's push follows anyway. */
  fastPushTimeoutMs: 1000,
  /**
   * The stream's push to one connection gives up after this, and is tried again (the SDK's 3
   * attempts, then the stream's retry of the record): a post that never gets its answer holds up
   * no later event (decision 282).
   */
  pushTimeoutMs: 3000,
  /**
   * The longest a $connect can run (API Gateway's 29 s integration limit). Until it returns, a push
   * to the connection, stored by then, answers 410 as a gone one does.
   */
  connectMaxSeconds: 30,
} as const;

/**
 * The room of a booked call (docs/rooms.md): when it opens and closes around the session, the
 * signalling's sizes and rate, and how attendance is told.
 */
export const ROOMS = {
  opensBeforeMinutes: 10,
  closesAfterMinutes: 30,
  /** A socket that comes back within this is the same stay in the room, not a leave and a new join. */
  reconnectGraceSeconds: 120,
  /** While media flows, the browser says so this often: a stay ends at its last report. */
  attendanceBeatSeconds: 20,
  /** An offer left unanswered this long is sent again: a signal lost on its way is not sent again by anyone else. */
  offerResendSeconds: 5,
  /**
   * A connection not connected this long after it began, or after its last restart, is restarted:
   * candidates lost on their way or a relay that never answered would leave it waiting forever.
   */
  connectRestartSeconds: 10,
  /**
   * How long the polite side of a new connection waits for the impolite side's offer before it
   * offers itself (decision 337): an offer crosses the relay in well under a second, under load in two.
   */
  politeOfferWaitSeconds: 3,
  /** An offer or answer's SDP: an audio, video and screen offer is 5-12 KB; API Gateway takes 128 KB a message. */
  sdpMaxChars: 24_000,
  /** One ICE candidate line. */
  candidateMaxChars: 1_000,
  /** From this long after the start, the one who came may report the other's absence. */
  noShowAfterMinutes: 15,
  /** The absent side may contest a no-show report this long, before the deadline decides as attendance says. */
  noShowContestHours: 48,
  /** TURN credentials served to a room last this long. */
  iceCredentialSeconds: 60 * 60,
  /**
   * A room's kept credentials are handed out while they have this long left, so that a join or an
   * ICE restart minutes later still works; a browser in a call asks again at half of it before they end.
   */
  iceRenewSeconds: 60,
} as const;

/**
 * Mails of new messages (decisions 187 and 219): one per conversation and reader in this window at
 * most; the summary of a window's later messages goes at the first run of the schedule after its end
 * (locally the deadlines' timer runs it).
 */
export const MESSAGE_MAILS = {
  windowSeconds: 15 * 60,
  summaryPeriodMinutes: ORDER_DEADLINES_PERIOD_MINUTES,
} as const;

/**
 * Mails the mail service failed to take (an SES outage) are parked and tried again by the schedule
 * (decision 284): at its next run, then each time twice as long after, at most an hour apart.
 */
export const PARKED_MAILS = {
  firstDelayMinutes: 0,
  backOffMinutes: ORDER_DEADLINES_PERIOD_MINUTES,
  maxDelayMinutes: 60,
  /**
   * How long a mail's claim holds it while its attempt sends it (decision 291): past this, a claim
   * never marked sent is taken over. Longer than the notifications function's timeout (29 s).
   */
  claimLeaseSeconds: 120,
} as const;

/** Data retention of the privacy policy. */
export const RETENTION = {
  contactMessageSeconds: 183 * 24 * 60 * 60,
  logRetentionDays: 365,
  /** An account is deleted this long after its last activity (a sign-in or a session refresh). */
  inactiveDays: 365,
  /** Its owner is warned by mail this long before, once. */
  warningDays: 30,
  /** A payment can be disputed this long after it was made: until then its member cannot leave. */
  disputeWindowDays: 120,
  /** The first month of the activity index: the job reads each month from it to its cut-off. */
  activityIndexSince: '2024-01',
  /** Folder of the files bucket that data exports are written to (exports/<userId>/<requestId>.json). */
  exportPrefix: 'exports',
  /** How long the signed address of a data export works, and for how many days the export is kept. */
  exportLinkSeconds: 15 * 60,
  exportKeptDays: 1,
} as const;

/** A member's data export, built by the jobs Lambda from the table's stream (decisions 200 and 201). */
export const DATA_EXPORTS = {
  /** A build that fails is tried again after each of these pauses, then its request ends failed. */
  retryPausesMs: [1000, 3000],
  /**
   * A request still building this long after it was made has lost its build (the Lambda stopped, the
   * stream gave up on the record): the next look at it ends it failed, and the member can ask again.
   */
  staleAfterSeconds: 30 * 60,
  /** While a build runs the page asks again this often (the realtime push usually tells it first). */
  pollSeconds: 3,
} as const;

export { COOKIE_CONSENT_NAME, UI } from './shell-limits';

/** An admin's reasons: for a ban (mailed to the member), for rejecting an offer (shown to its expert). */
export const MODERATION = {
  reasonMax: 500,
} as const;
