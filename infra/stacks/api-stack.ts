/**
 * The HTTP API's Lambdas: one per domain of the route table, and one API Gateway route per
 * entry of ROUTES, wired to its domain's Lambda. Adding a line to shared/routes.ts is all it
 * takes to deploy a route. Also the access-token key, the Stripe secrets and the SES identity the
 * Lambdas use.
 */
import { Annotations, CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EXPERT_PAGE, PAGE_TEMPLATES_DIR } from '../../shared/prerendered-pages';
import { PAGE_BUNDLING } from '../lambda-bundling';
import { SEARCH_SNAPSHOT } from '../../functions/contexts/search/snapshot-settings';
import { TABLE_ACCESS } from '../../functions/platform/keys';
import { STREAM_FILTERS } from '../../functions/platform/stream-filters';
import { BUSY_CALENDARS, DATA_EXPORTS, LIMITS, ORDER_DEADLINES_PERIOD_MINUTES, RETENTION, UPLOADS } from '../../shared/limits';
import { API_PREFIX, DOMAINS, ROUTES, routeKey, type Domain, type Route } from '../../shared/routes';
import type { StageConfig } from '../config';
import { AccessTokenKey } from '../constructs/access-token-key';
import { ErrorAlarms } from '../constructs/error-alarms';
import { MarketplaceFunction } from '../constructs/marketplace-function';
import { type ConnectionsMethod, grantManageConnections } from '../constructs/connections-access';
import { grantSendMail } from '../constructs/mail-access';
import { acknowledgeWildcardResource } from '../nag';

/** scrypt at N=2^17 takes 128 MiB per hash; more memory also means more CPU for it. */
const AUTH_MEMORY_MB = 1024;
/** The catalogue Lambda holds the search index with its cards: 776 MB at its peak with 10,000 experts (bench/catalogue.ts; decision 288). */
const CATALOGUE_MEMORY_MB = 1024;
/** Building the index peaks near 1,060 MB at 10,000 experts; memory also buys the CPU the build needs. */
const SEARCH_INDEXER_MEMORY_MB = 1769;
const MINIMUM_MEMORY_MB: Partial<Record<Domain, number>> = { auth: AUTH_MEMORY_MB, catalogue: CATALOGUE_MEMORY_MB };

/**
 * What each domain touches besides its keys of the table (TABLE_ACCESS) and the origin secret:
 * least privilege.
 */
interface DomainNeeds {
  media?: boolean;
  files?: boolean;
  /**
   * Takes uploads for one folder of the media bucket (functions/platform/uploads.ts): signs forms into
   * incoming/<folder>/ of the files bucket, checks and removes them there, holds checked ones in
   * held/<folder>/ (signing addresses to view them) and publishes to <folder>/.
   */
  uploadsFor?: string;
  /**
   * Takes uploads kept private in one folder of the files bucket (functions/platform/uploads.ts
   * keepUpload, keepBytes): signs forms into incoming/<folder>/, checks and removes them there, keeps
   * checked ones in <folder>/ (copied in or written, signed for download, removed if refused).
   */
  keepsFilesIn?: string;
  /** Writes members' data exports to the files bucket (exports/) and signs their downloads. */
  writesExports?: boolean;
  /** Builds the data exports members request: fed by the table's stream, export requests only (decision 200). */
  buildsDataExports?: boolean;
  /** Removes a deleted member's profile photo from the media bucket (avatars/). */
  removesProfilePhotos?: boolean;
  mail?: boolean;
  stripe?: boolean;
  /** Mints access tokens: reads the private key. Every other domain (but health) only verifies them. */
  signsAccessTokens?: boolean;
  /** Health only probes that the table and buckets answer; it reads and writes nothing, verifies no token. */
  probesOnly?: boolean;
  /** Loads the search index's snapshot (functions/contexts/search/catalogue-index.ts) from the files bucket. */
  readsSearchSnapshot?: boolean;
  /**
   * Calls the WebSocket API's @connections (functions/contexts/realtime/service.ts): chats pushes
   * the events of its writes at once (POST), auth closes the sockets of the sessions it ends (DELETE).
   */
  connections?: readonly ConnectionsMethod[];
  /** Asks the stage's Kinesis Video Streams signalling channels for TURN credentials (the rooms, docs/rooms.md). */
  turnCredentials?: boolean;
}

/** Where Lambda unpacks a function's code (its LAMBDA_TASK_ROOT): the pages Lambda's template is there, beside it. */
const LAMBDA_TASK_ROOT = '/var/task';

