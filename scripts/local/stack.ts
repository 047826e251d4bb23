/**
 * The whole product on one machine: DynamoDB Local, a local S3, the SES outbox, and one origin
 * that serves the SPA, /api (HTTP gateway), /ws (WebSocket gateway), /uploads (media bucket)
 * and /_local (outbox, upload forms), with the table's stream feeding the notifications function and the jobs function (data exports). Handlers are configured by environment only, as on AWS.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { EXPERT_PAGE, PAGE_TEMPLATES_DIR } from '../../shared/prerendered-pages';
import type { Domain } from '../../shared/routes';
import { API_PREFIX, DOMAINS, WS_PATH } from '../../shared/routes';
import { SEARCH_SNAPSHOT } from '../../functions/contexts/search/snapshot-settings';
import { WEBHOOK_EVENTS } from '../../functions/contexts/payments/webhook-events';
import { BUSY_CALENDARS, ORDER_DEADLINES_PERIOD_MINUTES } from '../../shared/limits';
import { uploadHeaders, UPLOAD_RESPONSE_HEADERS } from '../../shared/upload-types';
import { type AccessTokenKeys, generateAccessTokenKeys, persistedAccessTokenKeys } from './access-token-keys';
import { ensureTable, LOCAL_CREDENTIALS, startDynamo, localCalls } from './dynamodb';
import { allowedHosts, createHostCheck, refuseMisdirected, refuseMisdirectedUpgrade } from './host-check';
import { createHttpGateway, createPageGateway, isRenderedPageRequest, sendJson } from './http-gateway';
import { startMailSwitch } from './mail-outage';
import { serveOutbox } from './outbox-page';
import { startOutbox, startS3 } from './storage';
import { createStaticFiles, sendRenderedPage } from './static-files';
import { createUploadFormProxy, UPLOAD_FORM_PATH } from './upload-forms';
import { createSignedDownloadProxy } from './signed-downloads';
import { createWsGateway, FAST_PATH_MANAGEMENT_PATH, FAST_PATH_OUTAGE_PATH, HOLD_PATH, LIMITS_PATH, MANAGEMENT_PATH } from './ws-gateway';
import { startTableStream, type TableWrite } from './table-stream';
import { STREAM_FILTERS } from '../../functions/platform/stream-filters';
import { type LocalStripe, startLocalStripe } from './stripe';
import { createTestClock, TEST_CLOCK_PATH } from './test-clock';
import { listenFirst } from './ports';
import { createLocalCalendars, LOCAL_CALENDARS_PATH } from './calendars';
import { nowMs } from '../../functions/platform/clock';
import type { AdminSecondFactor, SeedSettings } from './demo-accounts';
import { removeStackEndpoints, writeStackEndpoints } from './stack-endpoints';
import { ACCESSIBILITY_ENGINE_PATH, serveAccessibilityEngine } from './accessibility-engine';
import { asLambda, enforceTableAccess, type LambdaName } from './table-access';
import { READY_ACCOUNTS_PATH, serveReadyAccounts } from './ready-accounts';
import { routeArmedCallsThroughProxy, startTableFaultProxy, TABLE_FAULTS_PATH } from './table-faults';

export interface LocalStackOptions {
  /** The app's port; 0: any free one, taken at once (the stack's `url` names it). */
  port: number;
  /** Where state persists between runs; omitted: in memory and a temporary folder, gone at stop. */
  dataDir?: string;
  /** Interface to listen on; loopback unless HOST says otherwise. Requests must name it, or loopback, as their Host. */
  host?: string;
  /** Vite's dev server with hot reload instead of the built SPA. */
  dev?: boolean;
  seed: SeedSettings;
  /**
   * Whether what falls due with time happens on its own too: the deadlines and the retention on their
   * schedules (as on AWS), the local Stripe's expiries, settlements, payouts and dispute decisions as
   * the time passes (as on Stripe). The test stacks leave it all to the test clock, so that nothing
   * writes to the table while a test compares what a call stored.
   */
  scheduledWork?: boolean;
  /** Options for DynamoDB Local's JVM (LIGHT_JVM_OPTIONS for `npm start` and the tests); none for the benchmarks. */
  dynamoJavaOptions?: string[];
  /**
   * A DynamoDB Local that runs already (the test run's, shared by its stacks) and the region of this
   * stack's database in it (dynamodb.ts, databaseFile): no JVM of its own is started, or stopped.
   * Unset: the stack starts its own, in `dataDir` when there is one.
   */
  dynamo?: { endpoint: string; region: string };
  /**
   * The handlers reach the table through the fault proxy (table-faults.ts) while a fault is armed
   * at TABLE_FAULTS_PATH: on for the test stacks; unset, on when LOCAL_TABLE_FAULTS=1 (off for `npm
   * start` and the benchmarks). The seed, the stream reader and the tests' own table calls are never failed.
   */
  tableFaults?: boolean;
  /** POST READY_ACCOUNTS_PATH makes an activated account without its mails (ready-accounts.ts): for the test stacks only. */
  readyAccounts?: boolean;
}

