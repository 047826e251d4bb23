import { RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { RETENTION } from '../../shared/limits';

/** A log group kept as long as the privacy policy says (365 days is ONE_YEAR), no longer. */
export function retainedLogGroup(scope: Construct, id: string): logs.LogGroup {
  return new logs.LogGroup(scope, id, {
    retention: logRetention(),
    // Logs outlive a replaced function or API: a redeploy must not cut their retention short.
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

function logRetention(): logs.RetentionDays {
  const days: number = RETENTION.logRetentionDays;
  if (!Object.values(logs.RetentionDays).includes(days)) throw new Error(`CloudWatch Logs cannot keep logs ${days} days`);
  return days as logs.RetentionDays;
}
