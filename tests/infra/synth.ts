/**
 * Synthesizes the CDK app the way `cdk synth -c stage=NAME` does (cdk.json's context, cdk-nag
 * included), without bundling the Lambdas, into a temporary folder.
 */
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { createMarketplaceApp } from '../../infra/marketplace-app';
import type { MarketplaceStage } from '../../infra/stage';

const CDK_JSON = resolve(import.meta.dirname, '../../cdk.json');

export interface SynthesizedStage {
  stage: MarketplaceStage;
  outdir: string;
  templates: { stateful: Template; web: Template; api: Template; realtime: Template };
  /** Removes the synthesized files. */
  clean(): void;
}

export function synthesizeStage(stageName: string, extraContext: Record<string, unknown> = {}): SynthesizedStage {
  const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
  try {
    const { app, stage } = createMarketplaceApp({ outdir, context: { ...cdkJsonContext(), ...extraContext, stage: stageName, 'aws:cdk:bundling-stacks': [] } });
    app.synth();
    return {
      stage,
      outdir,
      templates: {
        stateful: Template.fromStack(stage.stateful),
        web: Template.fromStack(stage.web),
        api: Template.fromStack(stage.api),
        realtime: Template.fromStack(stage.realtime),
      },
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

/** The logical ID a construct's CloudFormation resource has in its template. */
export function logicalIdOf(construct: IConstruct): string {
  const resource = construct.node.defaultChild as CfnResource;
  return Stack.of(resource).resolve(resource.logicalId) as string;
}
