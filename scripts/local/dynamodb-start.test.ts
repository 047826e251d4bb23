/**
 * DynamoDB Local's start when its port was taken between the pick and the JVM's listen: the JVM
 * exits, and the start goes on with another JVM on another port. The JVMs that lose the race are
 * stood in for by a process that exits at once, as the JVM does on EADDRINUSE; the one that wins is
 * the real DynamoDB Local.
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

const started = vi.hoisted(() => ({ ports: [] as number[], losers: 0 }));

vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:child_process')>();
  const spawn = (command: string, args: string[], options: object) => {
    if (command !== 'java') return original.spawn(command, args, options);
    started.ports.push(Number(args[args.indexOf('-port') + 1]));
    if (started.ports.length <= started.losers) return original.spawn(process.execPath, ['-e', 'process.exit(1)'], { stdio: 'ignore' });
    return original.spawn(command, args, options);
  };
  return { ...original, spawn };
});

const { LOCAL_CREDENTIALS, startDynamo } = await import('./dynamodb');
const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');

afterEach(() => {
  started.ports.length = 0;
});

describe('DynamoDB Local’s start', () => {
  it('starts again on another port when the JVM exits at its start', async () => {
    started.losers = 1;
    const dynamo = await startDynamo(undefined);
    try {
      expect(started.ports).toHaveLength(2);
      expect(dynamo.endpoint).toBe(`http://127.0.0.1:${started.ports[1]}`);
      const client = new DynamoDBClient({
        endpoint: dynamo.endpoint,
        region: LOCAL_CREDENTIALS.AWS_REGION,
        credentials: { accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
      });
      await expect(client.send(new ListTablesCommand({}))).resolves.toMatchObject({ TableNames: [] });
      client.destroy();
    } finally {
      dynamo.stop();
    }
  }, 30_000);

  it('gives up with the reason after three JVMs exited at their start', async () => {
    started.losers = 3;
    await expect(startDynamo(undefined)).rejects.toThrow('DynamoDB Local exited at its start 3 times (last: 1)');
    expect(started.ports).toHaveLength(3);
  });
});
