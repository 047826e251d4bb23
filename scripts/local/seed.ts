/**
 * Demo data: the admin from ADMIN_EMAIL / ADMIN_PASSWORD (and ADMIN_TOTP_SECRET), the students, and a catalogue of experts
 * in finance, law, marketing and consulting (the logins of demo-accounts.ts and the experts of
 * demo-catalogue.ts), all with DEMO_PASSWORD. Each expert gets a generated profile photo in the
 * media bucket, published offers and, for a few, offers waiting for moderation, and a few reviews by
 * demo students (demo-reviews.ts), each of a closed order: every rating and review count the demo
 * shows is derived from them. Experts joined over the past year and published their offers since.
 * Alice's conversations and their orders come later, once the local Stripe listens (demo-orders.ts).
 * Idempotent: only missing accounts are created (nothing at all on a restart), an expert's photo and
 * offers with the expert; accounts of older local state get the index keys they lack, once. Everything goes through the product's repositories, so the items have the
 * product's shapes; prices are stored in integer cents.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BOOKING_RULES } from '../../shared/limits';
import { isFreeOrder } from '../../shared/order-transitions';
import { getBusySource, putAvailability, putBusySource } from '../../functions/contexts/bookings/repository';
import { migrationKey } from '../../functions/platform/keys';
import { db } from '../../functions/platform/table';
import { cents, centsFromEuros } from '../../shared/money';
import { createUser, EmailTaken, findAccountIdByEmail } from '../../functions/contexts/accounts/repository';
import { completeMemberIndexKeys } from '../../functions/contexts/accounts/index-keys-backfill';
import { reserveExistingBookings } from '../../functions/contexts/orders/booking-backfill';
import { dateMissingDeadlines } from '../../functions/contexts/orders/deadline-backfill';
import { recountFreeOrders } from '../../functions/contexts/orders/free-orders-recount';
import { describeBackfill } from '../describe-backfill';
import { enrolSecondFactor, secretOf } from '../../functions/contexts/accounts/second-factor-service';
import { otpauthUri } from '../../functions/contexts/accounts/second-factor';
import { putOffer } from '../../functions/contexts/catalogue/offer-repository';
import { type OfferRecord, withDuration } from '../../functions/contexts/catalogue/offer';
import { initialOf } from '../../functions/contexts/catalogue/review';
import { recountRatings } from '../../functions/contexts/catalogue/rating-recount';
import { createReview } from '../../functions/contexts/catalogue/review-repository';
import * as orders from '../../functions/contexts/orders/service';
import { completedOrderWrite } from '../../functions/contexts/earnings/service';
import { config } from '../../functions/platform/config';
import { nowIso } from '../../functions/platform/clock';
import { hashPassword, newId } from '../../functions/platform/crypto';
import { s3 } from '../../functions/platform/s3';
import type { AccountRecord } from '../../functions/contexts/accounts/account';
import {
  type AdminSecondFactor,
  DEMO_EXPERTS,
  DEMO_OFFERS,
  DEMO_PORTRAITS,
  DEMO_STUDENTS,
  type DemoOffer,
  type Profile,
  type SeedSettings,
} from './demo-accounts';
import { CATALOGUE_EXPERTS, type CatalogueExpert } from './demo-catalogue';
import { portraitPng } from './demo-photos';
import { DEMO_CALENDARS, LOCAL_CALENDARS_PATH } from './calendars';
import { DEMO_REVIEWERS, demoReviewsOf, spread } from './demo-reviews';
import { countSeededOffers, seedStatisticsHistory } from './demo-statistics';
import { demoZoneOf } from './demo-zones';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Writes in flight at once: DynamoDB Local and the local S3 answer in parallel, and `npm start` waits for the seed. */
const CONCURRENCY = 8;

/**
 * Every demo expert is bookable: verified, with a connected payout account (a profile may say it is
 * not verified yet), which demo-orders.ts connects at the local Stripe once it listens.
 */
const EXPERT_DEFAULTS: Partial<AccountRecord> = { isVerified: true, isStripeConnected: true, payoutsEnabled: true };

