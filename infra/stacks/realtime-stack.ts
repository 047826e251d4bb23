/**
 * The realtime side. The websocket Lambda behind the WebSocket API (one route per entry of
 * WS_ROUTES, the two-way ones answering on the connection) keeps connections in the table with a
 * TTL. The notifications Lambda, fed by the table's stream (inserted event items only), pushes each
 * event to its recipients' connections through the @connections management API (the chats Lambda
 * pushes it first, from the write path: api-stack.ts); on a schedule, it mails the summaries of
 * message windows that ended.
 */
import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_ACCESS } from '../../functions/platform/keys';
import { STREAM_FILTERS } from '../../functions/platform/stream-filters';
import { MESSAGE_MAILS } from '../../shared/limits';
import { WS_ROUTES, WS_TWO_WAY_ROUTES } from '../../shared/routes';
import type { StageConfig } from '../config';
import type { ErrorAlarms } from '../constructs/error-alarms';
import { MarketplaceFunction } from '../constructs/marketplace-function';
import { acknowledgeWildcardResource } from '../nag';
import { grantManageConnections } from '../constructs/connections-access';
import { grantSendMail } from '../constructs/mail-access';

export interface RealtimeStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITable;
  /** CloudFront's proof of origin (Web stack): $connect checks it. */
  originSecret: secrets.ISecret;
  webSocketApi: apigw.WebSocketApi;
  webSocketStage: apigw.WebSocketStage;
  /** The app's public URL: connections are accepted from its origin only. */
  appUrl: string;
  alarms?: ErrorAlarms;
}

export class RealtimeStack extends Stack {
  readonly websocketFunction: lambda.IFunction;
  readonly notificationsFunction: lambda.IFunction;
  /** Where the notifications mapping sends what it could not deliver. */
  readonly undeliveredEvents: sqs.Queue;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { config, table, originSecret, webSocketApi, webSocketStage, alarms } = props;
    const websocket = new MarketplaceFunction(this, 'WebSocket', {
      entry: 'functions/lambdas/websocket/handler.ts',
      serviceName: 'marketplace-websocket',
      memoryMb: config.lambdaMemoryMb,
      environment: {
        TABLE_NAME: table.tableName,
        APP_URL: props.appUrl,
        ORIGIN_SECRET_ARN: originSecret.secretArn,
        WS_MANAGEMENT_ENDPOINT: webSocketStage.callbackUrl,
      },
    });
    this.websocketFunction = websocket.function;
    websocket.grantTableData(table, TABLE_ACCESS.websocket);
    // Tells a connection it was superseded, then closes it (the account's cap); closes one whose session ended.
    grantManageConnections(websocket, webSocketApi, webSocketStage, ['POST', 'DELETE']);
    originSecret.grantRead(websocket.function);
    alarms?.watch(websocket, 'websocket');

    const notifications = new MarketplaceFunction(this, 'Notifications', {
      entry: 'functions/lambdas/notifications/handler.ts',
      serviceName: 'marketplace-notifications',
      memoryMb: config.lambdaMemoryMb,
      environment: {
        TABLE_NAME: table.tableName,
        WS_MANAGEMENT_ENDPOINT: webSocketStage.callbackUrl,
        APP_URL: props.appUrl,
        MAIL_FROM: config.mailFrom,
      },
    });
    this.notificationsFunction = notifications.function;
    notifications.grantTableData(table, TABLE_ACCESS.notifications);
    // The order mails (booking, receipt, delivery, completion, cancellation, refund, reminders).
    grantSendMail(notifications.function, config);
    // What the stream gave up on (the records' positions, for an operator to replay within the stream's 24 hours).
    this.undeliveredEvents = new sqs.Queue(this, 'UndeliveredEvents', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.undeliveredEvents).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter destination of the notifications stream mapping.',
    });
    alarms?.watchQueue(this.undeliveredEvents, 'undeliveredEvents', 'Events the notifications Lambda failed to push or mail, after every retry: replay them');
    // Pushes events; closes the connections it finds past their session's end.
    grantManageConnections(notifications, webSocketApi, webSocketStage, ['POST', 'DELETE']);
    notifications.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.LATEST,
        // Only inserted event items wake the function (scripts/local/table-stream.ts applies the same filter).
        filters: [lambda.FilterCriteria.filter(STREAM_FILTERS.notifications)],
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(0),
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        // What fails a record is a push or the table (a failed mail is parked for the schedule, decision 284); pushes older than REALTIME.pushMaxAgeSeconds are skipped meanwhile.
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(this.undeliveredEvents),
      }),
    );
    acknowledgeWildcardResource(
      notifications,
      '*',
      'dynamodb:ListStreams has no resource of its own; the stream reads themselves are granted on the table stream only.',
    );
    alarms?.watch(notifications, 'notifications');
    // The summaries of message windows that ended (decision 219), found in the due index.
    new events.Rule(this, 'MessageSummariesSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(MESSAGE_MAILS.summaryPeriodMinutes)),
      targets: [new targets.LambdaFunction(notifications.function, { retryAttempts: 2 })],
    });

    // Not "Default" as the integration's id: it would collide with the $default route's logical id.
    const integration = new WebSocketLambdaIntegration('WebSocketIntegration', websocket.function);
    for (const routeKey of WS_ROUTES) {
      const route = new apigw.WebSocketRoute(this, `Route ${routeKey}`, {
        webSocketApi,
        routeKey,
        integration,
        returnResponse: WS_TWO_WAY_ROUTES.includes(routeKey),
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: '$connect is authorized by the websocket Lambda (one-time ticket, Origin check); later messages ride on that authorized connection.',
      });
    }
  }
}
