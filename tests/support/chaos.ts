/**
 * The chaos journey (issue 28, section 3), shared by tests/integration/chaos.test.ts (10 journeys)
 * and bench/chaos.ts (50): whole journeys of the product while a tenth of the table's and of the
 * payment provider's requests fail, in each of their modes, and the mail service is out part of
 * the time. Each journey is one of the product's: a conversation opened, a booking paid, then a
 * project delivered and approved or a session held and completed; or an expert's withdrawal and its
 * payout. People retry what answered a server error or nothing, as a person presses again, a few
 * times; every answer is recorded.
 *
 * The journeys never move the test clock under each other (decision 227): they open, book, pay and
 * deliver with the faults on, then a final phase moves the clock, faults still on, for what only
 * time brings: the sessions' start, completions, deadlines, settlement, withdrawals and payouts.
 * Once the faults and the outage end, the clock moves on, hour by hour, so that what the deadlines
 * job retries is retried (a transfer left due is made, then settles), and the checks read the
 * outcome (`CHECKS`).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CreatedChat } from '../../shared/schemas/chats';
import type { OfferDto } from '../../shared/schemas/catalogue';
import type { Reconciliation } from '../../shared/schemas/admin-views';
import type { RealtimeEvent } from '../../shared/schemas/realtime';
import type { Notice } from '../../shared/schemas/notices';
import { REALTIME } from '../../shared/limits';
import { adminCode, signedInPublishingExpert, signedInStudent } from './accounts';
import { ApiClient, stackUrl } from './api';
import { connectAs, type RealtimeConnection } from './chats';
import { EVENTUALLY_MS } from './eventually';
import { mailsTo, parkedNotices } from './outbox';
import { serverNow, startIn } from './orders';
import { localEvents, localStripe, pressOnPage } from './payments';
import { pdfDocument, submitMultipart } from './project-files';
import { TEST_SEED } from './seed-settings';
import { stackEnv } from './stack';
import { getItem, itemsWhere, partitionItems } from './table';
import { seededRandom } from '../../scripts/local/table-faults';

/** The share of the table's requests that fail, in all: its three modes share it (issue 28: 10 %). */
const TABLE_SHARE = 0.1;
/** The share of the provider's requests that fail: a fault is armed for about this share of the requests each step makes. */
const PROVIDER_SHARE = 0.1;
const TABLE_MODES = ['throttle', 'server-error', 'after-commit'] as const;
const PROVIDER_MODES = ['error', 'drop-after-commit', 'timeout'] as const;
/** A person tries again after a server error or no answer, at most this many times (the app retries nothing itself). */
const USER_RETRIES = 3;
const RETRY_PAUSE_MS = 300;
/** How often a failed run of the scheduled jobs is run again before the run gives up (EventBridge retries twice, the next schedule again). */
const SCHEDULED_RETRIES = 5;
/** Journeys under way at once. */
const AT_ONCE = 10;
/** One expert for every five journeys: each expert's withdrawal is one of the journeys, the others are orders. */
const JOURNEYS_PER_EXPERT = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An answer as the person got it; `route` names the request once it went through a person's retries. */
type Answer<T = Record<string, unknown>> = { status: number; body: T; route?: string };
const NO_ANSWER: Answer = { status: 0, body: {} };
const isServerError = (status: number) => status === 0 || status >= 500;
const isSuccess = (status: number) => status >= 200 && status < 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A path as the figures group it: ids replaced. */
const routeOf = (method: string, path: string) =>
  `${method} ${path.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}')}`;

/** Every answer a person got, and what they were left with after their retries. */
class Answers {
  /** Route -> status -> answers. */
  readonly all: Record<string, Record<number, number>> = {};
  /** What people were left with, by status. */
  readonly final: Record<number, number> = {};
  /** Requests that met a server error or no answer, with every status in turn. */
  readonly failed: { who: string; route: string; statuses: number[] }[] = [];

  /** Forgets the setup's answers: the figures are the journeys'. */
  clear(): void {
    for (const route of Object.keys(this.all)) delete this.all[route];
    for (const status of Object.keys(this.final)) delete this.final[Number(status)];
    this.failed.length = 0;
  }

  record(who: string, route: string, statuses: number[]): void {
    for (const status of statuses) {
      this.all[route] ??= {};
      this.all[route][status] = (this.all[route][status] ?? 0) + 1;
    }
    const last = statuses[statuses.length - 1];
    this.final[last] = (this.final[last] ?? 0) + 1;
    if (statuses.some(isServerError)) this.failed.push({ who, route, statuses });
  }
}

/**
 * A person at the app: their client (its cookies, their token), retrying a request that answered a
 * server error or nothing, and, as the app's client does, refreshing the session on a 401; an
 * admin also signs in again once their session ended and gives a code when a decision asks one.
 */
class Person {
  constructor(
    readonly name: string,
    readonly client: ApiClient,
    private readonly answers: Answers,
    private readonly admin = false,
  ) {}

