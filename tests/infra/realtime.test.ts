import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_ROUTES } from '../../shared/routes';
import { logicalIdOf, synthesizeStage, type SynthesizedStage } from './synth';

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
});
afterAll(() => synthesized?.clean());

describe('WebSocket API', () => {
  it('has exactly the WS_ROUTES, each wired to the realtime Lambda', () => {
    const resources: Record<string, { Type: string; Properties: Record<string, any> }> = synthesized.templates.realtime.toJSON().Resources;
    const routes = Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route');
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual([...WS_ROUTES].sort());
    const realtime = logicalIdOf(synthesized.stage.realtime.realtimeFunction);
    for (const route of routes) {
      const [, [, integrationRef]] = route.Properties.Target['Fn::Join'];
      const uri = JSON.stringify(resources[integrationRef.Ref].Properties.IntegrationUri);
      expect(uri).toContain(`"${realtime}"`);
    }
  });

  it('serves the API on a stage named after the /ws path, so CloudFront can pass /ws through', () => {
    synthesized.templates.web.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'ws', AutoDeploy: true });
  });

  it('lets the realtime Lambda post to connections', () => {
    const policies = JSON.stringify(synthesized.templates.realtime.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('execute-api:ManageConnections');
    expect(policies).toContain('/ws/POST/@connections/*');
  });
});