export interface LocalStack {
  url: string;
  /** `dynamodb`: DynamoDB Local itself, without the fault proxy. */
  endpoints: { dynamodb: string; s3: string; outbox: string };
  env: Record<string, string>;
  /** The demo admin's TOTP secret and URI (and recovery codes, at the start that made them). */
  adminSecondFactor: AdminSecondFactor;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');
const DAY_MS = 86_400_000;

/**
 * Each domain's Lambda, imported when the stack starts (the handlers read their configuration from
 * the environment at load), by name so that a bundler follows every one (tests/support/stack-bundle.ts).
 */
const DOMAIN_HANDLERS: Record<Domain, () => Promise<{ handler: (...args: never[]) => unknown }>> = {
  health: () => import('../../functions/lambdas/health/handler'),
  auth: () => import('../../functions/lambdas/auth/handler'),
  users: () => import('../../functions/lambdas/users/handler'),
  catalogue: () => import('../../functions/lambdas/catalogue/handler'),
  chats: () => import('../../functions/lambdas/chats/handler'),
  orders: () => import('../../functions/lambdas/orders/handler'),
  jobs: () => import('../../functions/lambdas/jobs/handler'),
  calendars: () => import('../../functions/lambdas/calendars/handler'),
  rooms: () => import('../../functions/lambdas/rooms/handler'),
  admin: () => import('../../functions/lambdas/admin/handler'),
};

export const TABLE_NAME = 'marketplace';
export const MEDIA_BUCKET = 'marketplace-media';
export const FILES_BUCKET = 'marketplace-files';

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  // Lambdas run Node.js 22 on AWS; the local stack may run on Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const stateDir = options.dataDir ? resolve(options.dataDir) : mkdtempSync(join(tmpdir(), 'marketplace-'));
  mkdirSync(stateDir, { recursive: true });
  const region = options.dynamo?.region ?? LOCAL_CREDENTIALS.AWS_REGION;
  // Loopback only: the outbox and the @connections API are for this machine, not its network.
  // Pages of other sites are kept out by the host check, whatever the interface.
  const app = await listenFirst(options.port, options.host ?? '127.0.0.1');
  const { server, port } = app;
  const [dynamo, s3, outbox] = await Promise.all([
    options.dynamo
      ? { endpoint: options.dynamo.endpoint, stop: () => undefined }
      : startDynamo(options.dataDir ? join(stateDir, 'dynamodb') : undefined, options.dynamoJavaOptions),
    startS3(join(stateDir, 's3'), [MEDIA_BUCKET, FILES_BUCKET]),
    startOutbox(),
  ]);
  await ensureTable(dynamo.endpoint, TABLE_NAME, region);
  const tableFaults = (options.tableFaults ?? process.env.LOCAL_TABLE_FAULTS === '1') ? await startTableFaultProxy(dynamo.endpoint) : undefined;
  const mailSwitch = await startMailSwitch(outbox.endpoint);