  /** `idempotencyKey`: sent with every try, as the app sends a message's (decision 286). */
  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<Answer<T>> {
    const init = idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } };
    return this.retrying(routeOf(method, path), async () => {
      const answer = await this.client.request<T>(method, path, body, init);
      const code = (answer.body as { code?: string }).code;
      if (!this.admin || answer.status !== 403 || code !== 'step_up_required') return answer;
      return this.client.request<T>(method, path, { ...(body as object), code: await adminCode() }, init);
    });
  }

  /** Sends until the answer is not a server error, or the person gives up; a 401 is met by a refresh, once. */
  async retrying<T>(route: string, send: () => Promise<Answer<T>>): Promise<Answer<T>> {
    const statuses: number[] = [];
    const once = () => send().catch(() => NO_ANSWER as Answer<T>);
    for (;;) {
      let answer = await once();
      if (answer.status === 401 && route !== routeOf('POST', this.refreshPath)) {
        statuses.push(401);
        await this.refresh();
        answer = await once();
      }
      statuses.push(answer.status);
      if (!isServerError(answer.status) || statuses.filter(isServerError).length > USER_RETRIES) {
        this.answers.record(this.name, route, statuses);
        return { ...answer, route };
      }
      await pause(RETRY_PAUSE_MS);
    }
  }

  private get refreshPath() {
    return this.admin ? '/admin/auth/refresh-token' : '/auth/refresh-token';
  }

  private refreshing?: Promise<void>;

  /** One refresh at a time, shared by the requests that met a 401 meanwhile, as the app's client shares it. */
  private refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const refreshed = await this.retrying(routeOf('POST', this.refreshPath), () =>
          this.client.request<{ accessToken: string }>('POST', this.refreshPath, {}),
        );
        if (refreshed.status === 200) this.client.accessToken = refreshed.body.accessToken;
        // An admin's session ends 12 hours after the sign-in, by the app's clock: they sign in again.
        else if (this.admin) await this.signIn();
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** The admin's sign-in with a code of their authenticator (a fresh one each try: a code opens once). */
  async signIn(): Promise<void> {
    const login = await this.retrying(routeOf('POST', '/admin/auth/login'), async () =>
      this.client.request<{ accessToken: string }>('POST', '/admin/auth/login', {
        email: TEST_SEED.adminEmail,
        password: TEST_SEED.adminPassword,
        code: await adminCode(),
      }),
    );
    if (login.status !== 200) throw new JourneyFailed('the admin’s sign-in', login);
    this.client.accessToken = login.body.accessToken;
  }
}

/** One open tab of a member: its socket, pinged as the app pings it, and what it showed. */
class Tab {
  private readonly ping: NodeJS.Timeout;
  constructor(readonly connection: RealtimeConnection) {
    this.ping = setInterval(() => connection.send({ action: 'ping' }), REALTIME.pingIntervalMs);
  }

  /** The messages the tab showed: the first push of each event id (the connection keeps the first, decision 128). */
  shownMessages(): Extract<RealtimeEvent, { type: 'newMessage' }>['message'][] {
    return this.connection.events.flatMap((event) => (event.type === 'newMessage' ? [event.message] : []));
  }

  close(): Promise<void> {
    clearInterval(this.ping);
    return this.connection.close();
  }
}

interface Member {
  person: Person;
  userId: string;
  email: string;
  tabs: Tab[];
}

interface Expert extends Member {
  projectOffer: OfferDto;
  sessionOffer: OfferDto;
}

