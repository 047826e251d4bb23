import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PREFIX } from '../../../functions/platform/keys';
import { MESSAGE_MAILS } from '../../../shared/limits';
import { WS_ROUTES, WS_TWO_WAY_ROUTES } from '../../../shared/routes';
import { logicalIdOf, type Resources, stringAt, synthesizeStage, type SynthesizedStage } from '../synth';

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
});

describe('WebSocket API', () => {
  it('has exactly the WS_ROUTES, each wired to the realtime Lambda', () => {
    const resources: Resources = synthesized.templates.realtime.toJSON().Resources;
    const routes = Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route');
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual([...WS_ROUTES].sort());
    const realtime = logicalIdOf(synthesized.stage.realtime.websocketFunction);
    for (const route of routes) {
      const integrationId = stringAt(route.Properties, 'Target', 'Fn::Join', 1, 1, 'Ref');
      const uri = JSON.stringify(resources[integrationId].Properties.IntegrationUri);
      expect(uri).toContain(`"${realtime}"`);
    }
  });

  it('serves the API on a stage named after the /ws path, so CloudFront can pass /ws through', () => {
    synthesized.templates.web.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });

  it('answers ping and joinChat on the connection itself (route responses), so they need no @connections call', () => {
    const resources: Resources = synthesized.templates.realtime.toJSON().Resources;
    const routes = Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route');
    const twoWay = routes.filter((route) => route.Properties.RouteResponseSelectionExpression === '$default').map((route) => route.Properties.RouteKey);
    expect(twoWay.sort()).toEqual([...WS_TWO_WAY_ROUTES].sort());
    synthesized.templates.realtime.resourceCountIs('AWS::ApiGatewayV2::RouteResponse', WS_TWO_WAY_ROUTES.length);
  });

  it('lets post to connections only the Lambdas that push, and close them only those that end sessions or connections', () => {
    const policies = [synthesized.templates.realtime, synthesized.templates.api].flatMap((template) =>
      Object.values(template.findResources('AWS::IAM::Policy')),
    );
    const managing = policies.filter((policy) => JSON.stringify(policy).includes('execute-api:ManageConnections'));
    const methodsOf = (fn: IFunction) => {
      const roleId = logicalIdOf(fn.role!);
      const statements = managing
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string; Resource: unknown }[])
        .filter((statement) => statement.Action === 'execute-api:ManageConnections');
      return [...JSON.stringify(statements.map((statement) => statement.Resource)).matchAll(/\/ws\/(POST|DELETE)\/@connections\/\*/g)]
        .map((match) => match[1])
        .sort();
    };
    expect(methodsOf(synthesized.stage.realtime.notificationsFunction)).toEqual(['DELETE', 'POST']);
    expect(methodsOf(synthesized.stage.realtime.websocketFunction)).toEqual(['DELETE', 'POST']);
    expect(methodsOf(synthesized.stage.api.domainFunctions.get('chats')!)).toEqual(['POST']);
    expect(methodsOf(synthesized.stage.api.domainFunctions.get('orders')!)).toEqual(['POST']);
    expect(methodsOf(synthesized.stage.api.domainFunctions.get('auth')!)).toEqual(['DELETE']);
    // A ban closes the member's sockets and announces the orders it cancels.
    expect(methodsOf(synthesized.stage.api.domainFunctions.get('admin')!)).toEqual(['DELETE', 'POST']);
    // A member's deletion (theirs, or retention's) closes their sockets.
    expect(methodsOf(synthesized.stage.api.domainFunctions.get('jobs')!)).toEqual(['DELETE']);
    // A no-show reported from a call's room announces its move (docs/rooms.md).
    expect(methodsOf(synthesized.stage.api.domainFunctions.get('rooms')!)).toEqual(['POST']);
    // Nobody else.
    expect(managing).toHaveLength(8);
  });
});

describe('events pushed from the table stream', () => {
  it('streams new images of the table', () => {
    synthesized.templates.stateful.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
  });

  it('feeds the notifications Lambda with inserted event items only, retrying failed ones alone', () => {
    synthesized.templates.realtime.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(synthesized.stage.realtime.notificationsFunction) },
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: EVENT_PREFIX }] } } } }) }] },
    });
  });

  it('keeps retrying an event for hours, for its mails, then hands it to a dead-letter queue', () => {
    const queue = logicalIdOf(synthesized.stage.realtime.undeliveredEvents);
    synthesized.templates.realtime.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(synthesized.stage.realtime.notificationsFunction) },
      MaximumRecordAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queue, 'Arn'] } } },
    });
    synthesized.templates.realtime.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86400 });
  });

  it('invokes the notifications Lambda on a schedule, for the summaries of message windows that ended', () => {
    const rules = Object.values(synthesized.templates.realtime.findResources('AWS::Events::Rule'));
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties).toMatchObject({
      ScheduleExpression: `rate(${MESSAGE_MAILS.summaryPeriodMinutes} minutes)`,
      State: 'ENABLED',
      Targets: [expect.objectContaining({ Arn: { 'Fn::GetAtt': [logicalIdOf(synthesized.stage.realtime.notificationsFunction), 'Arn'] } })],
    });
  });

  it('lets the notifications Lambda send mail from the stage’s address only', () => {
    const role = synthesized.stage.realtime.notificationsFunction.role;
    const policies = Object.values(synthesized.templates.realtime.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes(logicalIdOf(role as never)),
    );
    const mail = policies
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((statement) => JSON.stringify(statement.Action).includes('ses:'));
    expect(mail).toHaveLength(1);
    expect(JSON.stringify(mail[0].Resource)).toContain(':identity/');
  });
});
