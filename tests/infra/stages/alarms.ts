import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stageConfig } from '../../../infra/config';
import { CONTENTION_METRIC, RECONCILIATION_METRICS, UNHANDLED_ERRORS_METRIC } from '../../../infra/constructs/error-alarms';
import { CONTENTION_MESSAGE, RECONCILIATION_MESSAGE, UNHANDLED_ERROR_MESSAGE } from '../../../functions/platform/logger';
import { DOMAINS } from '../../../shared/routes';
import { logicalIdOf, objectAt, type Resource, type Resources, resourcesOf as resourcesIn, synthesizeStage, type SynthesizedStage, valueAt } from '../synth';

let synthesized: SynthesizedStage;
beforeAll(() => {
  synthesized = synthesizeStage('dev', { ...stageConfig('dev'), alarmEmail: 'ops@example.com' });
});

const LAMBDAS = [
  ...DOMAINS.map((domain) => ({ name: domain, owner: 'api' as const, id: () => logicalIdOf(synthesized.stage.api.domainFunctions.get(domain)!) })),
  { name: 'websocket', owner: 'realtime' as const, id: () => logicalIdOf(synthesized.stage.realtime.websocketFunction) },
  { name: 'notifications', owner: 'realtime' as const, id: () => logicalIdOf(synthesized.stage.realtime.notificationsFunction) },
];

const resourcesOf = (owner: 'api' | 'realtime'): Resources => resourcesIn(synthesized.templates[owner]);
const ofType = (resources: Resources, type: string) => Object.values(resources).filter((resource) => resource.Type === type);
const filtersOf = (resources: Resources, fn: Resource) =>
  ofType(resources, 'AWS::Logs::MetricFilter').filter(
    (filter) => valueAt(filter.Properties, 'LogGroupName', 'Ref') === valueAt(fn.Properties, 'LoggingConfig', 'LogGroup', 'Ref'),
  );
const metricNameOf = (filter: Resource) => valueAt(filter.Properties, 'MetricTransformations', 0, 'MetricName');
const serviceOf = (fn: Resource) => objectAt(fn.Properties, 'Environment', 'Variables').POWERTOOLS_SERVICE_NAME;
const alarmDimensionValue = (alarm: Resource) => valueAt(alarm.Properties, 'Dimensions', 0, 'Value');
const topicId = () => Object.keys(synthesized.templates.api.findResources('AWS::SNS::Topic'))[0];

describe('unhandled errors (500s) become a metric with an alarm', () => {
  it.each(LAMBDAS)('counts the ERROR "Unhandled error" lines of the $name Lambda as UnhandledErrors', ({ owner, id }) => {
    const resources = resourcesOf(owner);
    const fn = resources[id()];
    const filters = filtersOf(resources, fn).filter((filter) => metricNameOf(filter) === 'UnhandledErrors');
    expect(filters).toHaveLength(1);
    const { FilterPattern, MetricTransformations } = filters[0].Properties;
    expect(FilterPattern).toBe(`{ ($.level = "ERROR") && ($.message = "${UNHANDLED_ERROR_MESSAGE}") }`);
    expect(MetricTransformations).toEqual([
      {
        MetricNamespace: UNHANDLED_ERRORS_METRIC.namespace,
        MetricName: 'UnhandledErrors',
        MetricValue: '1',
        Dimensions: [{ Key: UNHANDLED_ERRORS_METRIC.dimension, Value: '$.service' }],
      },
    ]);
  });

  it.each(LAMBDAS)('alarms on one 500 of the $name Lambda in 5 minutes, to the alarm topic', ({ owner, id }) => {
    const service = serviceOf(resourcesOf(owner)[id()]);
    const alarms = ofType(resourcesOf('api'), 'AWS::CloudWatch::Alarm').filter(
      (alarm) => alarm.Properties.MetricName === 'UnhandledErrors' && alarmDimensionValue(alarm) === service,
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0].Properties).toMatchObject({
      Namespace: UNHANDLED_ERRORS_METRIC.namespace,
      Dimensions: [{ Name: UNHANDLED_ERRORS_METRIC.dimension, Value: service }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId() }],
    });
  });

  it('counts exactly the line a handler writes for a 500 (Powertools JSON with the service of the Lambda)', async () => {
    vi.resetModules();
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'marketplace-auth');
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    try {
      const { logger } = await import('../../../functions/platform/logger');
      logger.error(UNHANDLED_ERROR_MESSAGE, new Error('boom'));
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      vi.unstubAllEnvs();
    }
    const line = JSON.parse(written.join('').trim());
    expect(line).toMatchObject({ level: 'ERROR', message: UNHANDLED_ERROR_MESSAGE, service: 'marketplace-auth' });
  });
});