/** A step the person could not take, retries and all; what they were left with. */
class JourneyFailed extends Error {
  constructor(
    readonly step: string,
    readonly answer: Answer<unknown>,
  ) {
    super(`${step}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

interface OrderJourney {
  name: string;
  kind: 'project' | 'session';
  /** Who closes the order: the student (approves, confirms the session) or a deadline of the job. */
  closedBy: 'student' | 'deadline';
  student: Member;
  expert: Expert;
  /** A session's start: an hour of its own, so that no two sessions meet. */
  start?: string;
  chatId?: string;
  /** What each side wrote, in turn, that the app said it stored. */
  messages: string[];
  failed?: JourneyFailed;
}

interface WithdrawalJourney {
  name: string;
  expert: Expert;
  withdrawalId?: string;
  failed?: JourneyFailed;
}

export interface ChaosOptions {
  journeys: number;
  seed: number;
  log?: (line: string) => void;
}

/** A run of the chaos journeys: the people, their journeys, what they met and saw, then the checks. */
export class ChaosRun {
  /**
   * Generators drawn from the seed: the journeys' plan and the table's seeds; the provider's faults;
   * the outages. Apart, so that the plan and the outages do not shift with the journeys' timing.
   */
  private readonly random: () => number;
  private readonly providerRandom: () => number;
  private readonly outageRandom: () => number;
  readonly answers = new Answers();
  readonly orders: OrderJourney[] = [];
  readonly withdrawals: WithdrawalJourney[] = [];
  readonly experts: Expert[] = [];
  readonly students: Member[] = [];
  admin!: Person;
  /** Provider faults armed, by path and mode, and those left unused when the faults ended. */
  readonly providerFaults = { armed: {} as Record<string, number>, unused: {} as Record<string, number> };
  tableFaults: Record<string, Record<string, number>> = {};
  readonly mailOutage = { windows: 0, seconds: 0 };
  /** Steps whose last answer was an error, found done when the person looked again (the page reloads). */
  doneAfterReload = 0;
  /** Runs of the scheduled jobs that failed and were run again. */
  scheduledRunsFailed = 0;
  readonly seconds: Record<string, number> = {};
  /** The app's time when the journeys began: every project is delivered after it. */
  private journeysFrom = 0;
  private outage?: Promise<void>;
  private endOutages?: () => void;

  constructor(readonly options: ChaosOptions) {
    this.random = seededRandom(options.seed);
    this.providerRandom = seededRandom(options.seed ^ 0x5eed1);
    this.outageRandom = seededRandom(options.seed ^ 0x5eed2);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private async timed(phase: string, work: () => Promise<void>): Promise<void> {
    const started = Date.now();
    this.log(`${phase}...`);
    await work();
    this.seconds[phase] = Math.round((Date.now() - started) / 100) / 10;
  }

  /** Everything up to the checks. */
  async run(): Promise<void> {
    await this.timed('setup', () => this.setUp());
    this.answers.clear();
    this.journeysFrom = await serverNow();
    await this.startFaults();
    try {
      await this.timed('journeys', () =>
        this.inTurn([...this.withdrawals.map((w) => () => this.connectPayouts(w)), ...this.orders.map((o) => () => this.book(o))]),
      );
      await this.timed('final phase', () => this.finalPhase());
    } finally {
      await this.endFaults();
    }
    await this.timed('after the faults', () => this.settleDown());
  }

  // Setup, without faults: accounts, offers, open tabs ---------------------------------------------

  private async setUp(): Promise<void> {
    this.admin = new Person('admin', new ApiClient(), this.answers, true);
    await this.admin.signIn();
    const expertCount = Math.max(1, Math.round(this.options.journeys / JOURNEYS_PER_EXPERT));
    for (let index = 0; index < expertCount; index++) this.experts.push(await this.newExpert(index));
    const base = Date.parse(await startIn(30));
    let sessions = 0;
    const orderCount = this.options.journeys - expertCount;
    const students = await inBatches(orderCount, (index) => this.newStudent(index));
    for (const [index, student] of students.entries()) {
      const kind = this.random() < 0.5 ? 'project' : 'session';
      const closedBy = this.random() < 0.5 ? 'student' : 'deadline';
      const start = kind === 'session' ? new Date(base + sessions++ * HOUR_MS).toISOString() : undefined;
      this.students.push(student);
      this.orders.push({
        name: `journey ${index + 1} (${kind}, closed by the ${closedBy})`,
        kind,
        closedBy,
        student,
        expert: this.experts[index % expertCount],
        start,
        messages: [],
      });
    }
    for (const expert of this.experts) this.withdrawals.push({ name: `withdrawal of ${expert.person.name}`, expert });
  }

  private async newExpert(index: number): Promise<Expert> {
    const { client, userId, email } = await signedInPublishingExpert('Chaos', `Expert${index + 1}`);
    const member = await this.member(`expert ${index + 1}`, client, userId, email);
    const offer = async (fields: Record<string, unknown>) => {
      const created = await client.post<{ offer: OfferDto }>('/offers/create', {
        description: 'Work done while the table and the provider fail, and the mail is out.',
        ...fields,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect((await this.admin.request('PATCH', `/admin/offers/${created.body.offer._id}/approve`, {})).status).toBe(200);
      return created.body.offer;
    };
    return {
      ...member,
      projectOffer: await offer({ title: `Chaos review ${index + 1}`, price: 60, lessonType: 'Document', pricingType: 'fixed' }),
      sessionOffer: await offer({ title: `Chaos session ${index + 1}`, price: 40, lessonType: 'Video Call', pricingType: 'hourly' }),
    };
  }

  private async newStudent(index: number): Promise<Member> {
    const { client, email, user } = await signedInStudent();
    return this.member(`student ${index + 1}`, client, String(user._id), email);
  }

  /** A member with two tabs of the app open. */
  private async member(name: string, client: ApiClient, userId: string, email: string): Promise<Member> {
    const tabs = [new Tab(await connectAs(client)), new Tab(await connectAs(client))];
    return { person: new Person(name, client, this.answers), userId, email, tabs };
  }

  // The faults -------------------------------------------------------------------------------------

  private async startFaults(): Promise<void> {
    // One share per mode, each with a seed drawn from the run's: a tenth of the calls fail in all.
    for (const mode of TABLE_MODES) {
      await control('POST', '/_local/table/faults', { mode, share: TABLE_SHARE / TABLE_MODES.length, seed: Math.floor(this.random() * 2 ** 32) });
    }
    const ended = new Promise<'ended'>((resolve) => {
      this.endOutages = () => resolve('ended');
    });
    this.outage = this.mailOutages(ended);
  }

  /** The mail service is out about half the time, 2 to 4 s at once, until the faults end: every phase sends mail into it. */
  private async mailOutages(ended: Promise<'ended'>): Promise<void> {
    for (;;) {
      if ((await Promise.race([pause(2000 + this.outageRandom() * 2000), ended])) === 'ended') return;
      const seconds = 2 + this.outageRandom() * 2;
      await control('POST', '/_local/mail-outage', { outage: true });
      const from = Date.now();
      this.mailOutage.windows += 1;
      const over = await Promise.race([pause(seconds * 1000), ended]);
      await control('POST', '/_local/mail-outage', { outage: false });
      this.mailOutage.seconds += (Date.now() - from) / 1000;
      if (over === 'ended') return;
    }
  }

  /**
   * The local Stripe fails requests by count, not by share: before a step, each request it is to
   * make draws, and one in ten arms a fault of a random mode for the next request of its path,
   * whichever journey's it is.
   */
  private async provider(requests: string[]): Promise<void> {
    for (const request of requests) {
      if (this.providerRandom() >= PROVIDER_SHARE) continue;
      const [method, path] = request.split(' ');
      const mode = PROVIDER_MODES[Math.floor(this.providerRandom() * PROVIDER_MODES.length)];
      await control('POST', '/_local/payments/faults', { method, path, mode, count: 1 });
      const key = `${mode} ${request}`;
      this.providerFaults.armed[key] = (this.providerFaults.armed[key] ?? 0) + 1;
    }
  }

  private async endFaults(): Promise<void> {
    this.tableFaults = (await control<{ counters: Record<string, Record<string, number>> }>('GET', '/_local/table/faults')).counters;
    await control('DELETE', '/_local/table/faults');
    for (const fault of await control<{ method: string; path: string; mode: string; count: number }[]>('GET', '/_local/payments/faults')) {
      const key = `${fault.mode} ${fault.method} ${fault.path}`;
      this.providerFaults.unused[key] = (this.providerFaults.unused[key] ?? 0) + fault.count;
    }
    await control('DELETE', '/_local/payments/faults');
    this.endOutages?.();
    await this.outage;
  }

  // The journeys, with the faults on ---------------------------------------------------------------

  /** Runs the journeys, AT_ONCE at a time; a journey that fails keeps its failure and lets the others go on. */
  private async inTurn(journeys: (() => Promise<void>)[]): Promise<void> {
    await inBatches(journeys.length, (index) => journeys[index]());
  }

  /** A step of a journey: its answer, or the step found done after all; else the journey fails. */
  private async step<T>(sent: Promise<Answer<T>>, done?: () => Promise<boolean>): Promise<Answer<T>> {
    const answer = await sent;
    if (isSuccess(answer.status)) return answer;
    if (done && (await done())) {
      this.doneAfterReload += 1;
      return answer;
    }
    throw new JourneyFailed(answer.route ?? 'a step', answer);
  }

  /** The expert connects their payout account: the provider's onboarding, as the page sends them through it. */
  private async connectPayouts(journey: WithdrawalJourney): Promise<void> {
    const { person } = journey.expert;
    await this.attempt(journey, async () => {
      await this.provider(['POST /v1/accounts', 'POST /v1/account_links']);
      const started = await this.step(person.request<{ url: string }>('POST', '/payments/onboard'));
      await this.provider(['GET /v1/accounts/*']);
      const finished = await pressOnPage(started.body.url, 'complete');
      if (finished.location !== `${stackUrl()}/create?stripe=success`)
        throw new JourneyFailed('the provider’s onboarding page', { status: finished.status, body: finished.text });
    });
  }

  /** Opens the conversation, talks, books and pays; delivers a project and, if the student closes it, approves it. */
  private async book(journey: OrderJourney): Promise<void> {
    const { student, expert } = journey;
    await this.attempt(journey, async () => {
      const offer = journey.kind === 'project' ? expert.projectOffer : expert.sessionOffer;
      const hello = `Hello from ${journey.name}`;
      const opened = await this.step(student.person.request<CreatedChat>('POST', '/chats/create', { offerId: offer._id, initialMessage: hello }, randomUUID()));
      const chatId = opened.body.chat._id;
      journey.chatId = chatId;
      journey.messages.push(hello);
      await this.say(journey, expert, `Welcome, ${student.person.name}: tell me more.`);
      await this.say(journey, student, 'Here is what I need, in a few lines.');
      if (journey.kind === 'session') {
        await this.step(student.person.request('PUT', `/chats/${chatId}/schedule`, { scheduledDate: journey.start, scheduledHours: 1 }), () =>
          this.orderIs(chatId, 'scheduled'),
        );
        await this.step(expert.person.request('PUT', `/chats/${chatId}/confirm-schedule`), () => this.orderIs(chatId, 'confirmed'));
      }
      await this.pay(journey, chatId);
      if (journey.kind === 'project') {
        await this.step(
          expert.person.retrying(routeOf('POST', `/chats/${chatId}/submit-project`), () => submitMultipart(expert.person.client, chatId, pdfDocument())),
          () => this.orderIs(chatId, 'submitted'),
        );
        if (journey.closedBy === 'student')
          await this.close(journey, () => student.person.request('POST', `/chats/${chatId}/handle-project`, { action: 'approve' }));
      }
    });
  }

  private async pay(journey: OrderJourney, chatId: string): Promise<void> {
    const { person } = journey.student;
    await this.provider(['POST /v1/checkout/sessions']);
    const checkout = await this.step(person.request<{ url: string }>('POST', '/payments/create-session', { chatId }));
    // The provider's page, then the app's return, which confirms the payment as the webhook does.
    await this.provider(['GET /v1/checkout/sessions/*', 'GET /v1/checkout/sessions/*']);
    const paid = await pressOnPage(checkout.body.url, 'pay');
    if (paid.status >= 400) throw new JourneyFailed('the provider’s checkout page', { status: paid.status, body: paid.text });
    await this.step(person.request('PUT', `/chats/${chatId}/mark-paid`), () => this.orderIs(chatId, 'in_progress'));
    if (!(await this.orderBecomes(chatId, 'in_progress')))
      throw new JourneyFailed('the payment', { status: 0, body: { orderStatus: (await this.order(chatId))?.status } });
  }

  /** The student closes the order (approves the project, confirms the session): the credit and its transfer follow. */
  private async close(journey: OrderJourney, send: () => Promise<Answer>): Promise<void> {
    await this.provider(['POST /v1/transfers', 'GET /v1/charges/*']);
    await this.step(send(), () => this.orderIs(journey.chatId ?? '', 'closed'));
  }

  private async say(journey: OrderJourney, from: Member, content: string): Promise<void> {
    await this.step(from.person.request('POST', `/chats/${journey.chatId}/messages`, { content }, randomUUID()));
    journey.messages.push(content);
  }

  /** Runs a journey's steps; a failure stays with the journey for the checks and the figures. */
  private async attempt(journey: { name: string; failed?: JourneyFailed }, steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (error) {
      if (!(error instanceof JourneyFailed)) throw error;
      journey.failed = error;
      this.log(`${journey.name} failed at ${error.message}`);
    }
  }

  // The final phase: the clock moves, the faults still on ------------------------------------------

  private async finalPhase(): Promise<void> {
    const booked = this.orders.filter((journey) => !journey.failed);
    const sessions = booked.filter((journey) => journey.kind === 'session');
    const lastEnd = Math.max(0, ...sessions.map((journey) => Date.parse(journey.start ?? '') + HOUR_MS));
    // To the end of the last session, a few hours at a time: the reminders fall due on the way.
    await this.clockTo(lastEnd, '6h');
    const byStudent = sessions.filter((journey) => journey.closedBy === 'student');
    await this.inTurn(
      byStudent.map(
        (journey) => () =>
          this.attempt(journey, () => this.close(journey, () => journey.student.person.request('PUT', `/chats/${journey.chatId}/confirm-session`))),
      ),
    );
    const going = booked.filter((journey) => !journey.failed);
    await this.inTurn(going.map((journey) => () => this.attempt(journey, () => this.say(journey, journey.student, 'Thank you, that was what I needed.'))));
    // The others close by their deadlines: sessions 48 hours after their end, projects 7 days after their delivery.
    await this.provider(booked.filter((journey) => journey.closedBy === 'deadline').flatMap(() => ['POST /v1/transfers', 'GET /v1/charges/*']));
    await this.clockTo(Math.max(lastEnd + 49 * HOUR_MS, this.journeysFrom + 7 * DAY_MS + HOUR_MS), '1d');
    // The charges' funds settle.
    await this.advance(
      '1h',
      booked.map(() => 'GET /v1/charges/*'),
    );
    // One admin decides the withdrawals, one after another; the payouts are paid as the clock moves.
    for (const journey of this.withdrawals) await this.attempt(journey, () => this.withdraw(journey));
    await this.advance(
      '1h',
      this.withdrawals.map(() => 'GET /v1/payouts/*'),
    );
  }

  /** Moves the app's clock (the deadlines run), having drawn the provider's faults for the requests it brings. */
  private async advance(duration: string, requests: string[]): Promise<void> {
    await this.provider(requests);
    await this.moveClock(duration);
  }

  /** Moves the app's clock `step` at a time until it is past `time`. */
  private async clockTo(time: number, step: string): Promise<void> {
    while ((await serverNow()) < time) await this.moveClock(step);
  }

  /** Runs the scheduled jobs again without moving the clock: what fell due meanwhile (a notice parked since) goes. */
  async runSchedules(): Promise<void> {
    await this.moveClock('0s');
  }

  /**
   * Moves the test clock, which then runs the scheduled jobs. A job whose table calls failed past the
   * SDK's retries fails its run (the clock answers 502): as EventBridge invokes a failed run again,
   * the clock is moved by nothing, which runs the jobs again.
   */
  private async moveClock(duration: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const moved = await fetch(`${stackUrl()}/_local/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advance: attempt === 0 ? duration : '0s' }),
      });
      if (moved.status === 200) return;
      this.scheduledRunsFailed += 1;
      expect(attempt, `the scheduled jobs failed ${attempt + 1} times in a row: ${await moved.text()}`).toBeLessThan(SCHEDULED_RETRIES);
    }
  }

  /** The expert asks for all that is available; the admin approves it (with a code: it moves money). */
  private async withdraw(journey: WithdrawalJourney): Promise<void> {
    const { person, userId } = journey.expert;
    const earnings = await this.step(person.request<{ balance: number }>('GET', '/user/earnings'));
    if (earnings.body.balance <= 0) throw new JourneyFailed('nothing to withdraw', earnings);
    const asked = await this.step(person.request<{ withdrawal: { _id: string } }>('POST', '/user/withdraw', { amount: earnings.body.balance }), async () =>
      Boolean(await this.pendingWithdrawalOf(userId)),
    );
    const withdrawalId = asked.body.withdrawal?._id ?? (await this.pendingWithdrawalOf(userId)) ?? '';
    journey.withdrawalId = withdrawalId;
    await this.provider(['POST /v1/payouts']);
    await this.step(this.admin.request('POST', `/admin/withdrawals/${withdrawalId}/approve`, {}), async () =>
      ['approved', 'paid'].includes(String((await getItem({ pk: `WITHDRAWAL#${withdrawalId}`, sk: 'WITHDRAWAL' }))?.status)),
    );
  }

  private async pendingWithdrawalOf(expertId: string): Promise<string | undefined> {
    const pending = await getItem({ pk: `WITHDRAWAL#EXPERT#${expertId}`, sk: 'PENDING' });
    const ids = pending?.withdrawalIds as Set<string> | undefined;
    return ids ? [...ids][0] : undefined;
  }

  // After the faults ------------------------------------------------------------------------------

  /**
   * The faults and the outage are over: the clock moves on so that the deadlines job retries what
   * failed (a transfer left due, a payout to confirm), and the provider's events are delivered.
   */
  private async settleDown(): Promise<void> {
    for (let round = 0; round < 3; round++) {
      await this.moveClock('1h');
      await this.providerEventsDelivered();
    }
  }

  private async providerEventsDelivered(): Promise<void> {
    const until = Date.now() + EVENTUALLY_MS;
    while ((await localEvents()).some((event) => event.subscribed && !event.delivered) && Date.now() < until) await pause(200);
  }

  // Observing, as the person's page shows it after a reload ---------------------------------------

  private order(orderId: string) {
    return getItem({ pk: `ORDER#${orderId}`, sk: 'ORDER' });
  }

  private async orderIs(orderId: string, status: string): Promise<boolean> {
    return (await this.order(orderId))?.status === status;
  }

  /** Waits for the order to move (a webhook retried after a failure takes a few seconds). */
  private async orderBecomes(orderId: string, status: string): Promise<boolean> {
    const until = Date.now() + EVENTUALLY_MS;
    while (Date.now() < until) {
      if (await this.orderIs(orderId, status)) return true;
      await pause(200);
    }
    return false;
  }

  async closeTabs(): Promise<void> {
    await Promise.all([...this.experts, ...this.students].flatMap((member) => member.tabs.map((tab) => tab.close())));
  }
}

