import { beforeAll, describe, expect, it } from 'vitest';
import { stageConfig } from '../../../infra/config';
import { API_PREFIX } from '../../../shared/routes';
import { synthesizeStage, type SynthesizedStage } from '../synth';

/** The routes that check a password or send a mail, as the issue names them. */
const RATE_LIMITED = ['/auth/login', '/admin/auth/login', '/auth/register', '/auth/register-professor', '/auth/forgot-password', '/auth/contact'].map(
  (path) => API_PREFIX + path,
);
const MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet', 'AWSManagedRulesAmazonIpReputationList'];

const distributionOf = (synthesized: SynthesizedStage) =>
  Object.values(synthesized.templates.web.findResources('AWS::CloudFront::Distribution'))[0].Properties.DistributionConfig;
const acknowledged = (synthesized: SynthesizedStage) =>
  synthesized.stage.web.node
    .findAll()
    .flatMap((construct) => construct.node.metadata)
    .filter((entry) => entry.type === 'aws:cdk:acknowledged-rules')
    .flatMap((entry) => Object.entries(entry.data as Record<string, string>));

/** The parts of the WAFv2 WebACL's CloudFormation properties that these tests read. */
interface WafRule {
  Name: string;
  Action?: unknown;
  OverrideAction?: unknown;
  Statement: {
    ManagedRuleGroupStatement?: { Name: string; VendorName: string; RuleActionOverrides?: unknown };
    RateBasedStatement?: { ScopeDownStatement: { OrStatement: { Statements: { ByteMatchStatement: { SearchString: string; FieldToMatch: unknown } }[] } } };
  };
}
interface WebAcl {
  id: string;
  Rules: WafRule[];
}

describe('WAF in the prod stage', () => {
  let prod: SynthesizedStage;
  let webAcl: WebAcl;
  beforeAll(() => {
    prod = synthesizeStage('prod');
    const acls = Object.entries(prod.templates.firewall!.findResources('AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    webAcl = { id: acls[0][0], ...acls[0][1].Properties };
  });

  it('is a CloudFront web ACL in its own us-east-1 stack', () => {
    expect(prod.stage.firewall!.region).toBe('us-east-1');
    expect(webAcl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('runs the AWS managed rule groups for common exploits, known bad inputs and bad reputation addresses', () => {
    const groups = webAcl.Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(groups.map((rule) => rule.Statement.ManagedRuleGroupStatement!.Name).sort()).toEqual([...MANAGED_RULE_GROUPS].sort());
    for (const rule of groups) {
      expect(rule.Statement.ManagedRuleGroupStatement!.VendorName).toBe('AWS');
      expect(rule.OverrideAction).toEqual({ None: {} });
    }
    // Photo and project uploads are larger than the 8 KB the common rule set allows a body.
    const common = groups.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(common.Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  });

  it('blocks an address that sends too many requests to the login, registration and mail routes', () => {
    const rateRules = webAcl.Rules.filter((rule) => rule.Statement.RateBasedStatement);
    expect(rateRules).toHaveLength(1);
    const [rule] = rateRules;
    expect(rule.Action).toEqual({ Block: {} });
    const statement = rule.Statement.RateBasedStatement!;
    expect(statement).toMatchObject({ Limit: stageConfig('prod').firewall!.rateLimitPer5Min, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const matches = statement.ScopeDownStatement.OrStatement.Statements.map((candidate) => candidate.ByteMatchStatement);
    expect(matches.map((match) => match.SearchString).sort()).toEqual([...RATE_LIMITED].sort());
    for (const match of matches) expect(match.FieldToMatch).toEqual({ UriPath: {} });
  });

  it('is attached to the distribution (across regions, through CDK exports)', () => {
    const webAclId = distributionOf(prod).WebACLId;
    const [reader, exportName] = webAclId['Fn::GetAtt'];
    expect(prod.templates.web.toJSON().Resources[reader].Type).toBe('Custom::CrossRegionExportReader');
    const writer = Object.values(prod.templates.firewall!.findResources('Custom::CrossRegionExportWriter'))[0];
    expect(writer.Properties.WriterProps.exports[exportName]).toEqual({ 'Fn::GetAtt': [webAcl.id, 'Arn'] });
  });

  it('needs no acknowledgement of a missing WAF', () => {
    expect(acknowledged(prod).map(([rule]) => rule)).not.toContain('Annotation::AwsSolutions-CFR2');
  });
});

describe('no WAF in the dev stage', () => {
  let dev: SynthesizedStage;
  beforeAll(() => {
    dev = synthesizeStage('dev');
  });

  it('has no firewall stack, no web ACL and none on the distribution', () => {
    expect(dev.stage.firewall).toBeUndefined();
    for (const template of dev.everyTemplate) expect(Object.keys(template.findResources('AWS::WAFv2::WebACL'))).toEqual([]);
    expect(distributionOf(dev).WebACLId).toBeUndefined();
  });

  it("acknowledges the missing WAF because the stage's configuration turns it off", () => {
    const reasons = acknowledged(dev).filter(([rule]) => rule === 'Annotation::AwsSolutions-CFR2');
    expect(reasons).toHaveLength(1);
    expect(reasons[0][1]).toMatch(/configuration \(infra\/config\.ts\) has no firewall/);
  });
});
