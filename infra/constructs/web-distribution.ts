/**
 * One origin for the whole product: CloudFront serves the SPA, /api/* (HTTP API), an expert's page
 * rendered per request (/teacher/*, the HTTP API's pages route), /ws (WebSocket API) and /uploads/* (media bucket), every response with the security headers of
 * shared/security-headers.ts, the SPA with its CSP and uploads with the rules of
 * shared/upload-types.ts (CloudFront Functions of ./edge-functions.ts). Both APIs receive the
 * origin secret, so that they can refuse whatever did not come through here (and the firewall).
 */
import { Duration, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../shared/edge';
import { EXPERT_PAGE, RENDERED_PAGE_MAX_AGE_SECONDS } from '../../shared/prerendered-pages';
import { API_PREFIX, WS_PATH } from '../../shared/routes';
import { SECURITY_HEADERS } from '../../shared/security-headers';
import type { StageConfig } from '../config';
import { spaContentSecurityPolicy, SPA_FALLBACK, STRIP_UPLOADS_PREFIX, UPLOADS_PATH, UPLOADS_RESPONSE } from './edge-functions';

export interface WebDistributionProps {
  domain: StageConfig['domain'];
  spaBucket: s3.IBucket;
  /** Imported: its bucket policy (stateful stack) already lets this account's distributions read it. */
  mediaBucket: s3.IBucket;
  /** Where the SPA posts upload forms (the files bucket's endpoint): its CSP's connect-src allows it. */
  uploadFormOrigin: string;
  httpApiDomainName: string;
  webSocketApiDomainName: string;
  /** Its value goes to both APIs in ORIGIN_VERIFY_HEADER. */
  originSecret: secrets.ISecret;
  /** The WAF web ACL (us-east-1) in front of the distribution, when the stage has a firewall. */
  webAclArn?: string;
  logBucket: s3.IBucket;
}

export class WebDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebDistributionProps) {
    super(scope, id);
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: securityHeaders(),
      customHeadersBehavior: permissionsPolicy(),
    });
    // A CloudFormation dynamic reference: CloudFormation reads the value at deploy time, so it is in no template.
    const customHeaders = { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() };
    const passToApi = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // API Gateway routes on its own host name; everything else (cookies, query, headers) goes through,
      // with CloudFront's own headers, among them CloudFront-Viewer-Address (CLIENT_ADDRESS_HEADER).
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };

    const httpApi = new origins.HttpOrigin(props.httpApiDomainName, { customHeaders });
    const spaPolicy = this.edgeFunction('SpaContentSecurityPolicy', spaContentSecurityPolicy(props.uploadFormOrigin));

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Marketplace: SPA, API, WebSocket and media on one origin',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.spaBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: this.edgeFunction('SpaFallback', SPA_FALLBACK) },
          { eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE, function: spaPolicy },
        ],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: { ...passToApi, origin: httpApi, allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL },
        // An expert's page, rendered per request by the pages Lambda (decision 297): the same page for
        // everyone (no cookie, header or query string reaches it), kept a few seconds, with the SPA's headers.
        [EXPERT_PAGE.pathPattern]: {
          origin: httpApi,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: new cloudfront.CachePolicy(this, 'RenderedPages', {
            comment: 'Pages rendered per request: by path only, as long as the page says (s-maxage)',
            minTtl: Duration.seconds(0),
            defaultTtl: Duration.seconds(RENDERED_PAGE_MAX_AGE_SECONDS),
            maxTtl: Duration.seconds(RENDERED_PAGE_MAX_AGE_SECONDS),
            cookieBehavior: cloudfront.CacheCookieBehavior.none(),
            headerBehavior: cloudfront.CacheHeaderBehavior.none(),
            queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
            enableAcceptEncodingBrotli: true,
            enableAcceptEncodingGzip: true,
          }),
          responseHeadersPolicy: headers,
          functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE, function: spaPolicy }],
        },
        [WS_PATH]: { ...passToApi, origin: new origins.HttpOrigin(props.webSocketApiDomainName, { customHeaders }) },
        [`${UPLOADS_PATH}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          functionAssociations: [
            { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: this.edgeFunction('UploadsKey', STRIP_UPLOADS_PREFIX) },
            { eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE, function: this.edgeFunction('UploadsResponse', UPLOADS_RESPONSE) },
          ],
        },
      },
      ...this.customDomain(props.domain),
      webAclId: props.webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
    });
    this.acknowledgeFindings(props);
  }

  private customDomain(domain: StageConfig['domain']): Partial<cloudfront.DistributionProps> {
    if (!domain) return {};
    return {
      domainNames: [domain.name],
      certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
      minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
    };
  }

  private edgeFunction(id: string, code: string): cloudfront.Function {
    return new cloudfront.Function(this, id, { code: cloudfront.FunctionCode.fromInline(code), runtime: cloudfront.FunctionRuntime.JS_2_0 });
  }

  private acknowledgeFindings({ domain, webAclArn }: WebDistributionProps): void {
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Students and experts may use the marketplace from any country; no geo restriction by design.' },
      {
        id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        reason:
          "The media bucket's policy in the stateful stack already grants this account's CloudFront distributions s3:GetObject (naming this distribution there would be a stack cycle).",
      },
    );
    if (!webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          "This stage's configuration (infra/config.ts) has no firewall, so it gets no WAF web ACL, whose fixed monthly cost buys nothing on a development stage; API Gateway still throttles the stages and the auth domain the logins.",
      });
    }
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the default *.cloudfront.net certificate is used, whose TLS policy CloudFront fixes; stages with config.domain use TLSv1.2_2021.',
      });
    }
  }
}

/** The headers of shared/security-headers.ts this policy knows how to send. */
const SENT_HEADERS = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'];

/** CloudFront's typed security headers, read from the one list in shared/security-headers.ts. */
function securityHeaders(): cloudfront.ResponseSecurityHeadersBehavior {
  const unsent = Object.keys(SECURITY_HEADERS).filter((name) => !SENT_HEADERS.includes(name));
  if (unsent.length > 0) throw new Error(`Security headers not mapped to CloudFront: ${unsent.join(', ')}`);
  const hsts = SECURITY_HEADERS['strict-transport-security'];
  return {
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