/** Runs `count` tasks, AT_ONCE at a time, in order; answers their results. */
async function inBatches<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(AT_ONCE, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** A control of the local stack (/_local/...): JSON in, JSON out. */
async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stackUrl()}${path}`, {
    method,
    ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

// The checks at the end ------------------------------------------------------------------------------

type Item = Record<string, unknown>;
type Line = { account: string; amountCents: number };
const sumOf = (amounts: number[]) => amounts.reduce((sum, amount) => sum + amount, 0);
const countsOf = (keys: string[]) => Object.fromEntries([...new Set(keys)].sort().map((key) => [key, keys.filter((other) => other === key).length]));

/** The ledger as stored: entries, their line items, and the running totals. */
async function storedLedger() {
  const items = await itemsWhere({ pkStartsWith: ['LEDGER#', 'BALANCE#'] });
  const inPartition = (prefix: string) => items.filter((item) => String(item.pk).startsWith(prefix));
  return {
    entries: inPartition('LEDGER#').filter((item) => item.sk === 'ENTRY') as (Item & { entryId: string; kind: string; at: string; lines: Line[] })[],
    lines: inPartition('BALANCE#').filter((item) => item.sk !== 'TOTAL') as (Item & { account: string; amountCents: number })[],
    totals: inPartition('BALANCE#').filter((item) => item.sk === 'TOTAL') as (Item & { pk: string; totalCents: number })[],
  };
}

/** Every entry balances, every line of an entry is stored once and no other, so the whole ledger sums to zero; every running total equals its lines. */
async function ledgerSumsToZero(): Promise<void> {
  const { entries, lines, totals } = await storedLedger();
  expect(entries.filter((entry) => sumOf(entry.lines.map((line) => line.amountCents)) !== 0).map((entry) => entry.entryId)).toEqual([]);
  const entryLines = entries.flatMap((entry) =>
    entry.lines.map((line, index) => `BALANCE#${line.account} ${entry.at}#${entry.entryId}#${index} ${line.amountCents}`),
  );
  expect(lines.map((line) => `${line.pk} ${line.sk} ${line.amountCents}`).sort()).toEqual(entryLines.sort());
  expect(sumOf(lines.map((line) => line.amountCents))).toBe(0);
  const linesOf = (account: string) => lines.filter((line) => (account === 'debts' ? line.account.startsWith('debt:') : line.account === account));
  const wrongTotals = totals
    .map((total) => ({ account: total.pk.slice('BALANCE#'.length), total: Number(total.totalCents ?? 0) }))
    .filter(({ account, total }) => total !== sumOf(linesOf(account).map((line) => line.amountCents)));
  expect(wrongTotals).toEqual([]);
}

