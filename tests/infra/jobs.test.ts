import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../../shared/limits';
import { logicalIdOf, type Resources, resourcesOf, stringAt, synthesizeStage, type SynthesizedStage } from './synth';

let synthesized: SynthesizedStage;
let resources: Resources;
let jobs: string;

beforeAll(() => {
  synthesized = synthesizeStage('dev');
  resources = resourcesOf(synthesized.templates.api);
  jobs = logicalIdOf(synthesized.stage.api.domainFunctions.get('jobs')!);
});

describe('the jobs Lambda (data retention, members’ data)', () => {
  it('is invoked once a day by an EventBridge rule, retried twice', () => {
    const rules = Object.values(resources).filter((resource) => resource.Type === 'AWS::Events::Rule');
    const daily = rules.filter((rule) => JSON.stringify(rule.Properties.Targets).includes(jobs));
    expect(daily).toHaveLength(1);
    expect(daily[0].Properties).toMatchObject({ ScheduleExpression: 'rate(1 day)', State: 'ENABLED' });
    expect(daily[0].Properties.Targets).toEqual([expect.objectContaining({ RetryPolicy: { MaximumRetryAttempts: 2 } })]);
    const permissions = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::Permission' && JSON.stringify(resource.Properties.FunctionName).includes(jobs),
    );
    expect(permissions.map((permission) => permission.Properties.Principal)).toContain('events.amazonaws.com');
  });

  it('has the time a retention run at 10,000 accounts needs (Lambda’s maximum)', () => {
    expect(resources[jobs].Properties.Timeout).toBe(900);
  });

  it('logs into a group of its own that keeps a year, as the privacy policy says', () => {
    const group = resources[stringAt(resources[jobs].Properties, 'LoggingConfig', 'LogGroup', 'Ref')];
    expect(group.Type).toBe('AWS::Logs::LogGroup');
    expect(group.Properties.RetentionInDays).toBe(RETENTION.logRetentionDays);
    expect(RETENTION.logRetentionDays).toBe(365);
  });
});
