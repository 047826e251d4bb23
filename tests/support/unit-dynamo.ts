/**
 * The `unit` project's global setup: the run's DynamoDB Local (run-dynamo.ts, shared with the stack
 * project's stacks) for the repository tests of every unit file, each on a table of its own, instead
 * of a JVM started per file, or per project.
 */
import type { TestProject } from 'vitest/node';
import { holdRunDynamo } from './run-dynamo';

declare module 'vitest' {
  export interface ProvidedContext {
    unitDynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { dynamo, release } = holdRunDynamo();
  project.provide('unitDynamoEndpoint', (await dynamo).endpoint);
  return release;
}