async function reconciliationFindsNoDifference(run: ChaosRun): Promise<void> {
  const result = await run.admin.request<Reconciliation>('POST', '/admin/reconciliation', {});
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.differences).toEqual([]);
  expect(result.body.entriesChecked).toBeGreaterThan(0);
}

/**
 * A journey that went through ends closed, its credit transferred and settled, and releases all its
 * order held; one that did not is where a person or a deadline moves it on. A withdrawal is paid.
 */
async function noOrderStuck(run: ChaosRun): Promise<void> {
  const [{ deadlineOf }, { openMoves }] = await Promise.all([import('../../functions/contexts/orders/order'), import('../../shared/order-transitions')]);
  const now = await serverNow();
  for (const journey of run.orders.filter((candidate) => candidate.chatId)) {
    const order = (await getItem({ pk: `ORDER#${journey.chatId}`, sk: 'ORDER' })) as unknown as Parameters<typeof deadlineOf>[0];
    const held = Number((await getItem({ pk: `BALANCE#held:${journey.chatId}`, sk: 'TOTAL' }))?.totalCents ?? 0);
    const state = { journey: journey.name, status: order.status, transfer: order.transfer?.status, held };
    if (!journey.failed) expect(state).toEqual({ journey: journey.name, status: 'closed', transfer: 'settled', held: 0 });
    const finished = order.status === 'closed' || order.status === 'canceled';
    const movedOn = deadlineOf(order) !== undefined || (['student', 'expert', 'admin'] as const).some((actor) => openMoves(order, actor, now).length > 0);
    // Finished, it holds nothing more; else someone, or the deadlines job, has a move to make.
    expect(finished ? held === 0 : movedOn, JSON.stringify(state)).toBe(true);
  }
  for (const journey of run.withdrawals.filter((candidate) => candidate.withdrawalId)) {
    const { status } = (await getItem({ pk: `WITHDRAWAL#${journey.withdrawalId}`, sk: 'WITHDRAWAL' })) ?? {};
    // Paid; or, its journey cut short, waiting for the admin (pending) or the payouts job (approved), or decided.
    expect({ journey: journey.name, status }).toEqual({
      journey: journey.name,
      status: journey.failed ? expect.stringMatching(/^(pending|approved|paid|rejected|failed)$/) : 'paid',
    });
  }
}

