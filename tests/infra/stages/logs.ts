import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../../../shared/limits';
import { synthesizeStage, type SynthesizedStage } from '../synth';

let synthesized: SynthesizedStage;
let production: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
  production = synthesizeStage('prod');
});

describe('logs', () => {
  it('keeps every log group as long as the privacy policy says', () => {
    const logGroups = synthesized.everyTemplate.flatMap((template) => Object.values(template.findResources('AWS::Logs::LogGroup')));
    expect(logGroups.length).toBeGreaterThan(0);
    for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBe(RETENTION.logRetentionDays);
  });

  it('gives every Lambda of every stack, CDK’s own included, a log group of its stack kept as long', () => {
    const functions: string[] = [];
    const withoutRetainedLogs: string[] = [];
    for (const stage of [synthesized, production]) {
      stage.everyTemplate.forEach((template, index) => {
        const logGroups = template.findResources('AWS::Logs::LogGroup');
        for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function'))) {
          const name = `${stage.stacks[index].stackName}/${id}`;
          functions.push(name);
          const logGroup = logGroups[fn.Properties.LoggingConfig?.LogGroup?.Ref];
          if (logGroup?.Properties.RetentionInDays !== RETENTION.logRetentionDays) withoutRetainedLogs.push(name);
        }
      });
    }
    expect(withoutRetainedLogs).toEqual([]);
    // CDK's own are among them: the SPA's deployment and the provider that empties a disposable bucket.
    expect(functions.filter((name) => name.includes('CDKBucketDeployment'))).toHaveLength(2);
    expect(functions.filter((name) => name.includes('AutoDeleteObjects'))).not.toHaveLength(0);
  });

  it('logs every request of both APIs', () => {
    const stages = Object.values(synthesized.templates.web.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
  });
});
