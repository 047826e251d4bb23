/** Mails the operator when a Lambda of the product fails or answers a 500. */
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { CONTENTION_MESSAGE, RECONCILIATION_MESSAGE, UNHANDLED_ERROR_MESSAGE } from '../../functions/platform/logger';
import type { MarketplaceFunction } from './marketplace-function';

/** The 500s of every Lambda, counted from their logs: one metric, one Service dimension per Lambda. */
export const UNHANDLED_ERRORS_METRIC = { namespace: 'Marketplace', metricName: 'UnhandledErrors', dimension: 'Service' } as const;
/** The requests refused for contention (503, try again), counted the same way. */
export const CONTENTION_METRIC = { namespace: 'Marketplace', metricName: 'Contention', dimension: 'Service' } as const;
/** Each reconciliation's result (docs/payouts.md): how many balances differ, and by how many cents in all. */
export const RECONCILIATION_METRICS = {
  namespace: 'Marketplace',
  differences: 'ReconciliationDifferences',
  differenceCents: 'ReconciliationDifferenceCents',
} as const;
/** Contention is designed away; a few refusals in 5 minutes mean a hot item has appeared. */
const CONTENTION_ALARM_THRESHOLD = 5;

const PERIOD = Duration.minutes(5);

export class ErrorAlarms extends Construct {
  private readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: { email: string }) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', { enforceSSL: true });
    this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason: 'Alarm notifications carry no personal data, and CloudWatch alarms cannot publish to a topic under the AWS-managed SNS key.',
    });
  }

  /**
   * Three alarms. Two are raised by one occurrence in any 5 minutes: the function failed (errors or
   * throttles), or it answered a 500 (which the handlers catch, so Lambda counts no error for it).
   * The third by a few requests refused for contention.
   */
  watch(fn: MarketplaceFunction, name: string): void {
    const failures = new cloudwatch.MathExpression({
      expression: 'errors + throttles',
      usingMetrics: { errors: fn.function.metricErrors(), throttles: fn.function.metricThrottles() },
      period: PERIOD,
    });
    this.alarm(`${name}Errors`, `The ${name} Lambda failed`, failures);
    this.alarm(
      `${name}UnhandledErrors`,
      `The ${name} Lambda answered a 500 (an unhandled error, see its log)`,
      countLogLines(fn, 'ERROR', UNHANDLED_ERROR_MESSAGE, UNHANDLED_ERRORS_METRIC),
    );
    this.alarm(
      `${name}Contention`,
      `The ${name} Lambda refused requests for contention (a hot item, see its log)`,
      countLogLines(fn, 'WARN', CONTENTION_MESSAGE, CONTENTION_METRIC),
      CONTENTION_ALARM_THRESHOLD,
    );
  }

  /**
   * Reconciliation's figures, read from the line each run logs (the orders Lambda's), and an alarm on
   * a single balance that differs: the ledger and the provider disagree, which nothing explains.
   */
  watchReconciliation(fn: MarketplaceFunction): void {
    const loggedValue = (metricName: string, field: string) =>
      new logs.MetricFilter(fn, metricName, {
        logGroup: fn.logGroup,
        filterPattern: logs.FilterPattern.stringValue('$.message', '=', RECONCILIATION_MESSAGE),
        metricNamespace: RECONCILIATION_METRICS.namespace,
        metricName,
        metricValue: `$.${field}`,
      });
    const differences = loggedValue(RECONCILIATION_METRICS.differences, 'differences');
    loggedValue(RECONCILIATION_METRICS.differenceCents, 'differenceCents');
    this.alarm(
      'ReconciliationDifferences',
      'Reconciliation found balances where the ledger and the payment provider differ (GET /api/admin/reconciliation lists them)',
      differences.metric({ statistic: cloudwatch.Stats.MAXIMUM, period: PERIOD }),
    );
  }

  /** A dead-letter queue that holds anything at all: what it holds was not delivered (see its description). */
  watchQueue(queue: sqs.IQueue, name: string, description: string): void {
    this.alarm(`${name}Waiting`, description, queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD }));
  }

  private alarm(id: string, description: string, metric: cloudwatch.IMetric, threshold = 1): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
  }
}

/**
 * Counts the function's Powertools log lines {"level":level,"message":message}. The filter belongs
 * to the log group, so it lives in the function's stack; the alarm only names the metric, which
 * keeps the stacks free of references to each other.
 */
function countLogLines(
  fn: MarketplaceFunction,
  level: string,
  message: string,
  metric: { namespace: string; metricName: string; dimension: string },
): cloudwatch.IMetric {
  const { namespace, metricName, dimension } = metric;
  const filter = new logs.MetricFilter(fn, metricName, {
    logGroup: fn.logGroup,
    filterPattern: logs.FilterPattern.all(logs.FilterPattern.stringValue('$.level', '=', level), logs.FilterPattern.stringValue('$.message', '=', message)),
    metricNamespace: namespace,
    metricName,
    metricValue: '1',
    // Every Powertools line carries its service (POWERTOOLS_SERVICE_NAME), one per Lambda.
    dimensions: { [dimension]: '$.service' },
  });
  return filter.metric({ dimensionsMap: { [dimension]: fn.serviceName }, statistic: cloudwatch.Stats.SUM, period: PERIOD });
}
