import { AUTH_TIMINGS } from '../../shared/limits';

/**
 * Handler configuration, read from the environment only, so that the same code runs on AWS and
 * in the local stack. Read once at module scope.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

/** OWASP ASVS 5.0's scrypt strength: N=2^17. */
const PASSWORD_HASH_COST_DEFAULT = 17;

export const config = {
  get region() {
    return process.env.AWS_REGION ?? 'eu-west-3';
  },
  get tableName() {
    return required('TABLE_NAME');
  },
  get mediaBucket() {
    return required('MEDIA_BUCKET');
  },
  get filesBucket() {
    return required('FILES_BUCKET');
  },
  /** Public origin of the web app, for links in e-mails (e.g. https://app.example.com). */
  get appUrl() {
    return required('APP_URL');
  },
  /**
   * Every origin the app is served from, comma-separated (functions/platform/app-origin.ts); unset
   * on AWS, where APP_URL's origin is the only one.
   */
  get appOrigins() {
    return process.env.APP_ORIGINS || undefined;
  },
  /** Where the pages Lambda finds the templates the build writes (shared/prerendered-pages.ts, PAGE_TEMPLATES_DIR). */
  get pageTemplatesDir() {
    return required('PAGE_TEMPLATES_DIR');
  },
  get mailFrom() {
    return required('MAIL_FROM');
  },
  get supportEmail() {
    return required('SUPPORT_EMAIL');
  },
  /**
   * "host:port" pairs whose http:// calendar addresses are read whatever their address
   * (platform/safe-fetch.ts): the local stack's own calendars. Unset on AWS, where only public
   * https addresses are read.
   */
  get calendarHttpHosts(): readonly string[] {
    return (process.env.CALENDAR_HTTP_HOSTS ?? '').split(',').filter(Boolean);
  },
  /** Local endpoints; unset on AWS. */
  get dynamoEndpoint() {
    return process.env.DYNAMODB_ENDPOINT;
  },
  get s3Endpoint() {
    return process.env.S3_ENDPOINT;
  },
  /** Where browsers send upload forms locally (the local gateway's path to S3); unset on AWS, where they go to the bucket. */
  get uploadFormEndpoint() {
    return process.env.UPLOAD_FORM_ENDPOINT;
  },
  get sesEndpoint() {
    return process.env.SES_ENDPOINT;
  },
  /** The WebSocket API's @connections endpoint (https://<api>/<stage> on AWS, the local gateway's path locally). */
  get wsManagementEndpoint() {
    return required('WS_MANAGEMENT_ENDPOINT');
  },
  /**
   * Where the write path posts its own pushes. Unset on AWS, where it is WS_MANAGEMENT_ENDPOINT;
   * locally a switch in front of it, so that a test can make the fast path fail alone.
   */
  get wsFastPathEndpoint() {
    return process.env.WS_FAST_PATH_ENDPOINT || this.wsManagementEndpoint;
  },
  /** `off` leaves live delivery to the table's stream alone (the benchmark's stream-path run); on otherwise. */
  /** The stage's name (dev, prod, local): payment metadata carries it, so stages sharing a Stripe account ignore each other's events. */
  get stage() {
    return required('STAGE');
  },
  /** The platform's share of an expert's credit, in percent (ORDER_RULES.platformFeePercent unless the stage sets it). */
  get platformFeePercent() {
    return process.env.PLATFORM_FEE_PERCENT;
  },
  /** Where the Stripe SDK sends its requests when not to Stripe: the local Stripe (http://127.0.0.1:<port>); unset on AWS. */
  get stripeApiBase() {
    return process.env.STRIPE_API_BASE;
  },
  /**
   * How long the Stripe SDK waits for an answer: 10 s, Stripe's own advice being well above its
   * slowest calls. The local Stripe's timeout fault (decision 279) would make a test wait that long
   * each time, so a stack on the local Stripe may set STRIPE_TIMEOUT_MS; on AWS it is always 10 s.
   */
  get stripeTimeoutMs(): number {
    const local = process.env.STRIPE_API_BASE ? Number(process.env.STRIPE_TIMEOUT_MS) : NaN;
    return Number.isInteger(local) && local > 0 ? local : 10_000;
  },
  get realtimeFastPath() {
    return process.env.REALTIME_FAST_PATH !== 'off';
  },
  /**
   * The stage's Kinesis Video Streams signalling channels, comma-separated ARNs: TURN credentials
   * for the rooms come from them (functions/contexts/rooms/ice-servers.ts). Unset locally.
   */
  get signalingChannelArns(): readonly string[] {
    return (process.env.SIGNALING_CHANNEL_ARNS ?? '').split(',').filter(Boolean);
  },
  /**
   * A local TURN server (coturn, `use-auth-secret`) and its shared secret: the rooms hand out
   * time-limited TURN REST credentials for it. Unset on AWS and when loopback needs no relay.
   */
  get turnUrl() {
    return process.env.TURN_URL || undefined;
  },
  get turnSecret() {
    return process.env.TURN_SECRET || undefined;
  },
  /** Base URL of the mail outbox used by the health check locally. */
  get outboxUrl() {
    return process.env.OUTBOX_URL;
  },
  /**
   * scrypt's cost as log2 N: 17 (N=2^17, 128 MiB) unless PASSWORD_HASH_COST says otherwise. Unset
   * on AWS and under `npm start`; only the test stacks lower it (tests/support/stack-pool.ts), and a
   * lower cost is refused without a local table, so that no deployed function hashes weakly by mistake.
   */
  get passwordHashCost() {
    const value = process.env.PASSWORD_HASH_COST;
    if (value === undefined || value === '') return PASSWORD_HASH_COST_DEFAULT;
    const cost = Number(value);
    if (!Number.isInteger(cost) || cost < 10 || cost > PASSWORD_HASH_COST_DEFAULT)
      throw new Error(`PASSWORD_HASH_COST must be an integer from 10 to ${PASSWORD_HASH_COST_DEFAULT}, not ${value}`);
    if (cost < PASSWORD_HASH_COST_DEFAULT && !process.env.DYNAMODB_ENDPOINT)
      throw new Error('PASSWORD_HASH_COST below the default is for local test stacks only (DYNAMODB_ENDPOINT unset)');
    return cost;
  },
  /**
   * How long registration and forgot-password take at least, so that their answer tells nobody
   * whether an address has an account: AUTH_TIMINGS unless AUTH_ANSWER_FLOOR_MS sets both lower,
   * which only the test stacks do (tests/support/stack-child.ts), and which is refused without a
   * local table, like a low PASSWORD_HASH_COST.
   */
  get authAnswerFloors(): { registrationMs: number; forgotPasswordMs: number } {
    const value = process.env.AUTH_ANSWER_FLOOR_MS;
    const floors = { registrationMs: AUTH_TIMINGS.registrationResponseMs, forgotPasswordMs: AUTH_TIMINGS.forgotPasswordResponseMs };
    if (value === undefined || value === '') return floors;
    const floor = Number(value);
    if (!Number.isInteger(floor) || floor < 0) throw new Error(`AUTH_ANSWER_FLOOR_MS must be a whole number of milliseconds, not ${value}`);
    if (!process.env.DYNAMODB_ENDPOINT) throw new Error('AUTH_ANSWER_FLOOR_MS is for local test stacks only (DYNAMODB_ENDPOINT unset)');
    return { registrationMs: Math.min(floor, floors.registrationMs), forgotPasswordMs: Math.min(floor, floors.forgotPasswordMs) };
  },
};
