import { CfnResource, CustomResourceProviderBase, RemovalPolicy, type Stack } from 'aws-cdk-lib';
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

/**
 * CDK's own custom-resource providers (the one that empties a disposable bucket, those of
 * cross-region references) are bare Lambda functions with no log group and no prop to give one:
 * CloudWatch would create `/aws/lambda/<name>` at their first run and keep it for ever. Some are
 * only added while the app is prepared for synthesis, after aspects have run, so this runs as the
 * stack's validation, the step after: each provider then logs into a retained group of its own
 * (its role, AWSLambdaBasicExecutionRole, may write to any).
 */
export function retainProviderLogs(stack: Stack): void {
  stack.node.addValidation({
    validate: () => {
      for (const provider of stack.node.children) {
        const handler = provider.node.tryFindChild('Handler');
        if (!(provider instanceof CustomResourceProviderBase) || !(handler instanceof CfnResource) || provider.node.tryFindChild('Logs')) continue;
        handler.addPropertyOverride('LoggingConfig', { LogGroup: retainedLogGroup(provider, 'Logs').logGroupName });
      }
      return [];
    },
  });
}

function logRetention(): logs.RetentionDays {
  const days: number = RETENTION.logRetentionDays;
  if (!Object.values(logs.RetentionDays).includes(days)) throw new Error(`CloudWatch Logs cannot keep logs ${days} days`);
  return days as logs.RetentionDays;
}
