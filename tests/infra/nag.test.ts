import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stageConfig } from '../../infra/config';
import { createMarketplaceApp } from '../../infra/marketplace-app';
import { MarketplaceStage } from '../../infra/stage';
import { synthesizeStage, type SynthesizedStage } from './synth';

/** The one warning allowed: a fresh clone synthesizes before `npm run build:web`, without the SPA. */
const SPA_NOT_BUILT = 'marketplace:spaNotBuilt';

interface ValidationReport {
  pluginReports: { pluginName: string; conclusion: string; violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[];
}

const readReport = (outdir: string) => JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as ValidationReport;

describe('cdk-nag (AWS Solutions rules)', () => {
  let synthesized: SynthesizedStage;
  beforeAll(() => {
    // Throws "Validation failed" on any unacknowledged finding.
    synthesized = synthesizeStage('dev');
  });
  afterAll(() => synthesized?.clean());

  it('reports no violation: each finding is fixed or acknowledged with its reason', () => {
    for (const report of readReport(synthesized.outdir).pluginReports) {
      expect(report.violations, report.pluginName).toEqual([]);
      expect(report.conclusion, report.pluginName).toBe('success');
    }
  });

  it('leaves no unacknowledged warning or error annotation', () => {
    for (const stack of [synthesized.stage.stateful, synthesized.stage.web, synthesized.stage.api, synthesized.stage.realtime]) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
      const warnings = annotations.findWarning('*', Match.anyValue()).filter((warning) => !String(warning.entry.data).includes(SPA_NOT_BUILT));
      expect(warnings, stack.stackName).toEqual([]);
    }
  });

  it('stays clean for a stage with a custom domain, alarms and point-in-time recovery off', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
    try {
      const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], '@aws-cdk/core:defaultCrossStackReferences': 'strong' } });
      const config = {
        ...stageConfig('alice'),
        domain: { name: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/example' },
        alarmEmail: 'ops@example.com',
        pointInTimeRecovery: false,
      };
      new MarketplaceStage(app, 'Marketplace-alice', { config });
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
      expect(() => app.synth()).not.toThrow();
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('fails the synth on a finding nobody acknowledged', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
    try {
      const { app, stage } = createMarketplaceApp({ outdir, context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] } });
      new s3.Bucket(stage.web, 'CarelessBucket');
      expect(() => app.synth()).toThrow(/CarelessBucket[\s\S]*AwsSolutions-S10/);
      const violations = readReport(outdir).pluginReports.flatMap((report) => report.violations);
      expect(violations.map((violation) => violation.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
      expect(violations.flatMap((violation) => violation.violatingConstructs.map((construct) => construct.constructPath))).toEqual(
        expect.arrayContaining([expect.stringContaining('/Web/CarelessBucket/')]),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
