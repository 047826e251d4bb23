/** What the HTTP and WebSocket APIs share: their access-log destination and format, their host name. */
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type { Construct } from 'constructs';
import { retainedLogGroup } from './log-group';

/** One JSON line per request, with the fields of that kind of API added to the common ones. */
export function accessLogSettings(scope: Construct, fields: Record<string, string>) {
  return {
    destination: new apigw.LogGroupLogDestination(retainedLogGroup(scope, 'AccessLogs')),
    format: AccessLogFormat.custom(
      JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        time: '$context.requestTime',
        routeKey: '$context.routeKey',
        status: '$context.status',
        ...fields,
      }),
    ),
  };
}

/** The API's host name, for CloudFront's origin. */
export function executeApiDomainName(api: { apiId: string; stack: { region: string; urlSuffix: string } }): string {
  return `${api.apiId}.execute-api.${api.stack.region}.${api.stack.urlSuffix}`;
}
