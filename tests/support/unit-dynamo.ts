/**
 * The `unit` project's global setup: one DynamoDB Local for the repository tests of every unit file
 * (each on a table of its own), instead of a JVM started per file.
 */
import type { TestProject } from 'vitest/node';
import { LIGHT_JVM_OPTIONS, startDynamo } from '../../scripts/local/dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    unitDynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dynamo = await startDynamo(undefined, LIGHT_JVM_OPTIONS);
  project.provide('unitDynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
