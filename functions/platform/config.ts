/**
 * Handler configuration, read from the environment only, so that the same code runs on AWS and
 * in the local stack. Read once at module scope.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

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
  get mailFrom() {
    return required('MAIL_FROM');
  },
  get supportEmail() {
    return required('SUPPORT_EMAIL');
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
  get realtimeFastPath() {
    return process.env.REALTIME_FAST_PATH !== 'off';
  },
  /** Base URL of the mail outbox used by the health check locally. */
  get outboxUrl() {
    return process.env.OUTBOX_URL;
  },
};
