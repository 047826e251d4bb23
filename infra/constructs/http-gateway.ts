/**
 * The HTTP API that CloudFront forwards /api/* to. Routes are added by the ApiStack from the
 * route table; the $default stage deploys each change automatically and logs every request.
 */
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { Construct } from 'constructs';
import { accessLogSettings, executeApiDomainName } from './api-access-log';

/** A ceiling for the whole API: floods hit API Gateway's limit before they reach the Lambdas' bill. */
const THROTTLE = { rateLimit: 200, burstLimit: 400 };

export class HttpGateway extends Construct {
  readonly api: apigw.HttpApi;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // No CORS: the SPA calls the API on its own origin, through CloudFront.
    this.api = new apigw.HttpApi(this, 'Api', { createDefaultStage: false });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: THROTTLE,
      accessLogSettings: accessLogSettings(this, {
        responseLength: '$context.responseLength',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    });
  }

  /** The API's host name, for CloudFront's origin. */
  get domainName(): string {
    return executeApiDomainName(this.api);
  }
}
