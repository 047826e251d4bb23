import { SEARCH_SNAPSHOT } from '../../../functions/contexts/search/snapshot-settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_DEADLINES_PERIOD_MINUTES } from '../../../shared/limits';
import { EXPERT_PAGE } from '../../../shared/prerendered-pages';
import { DOMAINS, ROUTES, routeKey } from '../../../shared/routes';
import {
  arrayAt,
  logicalIdOf,
  objectAt,
  type Resource,
  type Resources,
  resourcesOf,
  statementsOfFunction,
  statementsOfRole,
  stringAt,
  synthesizeStage,
  type SynthesizedStage,
} from '../synth';

let synthesized: SynthesizedStage;
let resources: Resources;

beforeAll(() => {
  synthesized = synthesizeStage('dev');
  resources = resourcesOf(synthesized.templates.api);
});

const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);

/** The EventBridge rules that invoke this Lambda. */
const rulesInvoking = (functionId: string) =>
  ofType('AWS::Events::Rule')
    .map(([, rule]) => rule)
    .filter((rule) =>
      arrayAt(rule.Properties, 'Targets').some((target) => JSON.stringify(objectAt(target).Arn) === JSON.stringify({ 'Fn::GetAtt': [functionId, 'Arn'] })),
    );

/** The logical ID of the Lambda a route's integration invokes. */
function functionBehind(route: Resource): string {
  // Target: { 'Fn::Join': ['', ['integrations/', { Ref: <integration> }]] }
  const integration = resources[stringAt(route.Properties, 'Target', 'Fn::Join', 1, 1, 'Ref')];
  return stringAt(integration.Properties, 'IntegrationUri', 'Fn::GetAtt', 0);
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

  it('has no route that the route table does not list, but the $default route of unknown paths, to the health Lambda, and the expert’s page', () => {
    const deployed = ofType('AWS::ApiGatewayV2::Route');
    expect(deployed.map(([, route]) => route.Properties.RouteKey).sort()).toEqual([...ROUTES.map(routeKey), '$default', EXPERT_PAGE.routeKey].sort());
    const page = deployed.find(([, route]) => route.Properties.RouteKey === EXPERT_PAGE.routeKey)!;
    expect(functionBehind(page[1])).toBe(logicalIdOf(synthesized.stage.api.pagesFunction));
    const unknown = deployed.find(([, route]) => route.Properties.RouteKey === '$default')!;
    expect(functionBehind(unknown[1])).toBe(logicalIdOf(synthesized.stage.api.domainFunctions.get('health')!));
  });
});

