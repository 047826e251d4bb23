/**
 * A single-item write that its own retry must recognise (decision 281). When DynamoDB commits a
 * write and its answer is lost, the SDK sends the same request again: an update's ADD lands twice,
 * and a conditional write fails the condition its first try met. So each such write carries a write
 * id of its own, and a condition that the item does not hold that id yet; a failed condition returns
 * the item as it is (`ReturnValuesOnConditionCheckFailure`), and an item holding the write's id is
 * the proof that its first try committed. Transactions need none of it: the SDK sends their retry
 * under the same ClientRequestToken, which DynamoDB applies once.
 */
import { randomUUID } from 'node:crypto';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { InitializeMiddleware, MiddlewareStack } from '@aws-sdk/types';

/** The attribute that holds the id of the last write that carried one. */
export const WRITE_ID = 'writeId';

const NAME = '#writeId';
const VALUE = ':writeId';
const NOT_YET = `(attribute_not_exists(${NAME}) OR ${NAME} <> ${VALUE})`;

type Input = Record<string, unknown> & {
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
  Item?: Record<string, unknown>;
  ReturnValues?: string;
};

/**
 * The write as it is sent, with its id; undefined for a write that needs none or cannot be told:
 * an unconditional put replaces the item, the same each time; a delete leaves no item to hold an
 * id; an update that asks for the values before it cannot have them once its first try committed.
 */
export function withWriteId(command: string, input: Input, writeId: string): Input | undefined {
  const names = { ...input.ExpressionAttributeNames, [NAME]: WRITE_ID };
  const values = { ...input.ExpressionAttributeValues, [VALUE]: writeId };
  const recognised = { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' };
  if (command === 'PutItemCommand' && input.ConditionExpression) {
    return { ...input, ...recognised, Item: { ...input.Item, [WRITE_ID]: writeId } };
  }
  if (command !== 'UpdateItemCommand' || !input.UpdateExpression) return undefined;
  if (input.ReturnValues === 'ALL_OLD' || input.ReturnValues === 'UPDATED_OLD') return undefined;
  const setClause = /(^|\s)SET\s/i;
  const expression = setClause.test(input.UpdateExpression)
    ? input.UpdateExpression.replace(setClause, (clause) => `${clause}${NAME} = ${VALUE}, `)
    : `${input.UpdateExpression} SET ${NAME} = ${VALUE}`;
  return {
    ...input,
    ...recognised,
    UpdateExpression: expression,
    ConditionExpression: input.ConditionExpression ? `(${input.ConditionExpression}) AND ${NOT_YET}` : NOT_YET,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Whether a refused write's item, as DynamoDB returned it, holds this write's id: its first try committed. */
export function heldBy(error: unknown, writeId: string): Record<string, unknown> | undefined {
  if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') return undefined;
  const item = (error as { Item?: Record<string, { S?: string }> }).Item;
  return item?.[WRITE_ID]?.S === writeId ? unmarshall(item as Parameters<typeof unmarshall>[0]) : undefined;
}

/** The write's answer once its first try is known to have committed: the item as it stands, for a write that asked for the new values. */
const committedAnswer = (input: Input, item: Record<string, unknown>) =>
  input.ReturnValues === 'ALL_NEW' || input.ReturnValues === 'UPDATED_NEW' ? { Attributes: item } : {};

/**
 * Gives a document client's single-item writes their ids. It runs once a send, outside the SDK's
 * retries, so that every try of a write carries the same id.
 */
export function recogniseOwnWrites<I extends object, O extends object>(stack: MiddlewareStack<I, O>, onRecognised: (command: string) => void): void {
  const middleware: InitializeMiddleware<I, O> = (next, context) => async (args) => {
    const writeId = randomUUID();
    const input = withWriteId(String(context.commandName), args.input as Input, writeId);
    if (!input) return next(args);
    try {
      return await next({ ...args, input: input as I });
    } catch (error) {
      const item = heldBy(error, writeId);
      if (!item) throw error;
      onRecognised(String(context.commandName));
      const output = { $metadata: (error as { $metadata?: object }).$metadata ?? {}, ...committedAnswer(input, item) };
      return { output: output as unknown as O, response: undefined };
    }
  };
  stack.add(middleware, { step: 'initialize', name: 'recogniseOwnWrites' });
}
