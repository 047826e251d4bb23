/** Mails the operator when a Lambda of the product fails. */
import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

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

  /** An alarm when the function fails (errors or throttles) in any 5 minutes. */
  watch(fn: lambda.IFunction, name: string): void {
    const alarm = new cloudwatch.Alarm(this, `${name}Errors`, {
      alarmDescription: `The ${name} Lambda failed`,
      metric: new cloudwatch.MathExpression({
        expression: 'errors + throttles',
        usingMetrics: { errors: fn.metricErrors(), throttles: fn.metricThrottles() },
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
  }
}
