import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, WS_PATH } from '../../shared/routes';
import { CONTENT_SECURITY_POLICY } from '../../shared/security-headers';
import { synthesizeStage, type SynthesizedStage } from './synth';

let synthesized: SynthesizedStage;
let distribution: Record<string, any>;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
  [distribution] = Object.values(synthesized.templates.web.findResources('AWS::CloudFront::Distribution')).map((resource) => resource.Properties.DistributionConfig);
});
afterAll(() => synthesized?.clean());

const behaviour = (pathPattern: string) => distribution.CacheBehaviors.find((candidate: { PathPattern: string }) => candidate.PathPattern === pathPattern);

describe('CloudFront', () => {
  it('serves the API, the WebSocket API and the media on the app origin', () => {
    expect(distribution.CacheBehaviors.map((candidate: { PathPattern: string }) => candidate.PathPattern).sort()).toEqual([`${API_PREFIX}/*`, WS_PATH, '/uploads/*'].sort());
  });

  it('passes API calls through uncached, with every method', () => {
    const api = behaviour(`${API_PREFIX}/*`);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled
    expect(api.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // AllViewerExceptHostHeader
  });

  it('falls back to the SPA for app routes with a viewer-request function, not on API errors', () => {
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('sends the security headers of shared/security-headers.ts on every behaviour', () => {
    const [policyId] = Object.keys(synthesized.templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    synthesized.templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY },
          FrameOptions: { FrameOption: 'DENY' },
          ContentTypeOptions: {},
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
        },
      },
    });
    for (const candidate of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) expect(candidate.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('speaks HTTP/2 and HTTP/3 from the cheapest edge locations, logging every request', () => {
    expect(distribution).toMatchObject({ HttpVersion: 'http2and3', PriceClass: 'PriceClass_100' });
    expect(distribution.Logging.Bucket).toBeDefined();
  });
});
