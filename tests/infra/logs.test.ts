import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../../shared/limits';
import { synthesizeStage, type SynthesizedStage } from './synth';

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev');
});

describe('logs', () => {
  it('keeps every log group as long as the privacy policy says', () => {
    const logGroups = synthesized.everyTemplate.flatMap((template) => Object.values(template.findResources('AWS::Logs::LogGroup')));
    expect(logGroups.length).toBeGreaterThan(0);
    for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBe(RETENTION.logRetentionDays);
  });

  it('gives every product Lambda its own log group', () => {
    for (const template of [synthesized.templates.api, synthesized.templates.realtime]) {
      const logGroups = new Set(Object.keys(template.findResources('AWS::Logs::LogGroup')));
      for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
        expect(logGroups.has(fn.Properties.LoggingConfig.LogGroup.Ref)).toBe(true);
      }
    }
  });

  it('logs every request of both APIs', () => {
    const stages = Object.values(synthesized.templates.web.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage.Properties.AccessLogSettings.DestinationArn).toBeDefined();
  });
});
