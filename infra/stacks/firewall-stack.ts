/**
 * The WAF web ACL in front of CloudFront, for stages whose configuration has a firewall. A web ACL
 * of CloudFront scope can only live in us-east-1, so this small stack is deployed there, inside
 * the stage; the Web stack receives the ACL's ARN through CDK's cross-region references (an SSM
 * parameter written in the Web stack's region at deploy time, no lookup at synth time).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_PREFIX, ROUTES } from '../../shared/routes';
import type { StageConfig } from '../config';

/** What checks a password or sends a mail: the routes a script would hammer (paths below API_PREFIX). */
export const RATE_LIMITED_PATHS = ['/auth/login', '/admin/auth/login', '/auth/register', '/auth/register-professor', '/auth/forgot-password', '/auth/contact'];

/** AWS managed rule groups, by priority: known bad addresses first, then exploit patterns. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesCommonRuleSet'];

export interface FirewallStackProps extends StackProps {
  firewall: NonNullable<StageConfig['firewall']>;
}

export class FirewallStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: FirewallStackProps) {
    super(scope, id, props);
    const webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('Marketplace'),
      rules: [rateLimit(props.firewall.rateLimitPer5Min), ...MANAGED_RULE_GROUPS.map((name, index) => managedRuleGroup(name, index + 1))],
    });
    this.webAclArn = webAcl.attrArn;
  }
}

/**
 * Blocks an address that sends more than `limit` requests in 5 minutes to the rate-limited routes.
 * Paths are matched decoded, lower-cased and by prefix, so that a trailing slash or another
 * spelling of the same route still counts.
 */
function rateLimit(limit: number): wafv2.CfnWebACL.RuleProperty {
  const paths = RATE_LIMITED_PATHS.map((path) => {
    if (!ROUTES.some((route) => route.path === path)) throw new Error(`Rate-limited path ${path} is not a route of shared/routes.ts`);
    return (API_PREFIX + path).toLowerCase();
  });
  const byteMatch = (path: string): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: path,
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'LOWERCASE' },
      ],
    },
  });
  return {
    name: 'RateLimitLoginRegistrationMail',
    priority: 0,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        scopeDownStatement: { orStatement: { statements: paths.map(byteMatch) } },
      },
    },
    visibilityConfig: visibility('RateLimitLoginRegistrationMail'),
  };
}

function managedRuleGroup(name: string, priority: number): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        // The common rule set blocks bodies over 8 KB, which would refuse photo and project uploads;
        // the API bounds every body itself (JSON at 64 KB, photos at LIMITS.photoMaxBytes).
        ruleActionOverrides: name === 'AWSManagedRulesCommonRuleSet' ? [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] : undefined,
      },
    },
    visibilityConfig: visibility(name),
  };
}

function visibility(metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}
