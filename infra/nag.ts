/**
 * cdk-nag 3 acknowledges exact findings only: a wildcard finding is named after the policy's
 * resource as cdk-nag prints it from the template (AwsSolutions-IAM5[Resource::...]). These
 * helpers print a value the same way, so that each acknowledgment sits next to the grant that
 * needs it and breaks (fails the synth) when the grant changes.
 */
import { Stack, Validations, type CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${resource}]`, reason });
}

export function acknowledgeWildcardActions(scope: IConstruct, actions: string[], reason: string): void {
  Validations.of(scope).acknowledge(...actions.map((action) => ({ id: `AwsSolutions-IAM5[Action::${action}]`, reason })));
}

/** A value of another stack as cdk-nag prints it: the name of the export CDK creates for it. */
export function importedName(value: string, producer: IConstruct): string {
  const stack = Stack.of(producer);
  return (stack.resolve(stack.exportValue(value)) as { 'Fn::ImportValue': string })['Fn::ImportValue'];
}

/** An attribute of a resource of the same stack as cdk-nag prints it: <LogicalId.Attribute>. */
export function attributeName(resource: CfnResource, attribute: string): string {
  return `<${Stack.of(resource).resolve(resource.logicalId)}.${attribute}>`;
}
