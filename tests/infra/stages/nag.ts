import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { stageConfig } from '../../../infra/config';
import { createMarketplaceApp } from '../../../infra/marketplace-app';
import { readValidationReport, synthesizeStage, type SynthesizedStage } from '../synth';

/** The one warning allowed: a fresh clone synthesizes before `npm run build:web`, without the SPA. */
const SPA_NOT_BUILT = 'marketplace:spaNotBuilt';

describe.each(['dev', 'prod'])('cdk-nag (AWS Solutions rules) on the %s stage', (stageName) => {
  let synthesized: SynthesizedStage;
  beforeAll(() => {
    // Throws "Validation failed" on any unacknowledged finding.
    synthesized = synthesizeStage(stageName);
  });

  it('reports no violation: each finding is fixed or acknowledged with its reason', () => {
    for (const report of synthesized.validationReport.pluginReports) {
      expect(report.violations, report.pluginName).toEqual([]);
      expect(report.conclusion, report.pluginName).toBe('success');
    }
  });

  it('leaves no unacknowledged warning or error annotation in any stack', () => {
    expect(synthesized.stacks.length).toBe(stageName === 'prod' ? 5 : 4);
    for (const stack of synthesized.stacks) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
      const warnings = annotations.findWarning('*', Match.anyValue()).filter((warning) => !String(warning.entry.data).includes(SPA_NOT_BUILT));
      expect(warnings, stack.stackName).toEqual([]);
    }
  });
});

describe('cdk-nag (AWS Solutions rules)', () => {
  it('stays clean for a stage with a custom domain, alarms, a firewall and point-in-time recovery off', () => {
    const config = {
      ...stageConfig('alice'),
      domain: { name: 'app.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/example' },
      alarmEmail: 'ops@example.com',
      firewall: { rateLimitPer5Min: 50 },
      pointInTimeRecovery: false,
    };
    // Throws "Validation failed" on any unacknowledged finding.
    expect(() => synthesizeStage('alice', config)).not.toThrow();
  });

  it('fails the synth on a finding nobody acknowledged', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
    try {
      const { app, stage } = createMarketplaceApp({ outdir, context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] } });
      new s3.Bucket(stage.web, 'CarelessBucket');
      expect(() => app.synth()).toThrow(/CarelessBucket[\s\S]*AwsSolutions-S10/);
      const violations = readValidationReport(outdir).pluginReports.flatMap((report) => report.violations);
      expect(violations.map((violation) => violation.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
      expect(violations.flatMap((violation) => violation.violatingConstructs.map((construct) => construct.constructPath))).toEqual(
        expect.arrayContaining([expect.stringContaining('/Web/CarelessBucket/')]),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('checks the us-east-1 firewall stack too', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'marketplace-cdk-'));
    try {
      const { app, stage } = createMarketplaceApp({ outdir, context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] } });
      new s3.Bucket(stage.firewall!, 'CarelessBucket');
      expect(() => app.synth()).toThrow(/Firewall\/CarelessBucket[\s\S]*AwsSolutions-S10/);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
