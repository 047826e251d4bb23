/**
 * Synthesizes the CDK app the way `cdk synth -c stage=NAME` does (cdk.json's context, cdk-nag
 * included), without bundling the Lambdas, into a temporary folder; optionally with another
 * configuration for that stage.
 */
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { StageConfig } from '../../infra/config';
import { createMarketplaceApp } from '../../infra/marketplace-app';
import type { MarketplaceStage } from '../../infra/stage';

const CDK_JSON = resolve(import.meta.dirname, '../../cdk.json');

export interface SynthesizedStage {
  stage: MarketplaceStage;
  outdir: string;
  templates: { stateful: Template; web: Template; api: Template; realtime: Template; firewall?: Template };
  /** Every stack of the stage, and its template. */
  stacks: Stack[];
  everyTemplate: Template[];
  /** Removes the synthesized files. */
  clean(): void;
}

export function synthesizeStage(stageName: string, config?: StageConfig): SynthesizedStage {
  const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
  try {
    const { app, stage } = createMarketplaceApp({ outdir, context: { ...cdkJsonContext(), stage: stageName, 'aws:cdk:bundling-stacks': [] } }, config);
    app.synth();
    const stacks = stage.node.children.filter((child): child is Stack => child instanceof Stack);
    return {
      stage,
      outdir,
      templates: {
        stateful: Template.fromStack(stage.stateful),
        web: Template.fromStack(stage.web),
        api: Template.fromStack(stage.api),
        realtime: Template.fromStack(stage.realtime),
        firewall: stage.firewall && Template.fromStack(stage.firewall),
      },
      stacks,
      everyTemplate: stacks.map((stack) => Template.fromStack(stack)),
      clean: () => rmSync(outdir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
}

function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(CDK_JSON, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>;

/** The logical ID a construct's CloudFormation resource has in its template. */
export function logicalIdOf(construct: IConstruct): string {
  const resource = construct.node.defaultChild as CfnResource;
  return Stack.of(resource).resolve(resource.logicalId) as string;
}

export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** The statements of every identity policy attached to the role of a Lambda of the template. */
export function statementsOfFunction(template: Template, functionLogicalId: string): PolicyStatement[] {
  const resources: Resources = template.toJSON().Resources;
  const [roleId] = resources[functionLogicalId].Properties.Role['Fn::GetAtt'];
  return statementsOfRole(template, roleId);
}

export function statementsOfRole(template: Template, roleLogicalId: string): PolicyStatement[] {
  const resources: Resources = template.toJSON().Resources;
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' && resource.Properties.Roles.some((role: { Ref?: string }) => role.Ref === roleLogicalId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

export const actionsOf = (statement: PolicyStatement): string[] => [statement.Action].flat();