/**
 * Each order paid once and credited, transferred, refunded at most once; each withdrawal paid out
 * at most once: in the ledger and at the provider alike. Each expert has one payout account.
 */
async function noMoneyMovedTwice(run: ChaosRun): Promise<void> {
  const { entries } = await storedLedger();
  const stripe = localStripe();
  const accounts: string[] = [];
  for await (const account of stripe.accounts.list({ limit: 100 })) accounts.push(String(account.metadata?.expertId));
  for (const expert of run.experts)
    expect({ expert: expert.person.name, accounts: accounts.filter((id) => id === expert.userId).length }).toEqual({ expert: expert.person.name, accounts: 1 });
  for (const journey of run.orders.filter((candidate) => candidate.chatId)) {
    const ofOrder = entries.filter((entry) => entry.orderId === journey.chatId);
    const kinds = countsOf(ofOrder.map((entry) => entry.kind));
    const order = await getItem({ pk: `ORDER#${journey.chatId}`, sk: 'ORDER' });
    const payment = order?.payment as { paymentIntentId: string; amountCents: number } | undefined;
    const transfers = (await stripe.transfers.list({ transfer_group: `order_${journey.chatId}`, limit: 100 })).data;
    const refunds = payment ? (await stripe.refunds.list({ payment_intent: payment.paymentIntentId, limit: 100 })).data : [];
    const counted = {
      payment: kinds.payment ?? 0,
      credit: kinds.credit ?? 0,
      transfer: kinds.transfer ?? 0,
      settlement: kinds.settlement ?? 0,
      refund: kinds.refund ?? 0,
    };
    // Paid once; a closed order credited once; as many transfers and refunds recorded as the provider made, at most one each.
    expect({ journey: journey.name, ...counted }).toEqual({
      journey: journey.name,
      payment: payment ? 1 : 0,
      credit: order?.status === 'closed' ? 1 : 0,
      transfer: transfers.length,
      settlement: Math.min(transfers.length, counted.settlement),
      refund: refunds.length,
    });
    expect(transfers.length, `${journey.name}: transfers`).toBeLessThanOrEqual(1);
    expect(refunds.length, `${journey.name}: refunds`).toBeLessThanOrEqual(1);
    expect(ofOrder.filter((entry) => entry.kind === 'transfer').map((entry) => entry.entryId)).toEqual(transfers.map((transfer) => `transfer:${transfer.id}`));
    if (payment) expect((await stripe.paymentIntents.retrieve(payment.paymentIntentId)).amount_received).toBe(payment.amountCents);
  }
  for (const journey of run.withdrawals.filter((candidate) => candidate.withdrawalId)) {
    const account = String((await getItem({ pk: `USER#${journey.expert.userId}`, sk: 'PROFILE' }))?.payoutAccountId);
    const payouts = (await stripe.payouts.list({ limit: 100 }, { stripeAccount: account })).data.filter(
      (payout) => payout.metadata?.withdrawalId === journey.withdrawalId,
    );
    const recorded = entries.filter((entry) => entry.withdrawalId === journey.withdrawalId && entry.kind === 'payout');
    expect(payouts.length, `${journey.name}: payouts`).toBeLessThanOrEqual(1);
    // Each payout the provider paid is recorded once.
    expect({ journey: journey.name, recorded: recorded.map((entry) => entry.entryId) }).toEqual({
      journey: journey.name,
      recorded: payouts.filter((payout) => payout.status === 'paid').map((payout) => `payout:${payout.id}`),
    });
  }
}

