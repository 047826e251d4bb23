import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS, ROUTES, routeKey } from '../../shared/routes';
import { logicalIdOf, synthesizeStage, type SynthesizedStage } from './synth';

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

let synthesized: SynthesizedStage;
let resources: Resources;

beforeAll(() => {
  synthesized = synthesizeStage('dev');
  resources = synthesized.templates.api.toJSON().Resources;
});
afterAll(() => synthesized?.clean());

const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** The logical ID of the Lambda a route's integration invokes. */
function functionBehind(route: { Properties: Record<string, any> }): string {
  const [, [, integrationRef]] = route.Properties.Target['Fn::Join'];
  const integration = resources[integrationRef.Ref];
  return integration.Properties.IntegrationUri['Fn::GetAtt'][0];
}

describe('HTTP API routes', () => {
  it('has one route per route table entry, wired to the Lambda of its domain', () => {
    const routes = new Map(ofType('AWS::ApiGatewayV2::Route').map(([, route]) => [route.Properties.RouteKey as string, route]));
    for (const route of ROUTES) {
      const deployed = routes.get(routeKey(route));
      expect(deployed, routeKey(route)).toBeDefined();
      expect(functionBehind(deployed!), routeKey(route)).toBe(logicalIdOf(synthesized.stage.api.domainFunctions.get(route.domain)!));
    }
  });

  it('has no route that the route table does not list', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey);
    expect(keys.sort()).toEqual(ROUTES.map(routeKey).sort());
  });
});

describe('domain Lambdas', () => {
  it('has one Node.js 22 arm64 Lambda per domain', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions).toHaveLength(DOMAINS.length);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
    expect(new Set(DOMAINS.map((domain) => logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!)))).toEqual(new Set(functions.map(([id]) => id)));
  });

  it('gives the auth Lambda the memory scrypt needs', () => {
    const auth = resources[logicalIdOf(synthesized.stage.api.domainFunctions.get('auth')!)];
    expect(auth.Properties.MemorySize).toBeGreaterThanOrEqual(1024);
  });

  it('configures every Lambda through the variables the handlers read', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'MEDIA_BUCKET', 'FILES_BUCKET', 'APP_URL', 'MAIL_FROM', 'SUPPORT_EMAIL', 'JWT_SECRET_ARN', 'POWERTOOLS_SERVICE_NAME', 'NODE_OPTIONS']),
      );
    }
    const payments = resources[logicalIdOf(synthesized.stage.api.domainFunctions.get('payments')!)];
    expect(Object.keys(payments.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY_ARN', 'STRIPE_WEBHOOK_SECRET_ARN']));
  });

  it('never lets a Lambda scan the table', () => {
    const actions = ofType('AWS::IAM::Policy').flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement.flatMap((statement: { Action: string | string[] }) => statement.Action));
    expect(actions).not.toContain('dynamodb:Scan');
  });
});