/** The retention run's limit: Lambda's maximum (decision 168). */
const RETENTION_JOB_TIMEOUT_SECONDS = 900;

/** Uploads are written, read (and signed for download) and deleted by key. */
const OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];

const DOMAIN_NEEDS: Record<Domain, DomainNeeds> = {
  health: { probesOnly: true },
  auth: { mail: true, signsAccessTokens: true, connections: ['DELETE'] },
  users: { media: true, mail: true },
  catalogue: { uploadsFor: 'offers', readsSearchSnapshot: true },
  chats: { files: true, mail: true, connections: ['POST'] },
  orders: { stripe: true, mail: true, keepsFilesIn: 'projects', connections: ['POST'] },
  // connections: a ban closes the member's sockets (DELETE) and announces its cancelled orders (POST).
  admin: { media: true, mail: true, connections: ['POST', 'DELETE'] },
  // Exports into the files bucket (exports/) and signs their downloads; deletion closes the member's
  // sockets and removes their photo from the media bucket.
  jobs: { mail: true, writesExports: true, buildsDataExports: true, removesProfilePhotos: true, connections: ['DELETE'] },
  // Reads the experts' calendar addresses, public https ones only (platform/safe-fetch.ts): it needs the internet, nothing more.
  calendars: {},
  // connections: a no-show report announces its move at once (POST), as every order move does.
  rooms: { turnCredentials: true, connections: ['POST'] },
};

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITable;
  mediaBucket: s3.IBucket;
  filesBucket: s3.IBucket;
  /** CloudFront's proof of origin (Web stack): every domain Lambda checks it. */
  originSecret: secrets.ISecret;
  httpApi: apigw.IHttpApi;
  /** The WebSocket API and stage whose connections chats and auth push to and close. */
  webSocketApi: apigw.WebSocketApi;
  webSocketStage: apigw.WebSocketStage;
  appUrl: string;
  /** The signalling channels whose TURN credentials the rooms hand out (Stateful stack). */
  roomSignalingChannelArns: string[];
}