/** Every message a person was told was sent is stored once, and each open tab of both sides showed it once, whatever pushed it how often. */
async function everyMessageShownOncePerTab(run: ChaosRun): Promise<void> {
  const storedIds = new Map<string, string[]>();
  for (const journey of run.orders.filter((candidate) => candidate.chatId)) {
    const stored = (await partitionItems(`CHAT#${journey.chatId}`)).filter((item) => String(item.sk).startsWith('MSG#'));
    expect({ journey: journey.name, stored: stored.map((item) => String(item.content)).sort() }).toEqual({
      journey: journey.name,
      stored: [...journey.messages].sort(),
    });
    for (const member of [journey.student, journey.expert])
      storedIds.set(member.userId, [...(storedIds.get(member.userId) ?? []), ...stored.map((item) => String(item.messageId))]);
  }
  for (const member of [...run.students, ...run.experts]) {
    const expected = [...(storedIds.get(member.userId) ?? [])].sort();
    for (const [index, tab] of member.tabs.entries()) {
      await waitFor(() => tab.shownMessages().length >= expected.length);
      expect({
        tab: `${member.person.name}, tab ${index + 1}`,
        shown: tab
          .shownMessages()
          .map((message) => message._id)
          .sort(),
      }).toEqual({
        tab: `${member.person.name}, tab ${index + 1}`,
        shown: expected,
      });
    }
  }
}

/** The mails the product owes for what happened (each stored notice, composed as the notifications function composes it), once each. */
async function everyMailSentOnce(run: ChaosRun): Promise<void> {
  const expected = await owedMails(run);
  const sent = async () => (await mailsByMember(run)).sort();
  // A notice whose mail failed in the outage's last moments is parked for the schedule's next run (decision
  // 284), which can come after the last move of the clock: the schedules run again, the clock unmoved, as
  // EventBridge fires them every few minutes whatever happens.
  await waitFor(async () => {
    if ((await sent()).length >= expected.length) return true;
    if ((await parkedNotices(() => true)) > 0) await run.runSchedules();
    return false;
  });
  expect(await sent()).toEqual(expected);
}

/** What every notice of the run's orders, withdrawals and offers mails to its members, as `address: subject`. */
async function owedMails(run: ChaosRun): Promise<string[]> {
  Object.assign(process.env, stackEnv());
  const [orders, earnings, catalogue, { MAIL_CATEGORIES, isMailWanted, DEFAULT_NOTIFICATION_PREFERENCES }, notices] = await Promise.all([
    import('../../functions/contexts/orders/notice-service'),
    import('../../functions/contexts/earnings/notice-service'),
    import('../../functions/contexts/catalogue/notice-service'),
    import('../../shared/schemas/notifications'),
    import('../../shared/schemas/notices'),
  ]);
  const members = new Set(memberEmails(run));
  const orderIds = new Set(run.orders.map((journey) => journey.chatId));
  const offerIds = new Set(run.experts.flatMap((expert) => [expert.projectOffer._id, expert.sessionOffer._id]));
  const owed: string[] = [];
  const events = (await itemsWhere({ pkStartsWith: ['EVENT#'] })) as (Item & { notice?: Notice })[];
  for (const { notice } of events) {
    if (!notice || notices.isMessageNotice(notice) || notices.isDataExportNotice(notice)) continue;
    const mails = notices.isWithdrawalNotice(notice)
      ? await earnings.withdrawalNoticeMails(notice)
      : notices.isOfferNotice(notice)
        ? offerIds.has(notice.offerId)
          ? await catalogue.offerNoticeMails(notice)
          : []
        : orderIds.has(notice.orderId)
          ? await orders.noticeMails(notice)
          : [];
    // The run's members keep the default preferences.
    for (const { kind, mail } of mails)
      if (members.has(mail.to) && (MAIL_CATEGORIES[kind] === 'always' || isMailWanted(kind, DEFAULT_NOTIFICATION_PREFERENCES)))
        owed.push(`${mail.to}: ${mail.subject}`);
  }
  return owed.sort();
}

/** The mails the outbox holds for the run's members, as `address: subject`, but the activation mail of their registration. */
async function mailsByMember(run: ChaosRun): Promise<string[]> {
  const mails = await Promise.all(memberEmails(run).map(async (email) => (await mailsTo(email)).map((mail) => `${email}: ${mail.subject}`)));
  return mails.flat().filter((mail) => !mail.endsWith(': Activate your account'));
}

const memberEmails = (run: ChaosRun) => [...run.students, ...run.experts].map((member) => member.email);

async function everyJourneyReachedItsEnd(run: ChaosRun): Promise<void> {
  expect([...run.orders, ...run.withdrawals].filter((journey) => journey.failed).map((journey) => `${journey.name}: ${journey.failed?.message}`)).toEqual([]);
}

async function noServerErrorReachedAPerson(run: ChaosRun): Promise<void> {
  expect(run.answers.failed.filter(({ statuses }) => isServerError(statuses[statuses.length - 1]))).toEqual([]);
}

/** The checks, by name: each throws what it found wrong. */
export const CHECKS: Record<string, (run: ChaosRun) => Promise<void>> = {
  'the ledger sums to zero': ledgerSumsToZero,
  'reconciliation finds no difference': reconciliationFindsNoDifference,
  'every order is in a status that a deadline or a person moves on, never stuck': noOrderStuck,
  'no payment, credit, transfer, refund or payout happened twice': noMoneyMovedTwice,
  'every message is stored and was shown once in each open tab': everyMessageShownOncePerTab,
  'every mail was sent once the outage ended': everyMailSentOnce,
  'no server error reached a person after their retries': noServerErrorReachedAPerson,
  'every journey reached its end': everyJourneyReachedItsEnd,
};

