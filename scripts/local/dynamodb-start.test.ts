/**
 * DynamoDB Local's start when its port was taken between the pick and the JVM's listen: the JVM
 * exits, and the start goes on with another JVM on another port. The JVMs are stood in for: those
 * that lose the race by a process that exits at once, as the JVM does on EADDRINUSE, the one that
 * wins by a process that answers the start's check (ListTables) on its port, as DynamoDB Local does.
 * Every other file of the suite starts the real one.
 */
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

const started = vi.hoisted(() => ({
  ports: [] as number[],
  losers: 0,
  /** DynamoDB Local's answer to ListTables on a new database, on the port given as its argument. */
  winner: `require('node:http')
    .createServer((request, response) => response.setHeader('content-type', 'application/x-amz-json-1.0').end('{"TableNames":[]}'))
    .listen(Number(process.argv[1]), '127.0.0.1')`,
}));

vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:child_process')>();
  const spawn = (command: string, args: string[], options: object) => {
    // Only DynamoDB Local's JVM is stood in for.
    if (command !== 'java') return original.spawn(command, args, options);
    const port = args[args.indexOf('-port') + 1];
    started.ports.push(Number(port));
    if (started.ports.length <= started.losers) return original.spawn(process.execPath, ['-e', 'process.exit(1)'], { stdio: 'ignore' });
    return original.spawn(process.execPath, ['-e', started.winner, port], { stdio: 'ignore' });
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
  });

  it('gives up with the reason after three JVMs exited at their start', async () => {
    started.losers = 3;
    await expect(startDynamo(undefined)).rejects.toThrow('DynamoDB Local exited at its start 3 times (last: 1)');
    expect(started.ports).toHaveLength(3);
  });
});
