/**
 * The WebSocket API that CloudFront forwards /ws to. Its stage is named after the path (`ws`),
 * so CloudFront passes /ws through unchanged and the browser connects to wss://<app>/ws.
 * Routes are added by the RealtimeStack from WS_ROUTES.
 */
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { Construct } from 'constructs';
import { WS_PATH } from '../../shared/routes';
import { accessLogSettings, executeApiDomainName } from './api-access-log';

export class WebSocketGateway extends Construct {
  readonly api: apigw.WebSocketApi;
  readonly stage: apigw.WebSocketStage;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new apigw.WebSocketApi(this, 'Api');
    this.stage = new apigw.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WS_PATH.slice(1),
      autoDeploy: true,
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: accessLogSettings(this, { eventType: '$context.eventType', connectionId: '$context.connectionId' }),
    });
  }

  /** The API's host name, for CloudFront's origin. */
  get domainName(): string {
    return executeApiDomainName(this.api);
  }
}
