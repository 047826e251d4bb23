/**
 * Synthesizes the CDK app the way `cdk synth -c stage=NAME` does (cdk.json's context, cdk-nag
 * included), without bundling the Lambdas, into a temporary folder; optionally with another
 * configuration for that stage.
 *
 * Once per process for each stage name and configuration: the checks that synthesize run in one
 * file (tests/infra/stages.test.ts), so they share aws-cdk-lib, loaded and compiled once (a first
 * synth costs ~7 s of CPU, a later one ~1 s), and this module with the stages it synthesized. The
 * checks only read a result (its templates, its constructs' logical IDs, its annotations and
 * cdk-nag's report): none changes it.
 */
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { inject } from 'vitest';
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { StageConfig } from '../../infra/config';
import { createMarketplaceApp } from '../../infra/marketplace-app';
import type { MarketplaceStage } from '../../infra/stage';

const CDK_JSON = resolve(import.meta.dirname, '../../cdk.json');

export interface SynthesizedStage {
  stage: MarketplaceStage;
  templates: { stateful: Template; web: Template; api: Template; realtime: Template; firewall?: Template };
  /** Every stack of the stage, and its template. */
  stacks: Stack[];
  everyTemplate: Template[];
  /** The report of the synth's policy validation (cdk-nag), validation-report.json. */
  validationReport: ValidationReport;
}

export interface ValidationReport {
  pluginReports: { pluginName: string; conclusion: string; violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[];
}

/** The validation report a synth into `outdir` wrote. */
export const readValidationReport = (outdir: string) => JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as ValidationReport;

const synthesized = new Map<string, SynthesizedStage>();

/** The stage synthesized with this configuration (the stage's own when none), once per process. */
export function synthesizeStage(stageName: string, config?: StageConfig): SynthesizedStage {
  const key = JSON.stringify([stageName, config ?? null]);
  let result = synthesized.get(key);
  if (!result) {
    result = synthesizeAnew(stageName, config);
    synthesized.set(key, result);
  }
  return result;
}

function synthesizeAnew(stageName: string, config?: StageConfig): SynthesizedStage {
  // Kept while a test may synthesize again (Annotations.fromStack does); the run's folder goes at its end.
  const outdir = mkdtempSync(join(inject('infraSynthDir'), 'stage-'));
  try {
    const { app, stage } = createMarketplaceApp({ outdir, context: { ...cdkJsonContext(), stage: stageName, 'aws:cdk:bundling-stacks': [] } }, config);
    app.synth();
    const stacks = stage.node.children.filter((child): child is Stack => child instanceof Stack);
    return {
      stage,
      templates: {
        stateful: Template.fromStack(stage.stateful),
        web: Template.fromStack(stage.web),
        api: Template.fromStack(stage.api),
        realtime: Template.fromStack(stage.realtime),
        firewall: stage.firewall && Template.fromStack(stage.firewall),
      },
      stacks,
      everyTemplate: stacks.map((stack) => Template.fromStack(stack)),
      validationReport: readValidationReport(outdir),
    };
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
}

function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(CDK_JSON, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}

/** A resource of a synthesized template; its properties are read through the helpers below. */
export interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
export type Resources = Record<string, Resource>;

/** The resources of a template, by logical ID. */
export const resourcesOf = (template: Template): Resources => template.toJSON().Resources;

type Path = (string | number)[];

/** The value at `path` below `value` (property names and array indexes); undefined where the path leaves the value. */
export function valueAt(value: unknown, ...path: Path): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

const shown = (value: unknown, path: Path) => `${JSON.stringify(value)?.slice(0, 200)} at ${path.join('.') || 'the top'}`;

/** The object at `path`; throws (the test fails) where there is none. */
export function objectAt(value: unknown, ...path: Path): Record<string, unknown> {
  const found = valueAt(value, ...path);
  if (found === null || typeof found !== 'object' || Array.isArray(found)) throw new Error(`Expected an object, found ${shown(found, path)}`);
  return found as Record<string, unknown>;
}

/** The array at `path`; throws where there is none. */
export function arrayAt(value: unknown, ...path: Path): unknown[] {
  const found = valueAt(value, ...path);
  if (!Array.isArray(found)) throw new Error(`Expected an array, found ${shown(found, path)}`);
  return found;
}

/** The string at `path`; throws where there is none. */
export function stringAt(value: unknown, ...path: Path): string {
  const found = valueAt(value, ...path);
  if (typeof found !== 'string') throw new Error(`Expected a string, found ${shown(found, path)}`);
  return found;
}

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
  const roleId = stringAt(resourcesOf(template)[functionLogicalId].Properties, 'Role', 'Fn::GetAtt', 0);
  return statementsOfRole(template, roleId);
}

export function statementsOfRole(template: Template, roleLogicalId: string): PolicyStatement[] {
  return Object.values(resourcesOf(template))
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' && arrayAt(resource.Properties, 'Roles').some((role) => valueAt(role, 'Ref') === roleLogicalId))
    .flatMap((policy) => arrayAt(policy.Properties, 'PolicyDocument', 'Statement') as PolicyStatement[]);
}

export const actionsOf = (statement: PolicyStatement): string[] => [statement.Action].flat();