export class ApiStack extends Stack {
  /** Error alarms of the stage's Lambdas, when config.alarmEmail is set. */
  readonly alarms?: ErrorAlarms;
  /** The Lambda that serves each domain's routes. */
  readonly domainFunctions: ReadonlyMap<Domain, lambda.IFunction>;
  /** The scheduled rebuild of the search index's snapshot. */
  readonly searchIndexerFunction: lambda.IFunction;
  /** An expert's page, rendered per request (decision 297). */
  readonly pagesFunction: lambda.IFunction;
  private readonly accessTokenKey: AccessTokenKey;
  private readonly stripe: { secretKey: secrets.Secret; webhookSecret: secrets.Secret };
  /** ARN of the SES identity mail is sent from. */

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiStackProps,
  ) {
    super(scope, id, props);
    if (props.config.alarmEmail) this.alarms = new ErrorAlarms(this, 'Alarms', { email: props.config.alarmEmail });
    this.accessTokenKey = new AccessTokenKey(this, 'AccessTokenKey');
    this.stripe = this.createStripeSecrets();
    this.setUpMailIdentity();

    this.domainFunctions = new Map(DOMAINS.map((domain) => [domain, this.createDomainFunction(domain)]));
    const integrations = new Map([...this.domainFunctions].map(([domain, fn]) => [domain, new HttpLambdaIntegration(`${domain}-integration`, fn)]));
    const integrationOf = (domain: Domain) => {
      const integration = integrations.get(domain);
      if (!integration) throw new Error(`No integration for the ${domain} Lambda`);
      return integration;
    };
    for (const route of ROUTES) this.addRoute(route, integrationOf(route.domain));
    this.addUnknownRoutes(integrationOf('health'));
    this.pagesFunction = this.createPagesFunction();
    this.searchIndexerFunction = this.createSearchIndexer();
    this.scheduleOrderDeadlines(this.domainFunctions.get('orders'));
    this.scheduleRetention(this.domainFunctions.get('jobs'));
    this.scheduleBusyCalendarReads(this.domainFunctions.get('calendars'));
  }

  /**
   * An expert's profile as HTML, rendered per request with its data (decision 297), on the HTTP API's
   * route of the page, which CloudFront's `/teacher/*` behaviour asks and caches. It reads what a
   * visitor's three calls of the page read, and the template the build writes beside web/dist,
   * copied next to its code.
   */
  private createPagesFunction(): lambda.IFunction {
    const { config, table, originSecret } = this.props;
    const template = resolve(import.meta.dirname, '../..', PAGE_TEMPLATES_DIR, EXPERT_PAGE.template);
    if (!existsSync(template)) {
      Annotations.of(this).addWarningV2(
        'marketplace:pageTemplateNotBuilt',
        `${PAGE_TEMPLATES_DIR} does not exist: the expert pages answer nothing. Run \`npm run build:web\` first.`,
      );
    }
    const pages = new MarketplaceFunction(this, 'Pages', {
      entry: 'functions/lambdas/pages/handler.ts',
      serviceName: 'marketplace-pages',
      memoryMb: config.lambdaMemoryMb,
      environment: { TABLE_NAME: table.tableName, STAGE: config.name, ORIGIN_SECRET_ARN: originSecret.secretArn, PAGE_TEMPLATES_DIR: LAMBDA_TASK_ROOT },
      bundling: {
        ...PAGE_BUNDLING,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir, outputDir) => (existsSync(template) ? [`cp "${template}" "${join(outputDir, EXPERT_PAGE.template)}"`] : []),
        },
      },
    });
    originSecret.grantRead(pages.function);
    pages.grantTableData(table, TABLE_ACCESS.pages);
    this.alarms?.watch(pages, 'pages');
    const [method, path] = EXPERT_PAGE.routeKey.split(' ');
    const httpRoute = new apigw.HttpRoute(this, `Route ${EXPERT_PAGE.routeKey}`, {
      httpApi: this.props.httpApi,
      routeKey: apigw.HttpRouteKey.with(path, apigw.HttpMethod[method as 'GET']),
      integration: new HttpLambdaIntegration('pages-integration', pages.function),
    });
    Validations.of(httpRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'A public page: what any visitor sees of a listed expert, the same for everyone.',
    });
    return pages.function;
  }

  /** The experts' calendars are read again every 15 minutes (docs/bookings.md); a missed run is made up by the next one. */
  private scheduleBusyCalendarReads(calendars: lambda.IFunction | undefined): void {
    if (!calendars) throw new Error('No calendars Lambda to read the busy calendars');
    new events.Rule(this, 'BusyCalendarsSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(BUSY_CALENDARS.readPeriodMinutes)),
      targets: [new targets.LambdaFunction(calendars, { retryAttempts: 0 })],
    });
  }

  /** Data retention (the privacy policy), once a day: the jobs Lambda warns, then deletes, inactive accounts. */
  private scheduleRetention(jobs: lambda.IFunction | undefined): void {
    if (!jobs) throw new Error('No jobs Lambda to run retention');
    new events.Rule(this, 'RetentionSchedule', {
      schedule: events.Schedule.rate(Duration.days(1)),
      targets: [new targets.LambdaFunction(jobs, { retryAttempts: 2 })],
    });
  }

  /** The deadlines of orders (auto-approval, auto-completion, refunds nobody decided) run in the orders Lambda, the one holding the Stripe secret. */
  private scheduleOrderDeadlines(orders: lambda.IFunction | undefined): void {
    if (!orders) throw new Error('No orders Lambda to run the deadlines');
    new events.Rule(this, 'OrderDeadlinesSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(ORDER_DEADLINES_PERIOD_MINUTES)),
      targets: [new targets.LambdaFunction(orders, { retryAttempts: 2 })],
    });
  }

  /**
   * Rebuilds the search index's snapshot on a schedule, so a catalogue Lambda's cold start loads a
   * recent one and replays only the last minutes of the change log. Building at 10,000 experts
   * takes about 15 s and 200 MB (decisions.md): hence its own memory and timeout.
   */
  private createSearchIndexer(): lambda.IFunction {
    const { table, mediaBucket, filesBucket } = this.props;
    const indexer = new MarketplaceFunction(this, 'SearchIndexer', {
      entry: 'functions/lambdas/search-indexer/handler.ts',
      serviceName: 'marketplace-search-indexer',
      memoryMb: SEARCH_INDEXER_MEMORY_MB,
      timeoutSeconds: 300,
      environment: { TABLE_NAME: table.tableName, MEDIA_BUCKET: mediaBucket.bucketName, FILES_BUCKET: filesBucket.bucketName },
    });
    indexer.grantTableData(table, TABLE_ACCESS.searchIndexer);
    indexer.grantObjects(filesBucket, ['s3:PutObject'], SEARCH_SNAPSHOT.key);
    new events.Rule(this, 'SearchIndexerSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(SEARCH_SNAPSHOT.periodMinutes)),
      targets: [new targets.LambdaFunction(indexer.function, { retryAttempts: 0 })],
    });
    this.alarms?.watch(indexer, 'search-indexer');
    return indexer.function;
  }

  /** Issued by Stripe: the operator puts the real values with put-secret-value; until then a random placeholder. */
  private createStripeSecrets(): { secretKey: secrets.Secret; webhookSecret: secrets.Secret } {
    const stripeSecret = (id: string, description: string) => {
      const secret = new secrets.Secret(this, id, { description });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: 'Issued and rolled in the Stripe dashboard; the operator then puts the new value here.',
      });
      new CfnOutput(this, `${id}Arn`, { value: secret.secretArn, description: `${description}: set with aws secretsmanager put-secret-value` });
      return secret;
    };
    return {
      secretKey: stripeSecret('StripeSecretKey', 'Stripe secret API key (STRIPE_SECRET_KEY)'),
      webhookSecret: stripeSecret('StripeWebhookSecret', 'Stripe webhook signing secret (STRIPE_WEBHOOK_SECRET)'),
    };
  }

  /** The domain of MAIL_FROM, created by the stage that owns it; SES verifies it once its DKIM records are in DNS. */
  private setUpMailIdentity(): void {
    const { config } = this.props;
    const mailDomain = config.mailFrom.split('@')[1];
    if (config.ownsMailIdentity) {
      const identity = new ses.EmailIdentity(this, 'MailIdentity', { identity: ses.Identity.domain(mailDomain) });
      identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `MailDkimRecord${index + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `DNS record ${index + 1} of 3 that verifies ${mailDomain} for SES`,
        });
      });
    }
  }

  private createDomainFunction(domain: Domain): lambda.IFunction {
    const { config, table, mediaBucket, filesBucket, originSecret } = this.props;
    const needs = DOMAIN_NEEDS[domain];
    const domainFunction = new MarketplaceFunction(this, pascalCase(domain), {
      entry: `functions/lambdas/${domain}/handler.ts`,
      serviceName: `marketplace-${domain}`,
      memoryMb: Math.max(MINIMUM_MEMORY_MB[domain] ?? 0, config.lambdaMemoryMb),
      // The daily retention run goes through every inactive account of the day (bench/retention.ts).
      ...(domain === 'jobs' && { timeoutSeconds: RETENTION_JOB_TIMEOUT_SECONDS }),
      // The schedule's run reads every connected calendar, 8 at a time, each up to 5 s; HTTP answers stay bound by the API's 29 s.
      ...(domain === 'calendars' && { timeoutSeconds: BUSY_CALENDARS.readRunTimeoutSeconds }),
      environment: {
        TABLE_NAME: table.tableName,
        MEDIA_BUCKET: mediaBucket.bucketName,
        FILES_BUCKET: filesBucket.bucketName,
        APP_URL: this.props.appUrl,
        MAIL_FROM: config.mailFrom,
        SUPPORT_EMAIL: config.supportEmail,
        STAGE: config.name,
        ORIGIN_SECRET_ARN: originSecret.secretArn,
        ...(!needs.probesOnly && { ACCESS_TOKEN_PUBLIC_KEY: this.accessTokenKey.publicKey }),
        ...(needs.connections && { WS_MANAGEMENT_ENDPOINT: this.props.webSocketStage.callbackUrl }),
        ...(needs.stripe && { STRIPE_SECRET_KEY_ARN: this.stripe.secretKey.secretArn, STRIPE_WEBHOOK_SECRET_ARN: this.stripe.webhookSecret.secretArn }),
        ...(needs.turnCredentials && { SIGNALING_CHANNEL_ARNS: this.props.roomSignalingChannelArns.join(',') }),
      },
    });
    this.grantNeeds(domainFunction, domain, needs);
    this.alarms?.watch(domainFunction, domain);
    // Reconciliation runs in the orders Lambda, with the deadlines (and on an admin's request).
    if (domain === 'orders') this.alarms?.watchReconciliation(domainFunction);
    return domainFunction.function;
  }

  private grantNeeds(domainFunction: MarketplaceFunction, domain: Domain, needs: DomainNeeds): void {
    const { table, mediaBucket, filesBucket, originSecret } = this.props;
    const fn = domainFunction.function;
    originSecret.grantRead(fn);
    domainFunction.grantTableData(table, TABLE_ACCESS[domain]);
    if (needs.probesOnly) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [table.tableArn] }));
      // HeadBucket is authorized by s3:ListBucket.
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [mediaBucket.bucketArn, filesBucket.bucketArn] }));
    }
    if (needs.signsAccessTokens) this.accessTokenKey.grantSigning(domainFunction);
    if (needs.media) domainFunction.grantObjects(mediaBucket, OBJECT_ACTIONS);
    if (needs.files) domainFunction.grantObjects(filesBucket, OBJECT_ACTIONS);
    if (needs.uploadsFor) {
      // A presigned POST acts with its signer's rights: PutObject is what lets browsers store through the forms.
      domainFunction.grantObjects(filesBucket, ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], `${UPLOADS.incomingPrefix}/${needs.uploadsFor}/*`);
      // Checked uploads held until they may be public: copied in, signed for viewing (GetObject), copied out, removed.
      domainFunction.grantObjects(filesBucket, ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], `${UPLOADS.heldPrefix}/${needs.uploadsFor}/*`);
      domainFunction.grantObjects(mediaBucket, ['s3:PutObject'], `${needs.uploadsFor}/*`);
    }
    if (needs.keepsFilesIn) {
      for (const keys of [`${UPLOADS.incomingPrefix}/${needs.keepsFilesIn}/*`, `${needs.keepsFilesIn}/*`]) {
        domainFunction.grantObjects(filesBucket, ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], keys);
      }
    }
    if (needs.writesExports) domainFunction.grantObjects(filesBucket, ['s3:PutObject', 's3:GetObject'], `${RETENTION.exportPrefix}/*`);
    if (needs.buildsDataExports) this.feedDataExports(domainFunction);
    if (needs.removesProfilePhotos) domainFunction.grantObjects(mediaBucket, ['s3:DeleteObject'], `${LIMITS.profilePhotoPrefix}/*`);
    if (needs.readsSearchSnapshot) domainFunction.grantObjects(filesBucket, ['s3:GetObject'], SEARCH_SNAPSHOT.key);
    if (needs.connections) grantManageConnections(domainFunction, this.props.webSocketApi, this.props.webSocketStage, needs.connections);
    if (needs.mail) grantSendMail(fn, this.props.config);
    if (needs.turnCredentials) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['kinesisvideo:GetSignalingChannelEndpoint', 'kinesisvideo:GetIceServerConfig'],
          resources: this.props.roomSignalingChannelArns,
        }),
      );
    }
    if (needs.stripe) {
      this.stripe.secretKey.grantRead(fn);
      this.stripe.webhookSecret.grantRead(fn);
    }
  }

  /**
   * The table's stream hands the jobs Lambda each data export request written as building (the
   * filter of platform/stream-filters.ts, which the local stack applies too). The build retries
   * itself (DATA_EXPORTS.retryPausesMs) and ends the request failed; the mapping's own retries cover
   * a stopped Lambda, and a record it gives up on leaves its request building until the status read
   * ends it failed after DATA_EXPORTS.staleAfterSeconds: no dead-letter queue is needed, the member
   * sees it failed and asks again.
   */
  private feedDataExports(jobs: MarketplaceFunction): void {
    jobs.function.addEventSource(
      new DynamoEventSource(this.props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        filters: [lambda.FilterCriteria.filter(STREAM_FILTERS.dataExports)],
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 2,
        maxRecordAge: Duration.seconds(DATA_EXPORTS.staleAfterSeconds),
      }),
    );
    acknowledgeWildcardResource(
      jobs,
      '*',
      'dynamodb:ListStreams has no resource of its own; the stream reads themselves are granted on the table stream only.',
    );
  }

  /**
   * A path no route of the table knows goes to the health Lambda, whose request handling answers
   * 404 `{ msg, code: 'route_not_found' }` like any other refusal, instead of API Gateway's own
   * body without a code.
   */
  private addUnknownRoutes(integration: HttpLambdaIntegration): void {
    const httpRoute = new apigw.HttpRoute(this, 'Route $default', { httpApi: this.props.httpApi, routeKey: apigw.HttpRouteKey.DEFAULT, integration });
    Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: 'Answers only 404 route_not_found: no route of the table is behind it.' });
  }

  private addRoute(route: Route, integration: HttpLambdaIntegration): void {
    const key = routeKey(route);
    const httpRoute = new apigw.HttpRoute(this, `Route ${key}`, {
      httpApi: this.props.httpApi,
      routeKey: apigw.HttpRouteKey.with(API_PREFIX + route.path, apigw.HttpMethod[route.method]),
      integration,
    });
    Validations.of(httpRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: `Access "${route.access}" is enforced by the ${route.domain} Lambda from the route table (bearer token, then ownership) before any service call.`,
    });
  }
}

function pascalCase(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
