/**
 * One origin for the whole product: CloudFront serves the SPA, /api/* (HTTP API), /ws
 * (WebSocket API) and /uploads/* (media bucket), every response with the security headers of
 * shared/security-headers.ts.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { API_PREFIX, WS_PATH } from '../../shared/routes';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../shared/security-headers';
import type { StageConfig } from '../config';

const UPLOADS_PATH = '/uploads';

export interface WebDistributionProps {
  domain: StageConfig['domain'];
  spaBucket: s3.IBucket;
  /** Imported: its bucket policy (stateful stack) already lets this account's distributions read it. */
  mediaBucket: s3.IBucket;
  httpApiDomainName: string;
  webSocketApiDomainName: string;
  logBucket: s3.IBucket;
}

export class WebDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', { securityHeadersBehavior: securityHeaders(), customHeadersBehavior: permissionsPolicy() });
    const passToApi = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // API Gateway routes on its own host name; everything else (cookies, query, headers) goes through.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Marketplace: SPA, API, WebSocket and media on one origin',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.spaBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: this.viewerFunction('SpaFallback', SPA_FALLBACK) }],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: { ...passToApi, origin: new origins.HttpOrigin(props.httpApiDomainName), allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL },
        [WS_PATH]: { ...passToApi, origin: new origins.HttpOrigin(props.webSocketApiDomainName) },
        [`${UPLOADS_PATH}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: this.viewerFunction('UploadsKey', STRIP_UPLOADS_PREFIX) }],
        },
      },
      ...this.customDomain(props.domain),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
    });
    this.acknowledgeFindings(props.domain);
  }

  private customDomain(domain: StageConfig['domain']): Partial<cloudfront.DistributionProps> {
    if (!domain) return {};
    return {
      domainNames: [domain.name],
      certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
    };
  }

  private viewerFunction(id: string, code: string): cloudfront.Function {
    return new cloudfront.Function(this, id, { code: cloudfront.FunctionCode.fromInline(code), runtime: cloudfront.FunctionRuntime.JS_2_0 });
  }

  private acknowledgeFindings(domain: StageConfig['domain']): void {
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Students and experts may use the marketplace from any country; no geo restriction by design.' },
      { id: 'AwsSolutions-CFR2', reason: 'No WAF yet: API Gateway throttles the stages and the auth domain throttles logins; a WAF (us-east-1 web ACL) is the next step when traffic warrants its cost.' },
      {
        id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        reason: "The media bucket's policy in the stateful stack already grants this account's CloudFront distributions s3:GetObject (naming this distribution there would be a stack cycle).",
      },
    );
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the default *.cloudfront.net certificate is used, whose TLS policy CloudFront fixes; stages with config.domain use TLSv1.2_2021.',
      });
    }
  }
}

/** App routes (no file extension) get the SPA's index.html; files are served as they are. */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/** /uploads/<key> is the object <key> of the media bucket, as in the local stack. */
const STRIP_UPLOADS_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.slice(${UPLOADS_PATH.length});
  return request;
}`;

/** The headers of shared/security-headers.ts this policy knows how to send. */
const SENT_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'];

/** CloudFront's typed security headers, read from the one list in shared/security-headers.ts. */
function securityHeaders(): cloudfront.ResponseSecurityHeadersBehavior {
  const unsent = Object.keys(SECURITY_HEADERS).filter((name) => !SENT_HEADERS.includes(name));
  if (unsent.length > 0) throw new Error(`Security headers not mapped to CloudFront: ${unsent.join(', ')}`);
  const hsts = SECURITY_HEADERS['strict-transport-security'];
  return {
    contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
    strictTransportSecurity: {
      accessControlMaxAge: Duration.seconds(Number(/max-age=(\d+)/.exec(hsts)?.[1])),
      includeSubdomains: /includeSubDomains/i.test(hsts),
      preload: /preload/i.test(hsts),
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: oneOf(cloudfront.HeadersFrameOption, SECURITY_HEADERS['x-frame-options']), override: true },
    referrerPolicy: { referrerPolicy: oneOf(cloudfront.HeadersReferrerPolicy, SECURITY_HEADERS['referrer-policy']), override: true },
  };
}

/** Permissions-Policy has no typed slot in CloudFront: a custom header. */
function permissionsPolicy(): cloudfront.ResponseCustomHeadersBehavior {
  return { customHeaders: [{ header: 'Permissions-Policy', value: SECURITY_HEADERS['permissions-policy'], override: true }] };
}

function oneOf<T extends string>(values: Record<string, T>, value: string): T {
  const match = Object.values(values).find((candidate) => candidate === value);
  if (!match) throw new Error(`CloudFront has no header value "${value}"`);
  return match;
}