describe('domain Lambdas', () => {
  it('has one Node.js 22 arm64 Lambda per domain, the search indexer and the pages, besides the deploy-time ones of the access-token key', () => {
    const indexer = logicalIdOf(synthesized.stage.api.searchIndexerFunction);
    const pages = logicalIdOf(synthesized.stage.api.pagesFunction);
    const productFunctions = new Set([...DOMAINS.map((domain) => logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!)), indexer, pages]);
    const functions = ofType('AWS::Lambda::Function');
    for (const id of productFunctions) {
      expect(resources[id].Properties.Runtime).toBe('nodejs22.x');
      expect(resources[id].Properties.Architectures).toEqual(['arm64']);
    }
    const others = functions.filter(([id]) => !productFunctions.has(id));
    // The key writer and CDK's custom resource framework that invokes it.
    expect(others.map(([id]) => id)).toEqual([expect.stringMatching(/^AccessTokenKeyWriter/), expect.stringMatching(/^AccessTokenKeyProvider/)]);
  });

  it('rebuilds the search snapshot every 10 minutes into the files bucket, which only the catalogue Lambda reads', () => {
    const indexer = logicalIdOf(synthesized.stage.api.searchIndexerFunction);
    const [rule] = rulesInvoking(indexer);
    expect(rule.Properties.ScheduleExpression).toBe(`rate(${SEARCH_SNAPSHOT.periodMinutes} minutes)`);
    expect(resources[indexer].Properties.Timeout).toBeGreaterThanOrEqual(120);
    const snapshotStatements = (id: string) =>
      statementsOfFunction(synthesized.templates.api, id).filter((statement) => JSON.stringify(statement.Resource).includes(SEARCH_SNAPSHOT.key));
    expect(snapshotStatements(indexer).map((statement) => statement.Action)).toEqual(['s3:PutObject']);
    expect(snapshotStatements(logicalIdOf(synthesized.stage.api.domainFunctions.get('catalogue')!)).map((statement) => statement.Action)).toEqual([
      's3:GetObject',
    ]);
    for (const domain of DOMAINS.filter((other) => other !== 'catalogue')) {
      expect(snapshotStatements(logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!)), domain).toEqual([]);
    }
  });

  it('runs the order deadlines in the orders Lambda every few minutes, on one schedule, retried', () => {
    const orders = logicalIdOf(synthesized.stage.api.domainFunctions.get('orders')!);
    const rules = rulesInvoking(orders);
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties).toMatchObject({ ScheduleExpression: `rate(${ORDER_DEADLINES_PERIOD_MINUTES} minutes)`, State: 'ENABLED' });
    expect(arrayAt(rules[0].Properties, 'Targets')).toEqual([expect.objectContaining({ RetryPolicy: { MaximumRetryAttempts: 2 } })]);
    // EventBridge may invoke it: the rule's permission on the function.
    const permissions = ofType('AWS::Lambda::Permission').filter(([, permission]) => permission.Properties.Principal === 'events.amazonaws.com');
    expect(permissions.some(([, permission]) => JSON.stringify(permission.Properties.FunctionName).includes(orders))).toBe(true);
  });

  it('gives the auth Lambda the memory scrypt needs, and the catalogue Lambda the memory its search index needs', () => {
    for (const domain of ['auth', 'catalogue'] as const) {
      expect(resources[logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!)].Properties.MemorySize, domain).toBeGreaterThanOrEqual(1024);
    }
  });

  it('configures every domain Lambda through the variables the handlers read', () => {
    for (const domain of DOMAINS) {
      const fn = resources[logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!)];
      expect(Object.keys(objectAt(fn.Properties, 'Environment', 'Variables'))).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'MEDIA_BUCKET',
          'FILES_BUCKET',
          'APP_URL',
          'MAIL_FROM',
          'SUPPORT_EMAIL',
          'STAGE',
          'ORIGIN_SECRET_ARN',
          'POWERTOOLS_SERVICE_NAME',
          'NODE_OPTIONS',
        ]),
      );
      if (domain !== 'health') expect(Object.keys(objectAt(fn.Properties, 'Environment', 'Variables')), domain).toContain('ACCESS_TOKEN_PUBLIC_KEY');
    }
    // The orders Lambda is the only one that holds the Stripe secret.
    for (const domain of DOMAINS) {
      const variables = Object.keys(
        objectAt(resources[logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!)].Properties, 'Environment', 'Variables'),
      );
      if (domain === 'orders') expect(variables).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY_ARN', 'STRIPE_WEBHOOK_SECRET_ARN']));
      else expect(variables, domain).not.toContain('STRIPE_SECRET_KEY_ARN');
    }
  });

  it('lets only the orders Lambda read the Stripe secrets, in any stack of the stage', () => {
    const stripeSecrets = ofType('AWS::SecretsManager::Secret')
      .filter(([, secret]) => String(secret.Properties.Description).includes('STRIPE_'))
      .map(([id]) => id);
    expect(stripeSecrets).toHaveLength(2);
    const ordersRole = stringAt(resources[logicalIdOf(synthesized.stage.api.domainFunctions.get('orders')!)].Properties, 'Role', 'Fn::GetAtt', 0);
    for (const secret of stripeSecrets) {
      const readers = synthesized.everyTemplate.flatMap((template) =>
        Object.values(resourcesOf(template))
          .filter((resource) => resource.Type === 'AWS::IAM::Policy')
          .filter((policy) =>
            arrayAt(policy.Properties, 'PolicyDocument', 'Statement').some((statement) => JSON.stringify(objectAt(statement).Resource).includes(secret)),
          )
          .flatMap((policy) => arrayAt(policy.Properties, 'Roles').map((role) => JSON.stringify(role))),
      );
      expect(readers, secret).toEqual([JSON.stringify({ Ref: ordersRole })]);
      const granted = statementsOfRole(synthesized.templates.api, ordersRole).filter((statement) => JSON.stringify(statement.Resource).includes(secret));
      expect(
        granted.flatMap((statement) => [statement.Action].flat()),
        secret,
      ).toContain('secretsmanager:GetSecretValue');
    }
  });

  it('never lets a Lambda scan the table', () => {
    const actions = ofType('AWS::IAM::Policy').flatMap(([, policy]) =>
      arrayAt(policy.Properties, 'PolicyDocument', 'Statement').flatMap((statement) => objectAt(statement).Action),
    );
    expect(actions).not.toContain('dynamodb:Scan');
  });
});
