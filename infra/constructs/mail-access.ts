import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { StageConfig } from '../config';

/** The SES identity of the stage's sender: the domain of MAIL_FROM. */
export const mailIdentityArnOf = (stack: Stack, config: StageConfig): string =>
  stack.formatArn({ service: 'ses', resource: 'identity', resourceName: config.mailFrom.split('@')[1] });

/** Lets a function send mail from the stage's address, and from no other. */
export function grantSendMail(fn: lambda.IFunction, config: StageConfig): void {
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [mailIdentityArnOf(Stack.of(fn), config)] }));
}
