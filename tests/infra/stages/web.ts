import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '../../../shared/edge';
import { EXPERT_PAGE, RENDERED_PAGE_MAX_AGE_SECONDS } from '../../../shared/prerendered-pages';
import { API_PREFIX, DOMAINS, WS_PATH } from '../../../shared/routes';
import { actionsOf, logicalIdOf, statementsOfFunction, synthesizeStage, type SynthesizedStage } from '../synth';

/** Managed policy ids (AWS documents them; pinned here on purpose). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
/** All viewer headers but Host (API Gateway routes on its own host name), plus CloudFront's headers such as CloudFront-Viewer-Address. */
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** The parts of the distribution's CloudFormation DistributionConfig that these tests read. */
interface CacheBehaviour {
  PathPattern?: string;
  TargetOriginId: string;
  AllowedMethods?: string[];
  CachePolicyId?: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId?: unknown;
  FunctionAssociations: { EventType: string; FunctionARN: unknown }[];
}
interface DistributionConfig {
  DefaultCacheBehavior: CacheBehaviour;
  CacheBehaviors: CacheBehaviour[];
  Origins: { Id: string; OriginCustomHeaders?: unknown }[];
  Logging: { Bucket?: unknown };
  CustomErrorResponses?: unknown;
}

let synthesized: SynthesizedStage;
let distribution: DistributionConfig;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
  [distribution] = Object.values(synthesized.templates.web.findResources('AWS::CloudFront::Distribution')).map(
    (resource) => resource.Properties.DistributionConfig,
  );
});

function behaviour(pathPattern: string): CacheBehaviour {
  const found = distribution.CacheBehaviors.find((candidate) => candidate.PathPattern === pathPattern);
  if (!found) throw new Error(`No cache behaviour for ${pathPattern}`);
  return found;
}
function originOf(candidate: CacheBehaviour): DistributionConfig['Origins'][number] {
  const found = distribution.Origins.find((origin) => origin.Id === candidate.TargetOriginId);
  if (!found) throw new Error(`No origin ${candidate.TargetOriginId}`);
  return found;
}
const originSecretId = () => logicalIdOf(synthesized.stage.web.originSecret);

describe('CloudFront', () => {
  it('serves the API, the WebSocket API, the experts’ pages and the media on the app origin', () => {
    expect(distribution.CacheBehaviors.map((candidate) => candidate.PathPattern).sort()).toEqual(
      [`${API_PREFIX}/*`, WS_PATH, EXPERT_PAGE.pathPattern, '/uploads/*'].sort(),
    );
  });

  it('serves an expert’s page from the HTTP API, the same for everyone (by path alone, no viewer header or cookie sent) and kept as briefly as the page says, with the SPA’s CSP', () => {
    const page = behaviour(EXPERT_PAGE.pathPattern);
    expect(page.TargetOriginId).toBe(behaviour(`${API_PREFIX}/*`).TargetOriginId);
    expect(page.OriginRequestPolicyId).toBeUndefined();
    expect(page.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    const policies = synthesized.templates.web.toJSON().Resources as Record<string, { Properties: { CachePolicyConfig: unknown } }>;
    expect(policies[(page.CachePolicyId as unknown as { Ref: string }).Ref].Properties.CachePolicyConfig).toMatchObject({
      MinTTL: 0,
      DefaultTTL: RENDERED_PAGE_MAX_AGE_SECONDS,
      MaxTTL: RENDERED_PAGE_MAX_AGE_SECONDS,
      ParametersInCacheKeyAndForwardedToOrigin: {
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'none' },
        EnableAcceptEncodingBrotli: true,
        EnableAcceptEncodingGzip: true,
      },
    });
    const csp = distribution.DefaultCacheBehavior.FunctionAssociations.find((association) => association.EventType === 'viewer-response');
    expect(page.FunctionAssociations).toEqual([csp]);
  });

  it('passes API calls through uncached, with every method', () => {
    const api = behaviour(`${API_PREFIX}/*`);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
  });

  it("forwards the viewer's address (CloudFront-Viewer-Address) and headers but Host to both APIs", () => {
    for (const path of [`${API_PREFIX}/*`, WS_PATH]) expect(behaviour(path).OriginRequestPolicyId, path).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
  });

  it('falls back to the SPA for app routes with a viewer-request function, not on API errors', () => {
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual(expect.arrayContaining([expect.objectContaining({ EventType: 'viewer-request' })]));
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('sends the CSP of the SPA and the rules of uploads from viewer-response functions', () => {
    for (const candidate of [distribution.DefaultCacheBehavior, behaviour('/uploads/*')]) {
      expect(candidate.FunctionAssociations.map((association) => association.EventType).sort()).toEqual(['viewer-request', 'viewer-response']);
    }
  });

  it('sends the security headers of shared/security-headers.ts on every behaviour, the CSP aside', () => {
    const [policyId] = Object.keys(synthesized.templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    synthesized.templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          FrameOptions: { FrameOption: 'DENY' },
          ContentTypeOptions: {},
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin' },
        },
      },
    });
    const policy = synthesized.templates.web.toJSON().Resources[policyId].Properties.ResponseHeadersPolicyConfig;
    // The SPA's CSP names its own host, which this policy cannot know (see edge-functions.test.ts).
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy).toBeUndefined();
    for (const candidate of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors])
      expect(candidate.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('speaks HTTP/2 and HTTP/3 from the cheapest edge locations, logging every request', () => {
    expect(distribution).toMatchObject({ HttpVersion: 'http2and3', PriceClass: 'PriceClass_100' });
    expect(distribution.Logging.Bucket).toBeDefined();
  });
});

describe('origin secret (nobody reaches the APIs around CloudFront)', () => {
  it('is generated by Secrets Manager: 48 characters, never in a template', () => {
    const secret = synthesized.templates.web.toJSON().Resources[originSecretId()].Properties;
    expect(secret.SecretString).toBeUndefined();
    expect(secret.GenerateSecretString).toEqual({ PasswordLength: 48, ExcludePunctuation: true });
  });

  it('is sent by CloudFront to the HTTP API and the WebSocket API only, as a dynamic reference', () => {
    const dynamicReference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: originSecretId() }, ':SecretString:::}}']] };
    for (const path of [`${API_PREFIX}/*`, WS_PATH, EXPERT_PAGE.pathPattern]) {
      expect(originOf(behaviour(path)).OriginCustomHeaders, path).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: dynamicReference }]);
    }
    for (const candidate of [distribution.DefaultCacheBehavior, behaviour('/uploads/*')]) expect(originOf(candidate).OriginCustomHeaders).toBeUndefined();
  });

  it('is readable by every API Lambda and the realtime Lambda, which find it in ORIGIN_SECRET_ARN', () => {
    const lambdas = [
      ...DOMAINS.map((domain) => ({ template: synthesized.templates.api, id: logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!) })),
      { template: synthesized.templates.api, id: logicalIdOf(synthesized.stage.api.pagesFunction) },
      { template: synthesized.templates.realtime, id: logicalIdOf(synthesized.stage.realtime.websocketFunction) },
    ];
    const isOriginSecret = (value: unknown) => JSON.stringify(value).includes(`ExportsOutputRef${originSecretId()}`);
    for (const { template, id } of lambdas) {
      expect(isOriginSecret(template.toJSON().Resources[id].Properties.Environment.Variables.ORIGIN_SECRET_ARN), id).toBe(true);
      const reads = statementsOfFunction(template, id).filter(
        (statement) => actionsOf(statement).includes('secretsmanager:GetSecretValue') && isOriginSecret(statement.Resource),
      );
      expect(reads, id).toHaveLength(1);
    }
  });
});
