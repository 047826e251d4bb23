import { beforeAll, describe, expect, it } from 'vitest';
import { BUSY_CALENDARS, RETENTION } from '../../../shared/limits';
import { actionsOf, logicalIdOf, type Resources, resourcesOf, statementsOfFunction, stringAt, synthesizeStage, type SynthesizedStage } from '../synth';

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

  it('builds the data exports members request: the table’s stream hands it building export requests only', () => {
    const mappings = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && JSON.stringify(resource.Properties.FunctionName).includes(jobs),
    );
    expect(mappings).toHaveLength(1);
    const { Properties: mapping } = mappings[0];
    expect(JSON.stringify(mapping.EventSourceArn)).toContain('StreamArn');
    expect(mapping).toMatchObject({
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 2,
      // A record given up on is the status read's to end (failed) once its request has waited this long.
      MaximumRecordAgeInSeconds: 30 * 60,
    });
    const patterns = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((filter) => JSON.parse(filter.Pattern));
    expect(patterns).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { sk: { S: ['DATA_EXPORT'] } }, NewImage: { status: { S: ['building'] } } } },
    ]);
  });

  it('reads the table’s stream, and writes its exports, their events and the requests’ limit only under their keys', () => {
    const statements = statementsOfFunction(synthesized.templates.api, jobs);
    const streamReads = statements.filter((statement) => actionsOf(statement).includes('dynamodb:GetRecords'));
    expect(streamReads).toHaveLength(1);
    expect(JSON.stringify(streamReads[0].Resource)).toContain('StreamArn');
    const leadingKeys = JSON.stringify(
      statements.filter((statement) => actionsOf(statement).includes('dynamodb:PutItem')).map((statement) => statement.Condition),
    );
    for (const prefix of ['USER#', 'EVENT#', 'RATE#']) expect(leadingKeys).toContain(prefix);
    expect(leadingKeys).not.toContain('ORDER#');
  });

  it('logs into a group of its own that keeps a year, as the privacy policy says', () => {
    const group = resources[stringAt(resources[jobs].Properties, 'LoggingConfig', 'LogGroup', 'Ref')];
    expect(group.Type).toBe('AWS::Logs::LogGroup');
    expect(group.Properties.RetentionInDays).toBe(RETENTION.logRetentionDays);
    expect(RETENTION.logRetentionDays).toBe(365);
  });
});

describe('the calendars Lambda (experts’ own calendars)', () => {
  let calendars: string;
  beforeAll(() => {
    calendars = logicalIdOf(synthesized.stage.api.domainFunctions.get('calendars')!);
  });

  it('is invoked every 15 minutes by an EventBridge rule, and has the time a run through every calendar needs', () => {
    const rules = Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Events::Rule' && JSON.stringify(resource.Properties.Targets).includes(calendars),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties).toMatchObject({ ScheduleExpression: `rate(${BUSY_CALENDARS.readPeriodMinutes} minutes)`, State: 'ENABLED' });
    expect(resources[calendars].Properties.Timeout).toBe(BUSY_CALENDARS.readRunTimeoutSeconds);
  });

  it('reads and writes only the experts’ calendars and its limits, and only reads accounts and the feeds’ bookings', () => {
    const statements = statementsOfFunction(synthesized.templates.api, calendars);
    const written = JSON.stringify(statements.filter((statement) => actionsOf(statement).includes('dynamodb:PutItem')).map((statement) => statement.Condition));
    const read = JSON.stringify(statements.filter((statement) => actionsOf(statement).includes('dynamodb:GetItem')).map((statement) => statement.Condition));
    expect(written).toContain('AVAILABILITY#');
    expect(written).toContain('RATE#');
    expect(written).not.toContain('ORDER#');
    expect(written).not.toContain('CALENDAR#');
    expect(written).not.toContain('CALFEED#');
    expect(read).toContain('CALENDAR#');
    expect(read).toContain('CALFEED#');
  });
});