/** Polls until the condition holds or EVENTUALLY_MS pass; the assertion after it says what was missing. */
async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  const until = Date.now() + EVENTUALLY_MS;
  while (!(await condition()) && Date.now() < until) await pause(200);
}

// The figures -----------------------------------------------------------------------------------------

/** The seed of a run: CHAOS_SEED to run the same draws again, else a new one. */
export const chaosSeed = (): number => (process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : Math.floor(Math.random() * 2 ** 32));

const addUp = (counts: Record<string, number>[]) => {
  const sums: Record<string, number> = {};
  for (const count of counts) for (const [key, value] of Object.entries(count)) sums[key] = (sums[key] ?? 0) + value;
  return sums;
};

/** What failed, what was retried, and what people saw: the run's figures, for the test's log and bench/results/chaos.json. */
export async function figuresOf(run: ChaosRun) {
  const { failed } = run.answers;
  const owed = await owedMails(run);
  const sent = await mailsByMember(run);
  const tabs = [...run.students, ...run.experts].flatMap((member) => member.tabs);
  const shown = tabs.map((tab) => tab.shownMessages().length);
  const struck = Object.fromEntries(Object.entries(run.providerFaults.armed).map(([key, armed]) => [key, armed - (run.providerFaults.unused[key] ?? 0)]));
  const byMode = (counts: Record<string, number>) => addUp(Object.entries(counts).map(([key, count]) => ({ [key.split(' ')[0]]: count })));
  return {
    seed: run.options.seed,
    journeys: {
      orders: run.orders.length,
      projects: run.orders.filter((journey) => journey.kind === 'project').length,
      sessions: run.orders.filter((journey) => journey.kind === 'session').length,
      closedByStudent: run.orders.filter((journey) => journey.closedBy === 'student').length,
      withdrawals: run.withdrawals.length,
      failed: [...run.orders, ...run.withdrawals].filter((journey) => journey.failed).map((journey) => `${journey.name}: ${journey.failed?.message}`),
    },
    seconds: run.seconds,
    answers: {
      byStatus: addUp(Object.values(run.answers.all)),
      /** What each request left its person with, after their retries. */
      finalByStatus: run.answers.final,
      byRoute: run.answers.all,
    },
    retries: {
      /** Requests that met a server error or no answer, so that their person tried again. */
      requestsRetried: failed.length,
      fixedByARetry: failed.filter(({ statuses }) => isSuccess(statuses[statuses.length - 1])).length,
      /** A retry answered otherwise (a 409: the first try had gone through), every status in turn. */
      endedOtherwise: failed.filter(({ statuses }) => !isSuccess(statuses[statuses.length - 1]) && !isServerError(statuses[statuses.length - 1])),
      leftWithServerError: failed.filter(({ statuses }) => isServerError(statuses[statuses.length - 1])),
      doneAfterReload: run.doneAfterReload,
      scheduledRunsFailedAndRunAgain: run.scheduledRunsFailed,
    },
    tableFaults: {
      struckByMode: addUp(Object.values(run.tableFaults).map(({ passed: _passed, ...failed }) => failed)),
      calls: addUp(Object.values(run.tableFaults)),
      byOperation: run.tableFaults,
    },
    providerFaults: { armedByMode: byMode(run.providerFaults.armed), struckByMode: byMode(struck), struck },
    mailOutage: { windows: run.mailOutage.windows, seconds: Math.round(run.mailOutage.seconds * 10) / 10 },
    mails: {
      owed: owed.length,
      sent: sent.length,
      missing: without(owed, sent),
      extra: without(sent, owed),
    },
    messages: {
      stored: sumOf(run.orders.map((journey) => journey.messages.length)),
      tabs: tabs.length,
      shownPerTab: { min: Math.min(...shown), max: Math.max(...shown) },
      /** Pushes of an event a tab had already shown (each is pushed twice on purpose, decision 128). */
      repeatedPushesDropped: sumOf(tabs.map((tab) => tab.connection.duplicates())),
    },
  };
}

/** What `all` holds beyond `taken`, each taken once (a multiset's difference). */
function without(all: string[], taken: string[]): string[] {
  const left = [...taken];
  return all.filter((item) => {
    const at = left.indexOf(item);
    if (at >= 0) left.splice(at, 1);
    return at < 0;
  });
}

type ChaosFigures = Awaited<ReturnType<typeof figuresOf>>;

/** A few lines for a log. */
export function summaryOf(figures: ChaosFigures): string {
  const { journeys, answers, retries, tableFaults, providerFaults, mails, messages } = figures;
  return [
    `seed ${figures.seed}: ${journeys.orders} orders (${journeys.projects} projects, ${journeys.sessions} sessions), ${journeys.withdrawals} withdrawals, ${journeys.failed.length} failed`,
    `seconds ${JSON.stringify(figures.seconds)}`,
    `answers by status ${JSON.stringify(answers.byStatus)}; left with ${JSON.stringify(answers.finalByStatus)}`,
    `retried ${retries.requestsRetried} requests, ${retries.fixedByARetry} fixed by a retry, ${retries.leftWithServerError.length} left with a server error, ${retries.doneAfterReload} found done after a reload; ${retries.scheduledRunsFailedAndRunAgain} scheduled runs failed and ran again`,
    `table faults struck ${JSON.stringify(tableFaults.struckByMode)} of ${JSON.stringify(tableFaults.calls)}`,
    `provider faults armed ${JSON.stringify(providerFaults.armedByMode)}, struck ${JSON.stringify(providerFaults.struckByMode)}`,
    `mail outage ${figures.mailOutage.windows} windows, ${figures.mailOutage.seconds} s; mails owed ${mails.owed}, sent ${mails.sent}, missing ${mails.missing.length}, extra ${mails.extra.length}`,
    `messages ${messages.stored} stored, ${messages.tabs} tabs showing ${messages.shownPerTab.min}-${messages.shownPerTab.max}, ${messages.repeatedPushesDropped} repeated pushes dropped`,
  ].join('\n');
}