describe('requests refused for contention become a metric with an alarm', () => {
  it.each(LAMBDAS)('counts the WARN "Contention" lines of the $name Lambda and alarms on five in 5 minutes', ({ owner, id }) => {
    const resources = resourcesOf(owner);
    const fn = resources[id()];
    const [filter, ...others] = filtersOf(resources, fn).filter((each) => metricNameOf(each) === CONTENTION_METRIC.metricName);
    expect(others).toHaveLength(0);
    expect(filter?.Properties.FilterPattern).toBe(`{ ($.level = "WARN") && ($.message = "${CONTENTION_MESSAGE}") }`);
    const service = serviceOf(fn);
    const alarms = ofType(resourcesOf('api'), 'AWS::CloudWatch::Alarm').filter(
      (alarm) => alarm.Properties.MetricName === CONTENTION_METRIC.metricName && alarmDimensionValue(alarm) === service,
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0].Properties).toMatchObject({
      Namespace: CONTENTION_METRIC.namespace,
      Statistic: 'Sum',
      Period: 300,
      Threshold: 5,
      AlarmActions: [{ Ref: topicId() }],
    });
  });
});

describe('events the notifications Lambda gave up on', () => {
  it('raise an alarm as soon as the dead-letter queue holds one', () => {
    const alarms = ofType(resourcesOf('api'), 'AWS::CloudWatch::Alarm').filter(
      (alarm) => valueAt(alarm.Properties, 'MetricName') === 'ApproximateNumberOfMessagesVisible',
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0].Properties).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(JSON.stringify(alarmDimensionValue(alarms[0]))).toContain(logicalIdOf(synthesized.stage.realtime.undeliveredEvents));
  });
});

describe('reconciliation', () => {
  const ordersFunction = () => resourcesOf('api')[logicalIdOf(synthesized.stage.api.domainFunctions.get('orders')!)];

  it('turns the line each run of the orders Lambda logs into the count of differing balances and their sum in cents', () => {
    const filters = filtersOf(resourcesOf('api'), ordersFunction()).filter((filter) => String(metricNameOf(filter)).startsWith('Reconciliation'));
    expect(filters.map((filter) => filter.Properties.FilterPattern)).toEqual([
      `{ $.message = "${RECONCILIATION_MESSAGE}" }`,
      `{ $.message = "${RECONCILIATION_MESSAGE}" }`,
    ]);
    expect(
      filters.map((filter) => valueAt(filter.Properties, 'MetricTransformations', 0)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { MetricNamespace: RECONCILIATION_METRICS.namespace, MetricName: RECONCILIATION_METRICS.differenceCents, MetricValue: '$.differenceCents' },
      { MetricNamespace: RECONCILIATION_METRICS.namespace, MetricName: RECONCILIATION_METRICS.differences, MetricValue: '$.differences' },
    ]);
  });

  it('alarms on one balance that differs, to the alarm topic', () => {
    const alarms = ofType(resourcesOf('api'), 'AWS::CloudWatch::Alarm').filter((alarm) => alarm.Properties.MetricName === RECONCILIATION_METRICS.differences);
    expect(alarms).toHaveLength(1);
    expect(alarms[0].Properties).toMatchObject({
      Namespace: RECONCILIATION_METRICS.namespace,
      Statistic: 'Maximum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId() }],
    });
  });
});