/** Seeds what is missing; answers the demo admin's second factor for `npm start` to print. */
export async function seedDemoData(settings: SeedSettings): Promise<AdminSecondFactor> {
  const completed = await completeMemberIndexKeys();
  if (completed > 0) console.log(`Added the members and activity index keys to ${completed} accounts kept from an earlier version.`);
  const backfill = await reserveExistingBookings();
  if (backfill.reserved > 0 || backfill.overlaps.length > 0) console.log(describeBackfill(backfill));
  const dated = await dateMissingDeadlines();
  if (dated) console.log(`Dated the deadline of ${dated} ${dated === 1 ? 'order' : 'orders'} sent back for revision before calls stopped being delivered.`);
  const recounted = await recountRatings();
  if (recounted) console.log(`Recounted the ratings of ${recounted} ${recounted === 1 ? 'expert' : 'experts'}: each student counts once.`);
  const freeRecounted = await recountFreeOrders();
  if (freeRecounted) console.log(`Recounted the free orders of ${freeRecounted} ${freeRecounted === 1 ? 'expert' : 'experts'} kept from an earlier version.`);
  await seedAccounts(settings);
  return adminSecondFactor(settings);
}

/**
 * The admin's factor is enrolled with the admin, or at the first start after the admin login gained
 * it (local state of before): the admin signs in either way. Later starts read the secret back to
 * print it; the recovery codes were hashed, so they are shown at the start that made them only.
 */
async function adminSecondFactor(settings: SeedSettings): Promise<AdminSecondFactor> {
  const adminId = await findAccountIdByEmail(settings.adminEmail);
  if (!adminId) throw new Error(`The demo admin ${settings.adminEmail} was not seeded`);
  const secret = await secretOf(adminId);
  if (secret) return { secret, uri: otpauthUri(secret, settings.adminEmail) };
  return enrolSecondFactor(adminId, settings.adminEmail, settings.adminTotpSecret);
}

async function seedAccounts(settings: SeedSettings): Promise<void> {
  const admin: Profile = { email: settings.adminEmail, firstName: 'Admin', lastName: 'Team' };
  const experts = demoExperts(settings);
  const students = [...DEMO_STUDENTS, ...DEMO_REVIEWERS];
  const missing = await missingAddresses([admin, ...students, ...experts.map((expert) => expert.profile)]);
  // A restart on seeded data pays neither the password hashes nor the photos.
  if (missing.size === 0) return;
  const isMissing = (profile: Profile) => missing.has(profile.email);
  const newExperts = experts.filter(({ profile }) => isMissing(profile));
  const hashes = Promise.all([hashPassword(settings.adminPassword), hashPassword(settings.demoPassword)]);
  // Drawn on this thread while the hashes are computed on others.
  const photos = newExperts.map(({ profile, portrait }) => portraitPng(portrait, profile.email));
  const [adminHash, demoHash] = await hashes;
  const now = Date.now();
  if (isMissing(admin)) await createAccount({ ...admin, userId: newId(), role: 'admin', passwordHash: adminHash, createdAt: new Date(now).toISOString() });
  await inParallel(students.filter(isMissing), (student) =>
    createAccount({ ...student, userId: newId(), role: 'user', passwordHash: demoHash, createdAt: new Date(now).toISOString() }),
  );
  const reviewers = newExperts.length > 0 ? await reviewerAccounts(students) : [];
  await inParallel(newExperts, (expert, at) => seedExpert(expert, photos[at], demoHash, now, reviewers));
  // The first start only: the history ends where the counters now stand.
  if (isMissing(admin)) await seedStatisticsHistory(now);
}

/**
 * Every demo expert's weekly hours (issue 25): weekdays with a lunch break, some on Saturday
 * mornings too, each in the zone of the expert's city (demo-zones.ts), with varied buffers. Set
 * after Alice's conversations, whose sessions were proposed before, as any expert's earlier
 * bookings are. Once: a marker records it.
 */
