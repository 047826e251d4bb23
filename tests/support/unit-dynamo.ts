/**
 * The `unit` project's global setup: one DynamoDB Local for the repository tests of every unit file
 * (each on a table of its own), instead of a JVM started per file.
 */
import type { TestProject } from 'vitest/node';
import { startDynamo } from '../../scripts/local/dynamodb';
import { TEST_JAVA_OPTIONS } from './seed-settings';

declare module 'vitest' {
  export interface ProvidedContext {
    unitDynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dynamo = await startDynamo(undefined, TEST_JAVA_OPTIONS);
  project.provide('unitDynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
