/**
 * The realtime Lambda behind the WebSocket API: one route per entry of WS_ROUTES. It keeps
 * connections in the table (with a TTL) and pushes through the @connections management API.
 */
import { Aws, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_ACCESS } from '../../functions/lib/keys';
import { WS_ROUTES } from '../../shared/routes';
import type { StageConfig } from '../config';
import type { ErrorAlarms } from '../constructs/error-alarms';
import { MarketplaceFunction } from '../constructs/marketplace-function';
import { acknowledgeWildcardResource, importedName } from '../nag';

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
  readonly realtimeFunction: lambda.IFunction;

  constructor(scope: Construct, id: string, props: RealtimeStackProps) {
    super(scope, id, props);
    const { config, table, originSecret, webSocketApi, webSocketStage, alarms } = props;
    const realtime = new MarketplaceFunction(this, 'Realtime', {
      entry: 'functions/realtime/handler.ts',
      serviceName: 'marketplace-realtime',
      memoryMb: config.lambdaMemoryMb,
      environment: {
        TABLE_NAME: table.tableName,
        APP_URL: props.appUrl,
        WS_MANAGEMENT_ENDPOINT: webSocketStage.callbackUrl,
        ORIGIN_SECRET_ARN: originSecret.secretArn,
      },
    });
    this.realtimeFunction = realtime.function;
    realtime.grantTableData(table, TABLE_ACCESS.realtime);
    originSecret.grantRead(realtime.function);
    this.grantPostToConnections(realtime, webSocketApi, webSocketStage);
    alarms?.watch(realtime, 'realtime');

    // Not "Default" as the integration's id: it would collide with the $default route's logical id.
    const integration = new WebSocketLambdaIntegration('RealtimeIntegration', realtime.function);
    for (const routeKey of WS_ROUTES) {
      const route = new apigw.WebSocketRoute(this, `Route ${routeKey}`, { webSocketApi, routeKey, integration });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: '$connect is authorized by the realtime Lambda (one-time ticket, Origin check); later messages ride on that authorized connection.',
      });
    }
  }

  /** Pushes to any connection of this stage (connection ids are only known at run time). */
  private grantPostToConnections(realtime: MarketplaceFunction, api: apigw.WebSocketApi, stage: apigw.WebSocketStage): void {
    const connections = (partition: string, region: string, account: string, apiId: string) =>
      `arn:${partition}:execute-api:${region}:${account}:${apiId}/${stage.stageName}/POST/@connections/*`;
    realtime.function.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [connections(Aws.PARTITION, Aws.REGION, Aws.ACCOUNT_ID, api.apiId)] }),
    );
    acknowledgeWildcardResource(
      realtime,
      connections('<AWS::Partition>', '<AWS::Region>', '<AWS::AccountId>', importedName(api.apiId, api)),
      'Messages go to connections whose ids are only known at run time; POST on this stage only.',
    );
  }
}