export async function seedDemoHours(settings: SeedSettings): Promise<void> {
  const marker = migrationKey('demo-hours');
  if ((await db.send(new GetCommand({ TableName: config.tableName, Key: marker }))).Item) return;
  const at = new Date().toISOString();
  await inParallel(demoExperts(settings), async ({ profile }, index) => {
    const expertId = await findAccountIdByEmail(profile.email);
    if (!expertId) return;
    const day = [
      { start: '09:00', end: '12:30' },
      { start: '13:30', end: '18:00' },
    ];
    const saturday = index % 3 === 0 ? [{ start: '10:00', end: '13:00' }] : [];
    await putAvailability(
      expertId,
      {
        timeZone: demoZoneOf(profile),
        weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: saturday, sun: [] },
        overrides: [],
        bufferMinutes: BOOKING_RULES.bufferChoices[index % BOOKING_RULES.bufferChoices.length],
        minNoticeHours: BOOKING_RULES.defaultMinNoticeHours,
        horizonDays: BOOKING_RULES.defaultHorizonDays,
      },
      at,
    );
  });
  await db.send(new PutCommand({ TableName: config.tableName, Item: { ...marker, at } }));
}

/**
 * Two demo experts' own calendars (issue 25), served by the stack at `calendarsUrl`: their address
 * is saved at each start, as the port may have changed, unless the expert connected another one.
 * The stack reads them at once.
 */
export async function seedDemoCalendars(calendarsUrl: string): Promise<void> {
  await inParallel(Object.entries(DEMO_CALENDARS), async ([email, fileName]) => {
    const expertId = await findAccountIdByEmail(email);
    if (!expertId) return;
    const saved = await getBusySource(expertId);
    if (saved && !saved.address.includes(LOCAL_CALENDARS_PATH)) return;
    const at = nowIso();
    await putBusySource({ expertId, address: `${calendarsUrl}/${fileName}`, savedAt: saved?.savedAt ?? at, lastReadAt: at, busy: [] });
  });
}

/** The expert logins first, then the rest of the catalogue (unless the settings leave it out). */
function demoExperts(settings: SeedSettings): CatalogueExpert[] {
  const logins = DEMO_EXPERTS.map((profile) => ({ profile, portrait: DEMO_PORTRAITS[profile.email], offers: DEMO_OFFERS[profile.email] ?? [] }));
  return settings.catalogue === false ? logins : [...logins, ...CATALOGUE_EXPERTS];
}

/** The addresses of these accounts that no account has yet. */
async function missingAddresses(accounts: Profile[]): Promise<Set<string>> {
  const missing = new Set<string>();
  await inParallel(accounts, async ({ email }) => {
    if (!(await findAccountIdByEmail(email))) missing.add(email);
  });
  return missing;
}

interface Reviewer {
  userId: string;
  firstName: string;
  lastName: string;
}

/** The students who write the demo reviews, in the order of `students` (the plan's indexes). */
async function reviewerAccounts(students: Profile[]): Promise<Reviewer[]> {
  const ids = await Promise.all(students.map((student) => findAccountIdByEmail(student.email)));
  return students.flatMap((student, at) => {
    const userId = ids[at];
    return userId ? [{ userId, firstName: student.firstName, lastName: student.lastName }] : [];
  });
}

async function seedExpert(
  { profile, offers, pendingOffers = [] }: CatalogueExpert,
  photo: Buffer,
  passwordHash: string,
  now: number,
  reviewers: Reviewer[],
): Promise<void> {
  const userId = newId();
  const joinedAt = now - (1 + spread(profile.email, 364)) * DAY_MS;
  const profilePhoto = `profiles/${userId}.png`;
  const created = await createAccount({
    ...EXPERT_DEFAULTS,
    ...profile,
    profilePhoto,
    userId,
    role: 'professor',
    passwordHash,
    createdAt: new Date(joinedAt).toISOString(),
  });
  if (!created) return;
  // Published offers one after the other between joining and yesterday; those in moderation in the last days.
  const published = offers.map((offer, at) =>
    demoOffer(userId, profile, offer, 'approved', joinedAt + ((at + 1) / (offers.length + 1)) * (now - DAY_MS - joinedAt)),
  );
  const waiting = pendingOffers.map((offer) => demoOffer(userId, profile, offer, 'pending', now - (1 + spread(offer.title, 96)) * HOUR_MS));
  await Promise.all([
    s3.send(new PutObjectCommand({ Bucket: config.mediaBucket, Key: profilePhoto, Body: photo, ContentType: 'image/png' })),
    ...[...published, ...waiting].map(putOffer),
    countSeededOffers([...published, ...waiting]),
  ]);
  await seedReviews(userId, profile, published, reviewers, now);
}