  const url = `http://localhost:${port}`;
  const stripeKeys = localStripeKeys();
  let localStripe: LocalStripe | undefined;
  const accessTokenKeys = localAccessTokenKeys(stateDir, Boolean(options.dataDir));
  // The functions answer only requests bearing it, as on AWS only those that came through CloudFront.
  const originSecret = randomBytes(32).toString('base64url');
  const env: Record<string, string> = {
    ...LOCAL_CREDENTIALS,
    AWS_REGION: region,
    TABLE_NAME,
    MEDIA_BUCKET,
    FILES_BUCKET,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    UPLOAD_FORM_ENDPOINT: `${url}${UPLOAD_FORM_PATH}`,
    SES_ENDPOINT: mailSwitch.endpoint,
    OUTBOX_URL: outbox.endpoint,
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${port}${MANAGEMENT_PATH}`,
    WS_FAST_PATH_ENDPOINT: `http://127.0.0.1:${port}${FAST_PATH_MANAGEMENT_PATH}`,
    APP_URL: url,
    // Every name the server answers to is the app's origin, for the API and the WebSocket alike.
    APP_ORIGINS: [...allowedHosts(port, options.host)].map((host) => `http://${host}`).join(','),
    MAIL_FROM: 'no-reply@mentorship.test',
    SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? 'support@mentorship.test',
    ACCESS_TOKEN_PRIVATE_KEY: accessTokenKeys.privateKey,
    ACCESS_TOKEN_PUBLIC_KEY: accessTokenKeys.publicKey,
    ORIGIN_SECRET: originSecret,
    PAGE_TEMPLATES_DIR: join(ROOT, PAGE_TEMPLATES_DIR),
    // The calendars this stack serves (/_local/calendars) are read over http; every other address as on AWS.
    CALENDAR_HTTP_HOSTS: `127.0.0.1:${port}`,
    STAGE: 'local',
    ...stripeKeys,
    POWERTOOLS_SERVICE_NAME: 'marketplace-local',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
  Object.assign(process.env, env);

  // The handlers' table calls carry DynamoDB Local's key and region unsigned (dynamodb.ts).
  localCalls((await import('../../functions/platform/table')).db);
  // Each handler runs as its Lambda, with that Lambda's rights on the table (table-access.ts).
  await enforceTableAccess();
  // Faults strike the calls made as a Lambda only: the product's, not the seed's or a local control's.
  if (tableFaults) await routeArmedCallsThroughProxy(tableFaults);
  // Cast back to the handler's own type: a handler of several events has several signatures.
  const asItsLambda = <H extends (...args: never[]) => unknown>(name: LambdaName, handler: H): H =>
    ((...args: Parameters<H>) => asLambda(name, () => handler(...args))) as H;
  // Imported only now: the handlers read their configuration from the environment at load.
  const handlers = Object.fromEntries(
    await Promise.all(DOMAINS.map(async (domain) => [domain, asItsLambda(domain, (await DOMAIN_HANDLERS[domain]()).handler)])),
  ) as Record<Domain, Parameters<typeof createHttpGateway>[0][Domain]>;
  const realtime = asItsLambda('websocket', (await import('../../functions/lambdas/websocket/handler')).handler);
  const notifications = asItsLambda('notifications', (await import('../../functions/lambdas/notifications/handler')).handler);
  const jobs = asItsLambda('jobs', (await import('../../functions/lambdas/jobs/handler')).handler);
  const { seedDemoCalendars, seedDemoData, seedDemoHours } = await import('./seed');
  const adminSecondFactor = await seedDemoData(options.seed);
  const searchIndexer = asItsLambda('searchIndexer', (await import('../../functions/lambdas/search-indexer/handler')).handler);
  await searchIndexer();
  const snapshotTimer = setInterval(
    () => void searchIndexer().catch((error: unknown) => console.error('Search snapshot failed:', error)),
    SEARCH_SNAPSHOT.periodMinutes * 60_000,
  ).unref();

  const api = createHttpGateway(handlers, { originSecret });
  const ws = createWsGateway(realtime, { originSecret });
  const vite = options.dev ? await startVite() : undefined;
  const serveStatic = createStaticFiles(join(ROOT, 'web/dist'), join(ROOT, 'node_modules/.cache/compressed-web'));
  // Loaded when first asked: it renders with the web app's modules, whose stylesheets are nothing here.
  let pageGateway: Promise<ReturnType<typeof createPageGateway>> | undefined;
  const renderedPages = () =>
    (pageGateway ??= (async () => {
      register(new URL('./css-imports.mjs', import.meta.url));
      const { handler } = await import('../../functions/lambdas/pages/handler');
      return createPageGateway(asItsLambda('pages', handler), { originSecret });
    })());
  const uploadForms = createUploadFormProxy(s3.endpoint, FILES_BUCKET, region);
  const signedDownloads = createSignedDownloadProxy(s3.endpoint, FILES_BUCKET, region);
  const appOriginOf = createHostCheck(port, options.host);
  // The deadlines' schedule, as the EventBridge rules invoke the orders Lambda and the notifications
  // function (message summaries, parked mails) on AWS; the test clock runs it at once.
  const runDeadlines = () => eachOnItsOwn([() => handlers.orders({ source: 'aws.events' } as never), () => notifications({ source: 'aws.events' } as never)]);
  const deadlinesTimer =
    options.scheduledWork === false
      ? undefined
      : setInterval(
          () => void runDeadlines().catch((error: unknown) => console.error('Order deadlines failed:', error)),
          ORDER_DEADLINES_PERIOD_MINUTES * 60_000,
        ).unref();
  // Data retention, as the daily EventBridge rule (rate(1 day)) invokes the jobs Lambda on AWS: by the
  // daily timer, and by a move of the test clock once a day of the app's time has passed since it last
  // ran (decision 315), not at every move as the schedules of minutes run.
  let retentionDueAt = nowMs() + DAY_MS;
  const runRetention = () => {
    retentionDueAt = nowMs() + DAY_MS;
    return jobs({ source: 'aws.events' } as never);
  };
  const runRetentionIfDue = async () => {
    if (nowMs() >= retentionDueAt) await runRetention();
  };
  const retentionTimer =
    options.scheduledWork === false
      ? undefined
      : setInterval(() => void runRetention().catch((error: unknown) => console.error('Retention failed:', error)), DAY_MS).unref();
  // The experts' calendars, read again as the EventBridge rule invokes the calendars Lambda on AWS.
  const runCalendarReads = () => handlers.calendars({ source: 'aws.events' } as never);
  const calendarsTimer =
    options.scheduledWork === false
      ? undefined
      : setInterval(
          () => void runCalendarReads().catch((error: unknown) => console.error('Calendar reads failed:', error)),
          BUSY_CALENDARS.readPeriodMinutes * 60_000,
        ).unref();
  const localCalendars = createLocalCalendars(nowMs);
  const testClock = createTestClock(() => eachOnItsOwn([async () => localStripe?.tick(), runDeadlines, runRetentionIfDue, runCalendarReads]));

  app.serve((request: IncomingMessage, response: ServerResponse) => {
    const appOrigin = appOriginOf(request);
    if (!appOrigin) return refuseMisdirected(response);
    const path = (request.url ?? '/').split('?')[0];
    const route = async () => {
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return api(request, response);
      if (path.startsWith('/uploads/')) return proxyUpload(s3.endpoint, path, response);
      if (path.startsWith(`${UPLOAD_FORM_PATH}/`)) return request.method === 'GET' ? signedDownloads(request, response) : uploadForms(request, response);
      if (path === '/_local/mails' || path === '/_local/mails.json') {
        const to = new URL(request.url ?? '/', 'http://local').searchParams.get('to') ?? undefined;
        return serveOutbox(outbox.mails(), path.endsWith('.json'), response, to);
      }
      if (path === '/_local/mail-outage') return mailSwitch.serve(request, response);
      if (path === ACCESSIBILITY_ENGINE_PATH) return serveAccessibilityEngine(response);
      if (path === TEST_CLOCK_PATH) return testClock(request, response);
      if (path.startsWith(`${LOCAL_CALENDARS_PATH}/`)) return localCalendars(request, response);
      if (localStripe && (path === '/_local/payments' || path.startsWith('/_local/payments/'))) return localStripe.serve(request, response);
      if (path.startsWith(`${MANAGEMENT_PATH}/`)) return ws.management(request, response);
      if (path.startsWith(`${FAST_PATH_MANAGEMENT_PATH}/`)) return ws.management(request, response, 'fast-path');
      if (path === FAST_PATH_OUTAGE_PATH) return ws.fastPathSwitch(request, response);
      if (path === LIMITS_PATH) return ws.limitsSwitch(request, response);
      if (path === HOLD_PATH) return ws.holdSwitch(request, response);
      if (tableFaults && path === TABLE_FAULTS_PATH) return tableFaults.serve(request, response);
      if (options.readyAccounts && path === READY_ACCOUNTS_PATH) return serveReadyAccounts(request, response);
      // Loaded once asked: it brings the handlers' table client, made from the environment this start sets first.
      if (path === '/_local/demo/room') return (await import('./demo-room')).createDemoRoomControl(options.seed, appOrigin)(request, response);
      if (vite) return vite.middlewares(request, response);
      // As CloudFront's `/teacher/*` behaviour (decision 297), once the build has written the page's template.
      if (isRenderedPageRequest(request.method, path) && existsSync(join(env.PAGE_TEMPLATES_DIR, EXPERT_PAGE.template)))
        return sendRenderedPage(request, response, appOrigin, await (await renderedPages())(request));
      return serveStatic(request, response, appOrigin);
    };
    route().catch((error) => {
      console.error(error);
      if (!response.headersSent) sendJson(response, 502, { message: 'Bad Gateway' });
    });
  });
  server.on('upgrade', (request, socket, head) => {
    if (!appOriginOf(request)) refuseMisdirectedUpgrade(socket);
    else if ((request.url ?? '').split('?')[0] === WS_PATH) void ws.upgrade(request, socket, head);
    else if (!vite) socket.destroy();
  });
  // Longer than any client's keep-alive (Node's fetch keeps sockets 4 s idle): a server closing an idle
  // socket at the moment a client reuses it makes that request fail with ECONNRESET. AWS's edge waits 60 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // After the app's own port is taken: the local Stripe's port is any free one, never the app's.
  if (stripeKeys) {
    localStripe = await startLocalStripe({
      dueOnTickOnly: options.scheduledWork === false,
      appUrl: url,
      webhookUrl: `http://127.0.0.1:${port}${API_PREFIX}/webhooks/stripe`,
      // The platform's endpoint and the Connect endpoint, each with its own secret, as on Stripe.
      webhookSecret: stripeKeys.STRIPE_WEBHOOK_SECRET.split(',')[0],
      connectWebhookSecret: stripeKeys.STRIPE_WEBHOOK_SECRET.split(',')[1],
      // Each endpoint subscribed to the events the webhook acts on, as the README registers them.
      enabledEvents: WEBHOOK_EVENTS,
      now: nowMs,
      // Kept with the table, whose orders name its payments: they can still be refunded after a restart.
      stateFile: options.dataDir ? join(stateDir, 'stripe.json') : undefined,
    });
    env.STRIPE_API_BASE = `${localStripe.api.protocol}://${localStripe.api.host}:${localStripe.api.port}`;
    process.env.STRIPE_API_BASE = env.STRIPE_API_BASE;
  }
  // Other processes of this machine (npm run reconcile) find the table and the local Stripe here.
  if (options.dataDir) writeStackEndpoints(stateDir, env);
  // Alice's conversations and their orders, paid at the local Stripe: it listens only now.
  const { seedDemoConversations } = await import('./demo-orders');
  await seedDemoConversations({ localStripe: localStripe !== undefined });
  await seedDemoHours(options.seed);
  // Read once now, as saving an address does: the demo calendars' busy times are there from the start.
  await seedDemoCalendars(`http://127.0.0.1:${port}${LOCAL_CALENDARS_PATH}`);
  await runCalendarReads();
  // Read from here on: the demo's events, like those of earlier runs, were for no open connection.
  // As on AWS, one event source mapping per consumer, each with its filter.
  const tableStream = await startTableStream(
    dynamo.endpoint,
    TABLE_NAME,
    [
      { name: 'Notifications', filter: STREAM_FILTERS.notifications, handler: notifications },
      { name: 'Data exports', filter: STREAM_FILTERS.dataExports, handler: jobs },
    ],
    { pollMs: streamPollMs(), region },
  );
  await nudgeStreamOnWrites(tableStream.nudge, { failedToo: tableFaults !== undefined });

  let stopped = false;
  return {
    url,
    endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, outbox: outbox.endpoint },
    env,
    adminSecondFactor,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (options.dataDir) removeStackEndpoints(stateDir);
      clearInterval(snapshotTimer);
      clearInterval(deadlinesTimer);
      clearInterval(retentionTimer);
      clearInterval(calendarsTimer);
      await tableStream.stop();
      await ws.close();
      await localStripe?.stop();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await vite?.close();
      await tableFaults?.stop();
      await Promise.allSettled([s3.stop(), mailSwitch.stop(), outbox.stop()]);
      dynamo.stop();
      if (!options.dataDir) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

const LOCAL_KEY_PREFIX = 'sk_test_local_';

/**
 * Real Stripe (test mode) when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, as on a stage:
 * undefined. Otherwise the local Stripe's keys, made here (the handlers read them when first asked).
 */
function localStripeKeys(): { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string } | undefined {
  // A key made for an earlier stack of the same process is not the operator's.
  if (process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SECRET_KEY.startsWith(LOCAL_KEY_PREFIX)) {
    if (!process.env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET (see the README: stripe listen prints it)');
    return undefined;
  }
  return {
    STRIPE_SECRET_KEY: `${LOCAL_KEY_PREFIX}${randomBytes(12).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_local_${randomBytes(24).toString('hex')},whsec_local_connect_${randomBytes(24).toString('hex')}`,
  };
}

/**
 * STREAM_POLL_MS: read the table's stream every so many ms, as Lambda's event source mapping
 * does on AWS (bench/realtime-latency.ts models its delay with 500: a wait of 0-500 ms, 250 on
 * average). Unset: the reader is told of each write and reads at once (npm start, the tests).
 */
function streamPollMs(): number | undefined {
  const value = Number(process.env.STREAM_POLL_MS);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

const WRITE_COMMANDS = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

/**
 * The handlers' table client tells the stream reader about each write, as DynamoDB's own stream learns
 * of them. `failedToo` behind the fault proxy: a write that failed may have been applied all the same
 * (its answer lost, table-faults.ts), and its record is then read at once, not at the next idle read.
 */
async function nudgeStreamOnWrites(nudge: (write: TableWrite) => void, { failedToo }: { failedToo: boolean }): Promise<void> {
  const { db } = await import('../../functions/platform/table');
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName);
      try {
        const output = await next(args);
        if (WRITE_COMMANDS.has(command)) nudge({ command, input: args.input });
        return output;
      } catch (error) {
        if (failedToo && WRITE_COMMANDS.has(command)) nudge({ command, input: args.input });
        throw error;
      }
    },
    { step: 'initialize', name: 'localStreamNudge' },
  );
}

/** Access-token keys: kept with the state so sessions survive a restart; fresh for in-memory runs. */
function localAccessTokenKeys(stateDir: string, persistent: boolean): AccessTokenKeys {
  return persistent ? persistedAccessTokenKeys(join(stateDir, 'access-token-key.json')) : generateAccessTokenKeys();
}

/**
 * GET /uploads/<key> from the media bucket, as CloudFront's /uploads/* behaviour does: only the
 * object types of shared/upload-types.ts, with their headers; any other object is not found.
 */
async function proxyUpload(s3Endpoint: string, path: string, response: ServerResponse): Promise<void> {
  const segments = path.slice('/uploads/'.length).split('/').map(safeDecode);
  if (segments.some((segment) => segment === undefined || segment === '' || segment === '.' || segment === '..' || segment.includes('/'))) {
    return uploadNotFound(response);
  }
  const upstream = await fetch(`${s3Endpoint}/${MEDIA_BUCKET}/${segments.map((segment) => encodeURIComponent(segment ?? '')).join('/')}`);
  const headers = upstream.ok ? uploadHeaders(upstream.headers.get('content-type') ?? undefined) : undefined;
  if (!headers) {
    await upstream.body?.cancel();
    return uploadNotFound(response);
  }
  response.writeHead(200, headers);
  response.end(Buffer.from(await upstream.arrayBuffer()));
}

function uploadNotFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...UPLOAD_RESPONSE_HEADERS }).end('Not found');
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function startVite() {
  const { createServer: createViteServer } = await import('vite');
  return createViteServer({ configFile: join(ROOT, 'web/vite.config.ts'), server: { middlewareMode: true }, appType: 'spa' });
}

/**
 * Runs scheduled work in turn, each whatever the others did, as each EventBridge rule invokes its
 * Lambda on its own; then throws the first failure, if any.
 */
async function eachOnItsOwn(runs: (() => Promise<unknown>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const run of runs) await run().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}
