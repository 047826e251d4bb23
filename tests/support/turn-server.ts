/**
 * The test run's own TURN relay: Debian's coturn (`turnserver`, installed by .ci/run), started on a
 * free loopback port of its own, with its own configuration and a fresh shared secret, so that the
 * rooms' ICE servers (functions/contexts/rooms/ice-servers.ts) hand out TURN REST credentials it
 * accepts. `--allow-loopback-peers` lets it relay between two browsers on this machine. The
 * package's own service (port 3478) is never used.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TurnServer {
  /** As the stacks read it: TURN_URL. */
  url: string;
  /** As the stacks read it: TURN_SECRET. */
  secret: string;
  stop(): void;
}

const READY_TIMEOUT_MS = 10_000;
const START_ATTEMPTS = 3;

export const turnInstalled = (): boolean => spawnSync('turnserver', ['--version'], { stdio: 'ignore' }).error === undefined;

/** A UDP port nobody holds now. */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolveBind) => socket.bind(0, '127.0.0.1', resolveBind));
  const { port } = socket.address();
  await new Promise<void>((resolveClose) => socket.close(() => resolveClose()));
  return port;
}

/** The relay's address as the stacks read it (TURN_URL), and back. */
const turnUrl = (port: number) => `turn:127.0.0.1:${port}?transport=udp`;
const portOf = (url: string) => Number(/^turn:127\.0\.0\.1:(\d+)\?/.exec(url)?.[1]);

/** Whether the relay at a TURN_URL this file made answers a STUN request now (a call's diagnostics). */
export const relayAnswers = (url: string, timeoutMs: number): Promise<boolean> => answersStun(portOf(url), timeoutMs);

/** A STUN Binding request (RFC 8489): the relay answers one once it listens. */
function answersStun(port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = createSocket('udp4');
    const request = Buffer.alloc(20);
    request.writeUInt16BE(0x0001, 0);
    request.writeUInt32BE(0x2112a442, 4);
    randomBytes(12).copy(request, 8);
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolveAnswer(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('message', (message) => done(message.readUInt16BE(0) === 0x0101));
    socket.on('error', () => done(false));
    socket.send(request, port, '127.0.0.1');
  });
}

/**
 * The relay, on a port of its own. A start that did not answer within its time, coturn still running,
 * was seen once in a day's runs on a busy machine; the port was free when chosen, but another process
 * may take it before coturn binds it. So such a start is stopped and made again on another port.
 */
export async function startTurnServer(): Promise<TurnServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTurnServerOnce();
    } catch (error) {
      if (attempt === START_ATTEMPTS) throw error;
    }
  }
}

async function startTurnServerOnce(): Promise<TurnServer> {
  const folder = mkdtempSync(join(tmpdir(), 'turn-'));
  const port = await freeUdpPort();
  const secret = randomBytes(24).toString('hex');
  const child: ChildProcess = spawn(
    'turnserver',
    [
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=rooms.test',
      '--allow-loopback-peers',
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--no-stdout-log',
      `--userdb=${join(folder, 'turndb')}`,
      `--pidfile=${join(folder, 'turnserver.pid')}`,
      `--log-file=${join(folder, 'turnserver.log')}`,
    ],
    { stdio: 'ignore' },
  );
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answersStun(port, 250))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`coturn did not answer on 127.0.0.1:${port} (exit code ${child.exitCode})`);
    }
  }
  return { url: turnUrl(port), secret, stop };
}
