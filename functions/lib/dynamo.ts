import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

/** The one DynamoDB document client of a Lambda, created at module scope. */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, maxAttempts: 3 }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ConditionalCheckFailedException' || error.name === 'TransactionCanceledException');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
