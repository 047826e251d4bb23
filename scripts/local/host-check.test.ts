import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { allowedHosts, createHostCheck } from './host-check';

const requestTo = (host: string | undefined) => ({ headers: host === undefined ? {} : { host } }) as IncomingMessage;

describe('local host check', () => {
  it('answers the loopback names on its own port only', () => {
    const appOriginOf = createHostCheck(3000);
    expect(appOriginOf(requestTo('localhost:3000'))).toBe('http://localhost:3000');
    expect(appOriginOf(requestTo('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(appOriginOf(requestTo('[::1]:3000'))).toBe('http://[::1]:3000');
    expect(appOriginOf(requestTo('LocalHost:3000'))).toBe('http://localhost:3000');
    for (const host of [
      'evil.example:3000',
      'localhost:3001',
      'localhost',
      'localhost.:3000',
      'evil.localhost:3000',
      '127.0.0.1:3000.evil.example',
      '',
      undefined,
    ]) {
      expect(appOriginOf(requestTo(host)), String(host)).toBeUndefined();
    }
  });

  it('answers the HOST it was started with', () => {
    const appOriginOf = createHostCheck(3000, '192.168.1.5');
    expect(appOriginOf(requestTo('192.168.1.5:3000'))).toBe('http://192.168.1.5:3000');
    expect(appOriginOf(requestTo('localhost:3000'))).toBe('http://localhost:3000');
    expect(appOriginOf(requestTo('192.168.1.6:3000'))).toBeUndefined();
  });

  it("answers this machine's addresses when HOST opens every interface, and still no name", () => {
    const hosts = allowedHosts(3000, '0.0.0.0');
    expect(hosts).toContain('127.0.0.1:3000');
    expect(hosts).toContain('0.0.0.0:3000');
    expect([...hosts].every((host) => host === 'localhost:3000' || /^(\[[0-9a-f:.%a-z]+\]|[0-9.]+):3000$/.test(host))).toBe(true);
    expect(allowedHosts(3000, '::')).toContain('[::]:3000');
  });
});