/**
 * The expert's demo reviews, one after the other (each adds to the expert's counters): for each, a
 * closed order of the student for the offer, written as the orders service writes a new order (no
 * conversation: decision 134), in the transaction of the review, written through the product's
 * repository, which counts it in the offer's and the expert's ratings, and the order among the expert's completed ones.
 */
async function seedReviews(expertId: string, profile: Profile, offers: OfferRecord[], reviewers: Reviewer[], now: number): Promise<void> {
  if (offers.length === 0 || reviewers.length === 0) return;
  const iso = (at: number) => new Date(Math.round(at)).toISOString();
  for (const planned of demoReviewsOf(profile.email, profile.domainActivity, offers.length, reviewers.length)) {
    const offer = offers[planned.offer];
    const student = reviewers[planned.reviewer];
    const publishedAt = Date.parse(offer.createdAt);
    const reviewedAt = publishedAt + planned.at * (now - publishedAt);
    const orderedAt = Math.max(publishedAt, reviewedAt - 4 * DAY_MS);
    const order = await orders.newOrder({
      orderId: newId(),
      offerId: offer.offerId,
      offerTitle: offer.title,
      studentId: student.userId,
      expertId,
      kind: offer.pricingType,
      priceCents: offer.priceCents,
      createdAt: iso(orderedAt),
    });
    const session = offer.pricingType === 'hourly' ? { scheduledDate: iso((orderedAt + reviewedAt) / 2), scheduledHours: 1 } : {};
    const closedOrder = orders.orderCreation({ ...order, ...session, status: 'closed', updatedAt: iso(reviewedAt) });
    // One transaction for the order and its review: the seed writes about 150 of them at a first start.
    const stored = await createReview(
      {
        reviewId: newId(),
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        offerId: offer.offerId,
        expertId,
        studentId: student.userId,
        rating: planned.rating,
        comment: planned.comment,
        authorFirstName: student.firstName,
        authorInitial: initialOf(student.lastName),
        createdAt: iso(reviewedAt),
      },
      // Counted as completed (and apart when free), as a close counts it: the expert's statistics show these orders. Credited nothing:
      // they were never paid through the ledger, whose totals the earnings figures are.
      [...closedOrder, completedOrderWrite(expertId, cents(0), isFreeOrder(order))],
    );
    if (!stored) throw new Error(`Demo review of order ${order.orderNumber} refused`);
  }
}

/**
 * False when the address is taken: the account was seeded on an earlier start. A demo account is
 * active as of its seeding (retention counts a year from then), as a registration is as of itself.
 */
async function createAccount(account: Profile & Pick<AccountRecord, 'userId' | 'role' | 'passwordHash' | 'createdAt'>): Promise<boolean> {
  try {
    await createUser({ ...account, status: 'active', lastActiveAt: nowIso() });
    return true;
  } catch (error) {
    if (error instanceof EmailTaken) return false;
    throw error;
  }
}

function demoOffer(
  expertId: string,
  expert: Profile,
  { price, durationMinutes, ...fields }: DemoOffer,
  status: 'approved' | 'pending',
  createdAt: number,
): OfferRecord {
  return {
    offerId: newId(),
    expertId,
    ...fields,
    ...withDuration(fields, durationMinutes),
    priceCents: centsFromEuros(price),
    area: expert.domainActivity,
    status,
    createdAt: new Date(createdAt).toISOString(),
  };
}

async function inParallel<T>(items: T[], work: (item: T, at: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      await work(items[at], at);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}
