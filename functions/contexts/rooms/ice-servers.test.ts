import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROOMS } from '../../../shared/limits';
import { channelOf, turnRestCredentials } from './ice-servers';

describe('TURN REST credentials', () => {
  it('name their end in the user name and sign it with the shared secret, as coturn’s use-auth-secret checks', () => {
    const now = Date.UTC(2026, 11, 1, 10);
    const servers = turnRestCredentials('turn:127.0.0.1:3478', 'shared-secret', 'user-1', now);
    const endsAt = now / 1000 + ROOMS.iceCredentialSeconds;
    expect(servers).toEqual({
      iceServers: [{ urls: ['turn:127.0.0.1:3478'], username: `${endsAt}:user-1`, credential: expect.any(String) }],
      expiresAt: new Date(endsAt * 1000).toISOString(),
    });
    const { username, credential } = servers.iceServers[0];
    expect(credential).toBe(createHmac('sha1', 'shared-secret').update(username!).digest('base64'));
    expect(turnRestCredentials('turn:127.0.0.1:3478', 'another-secret', 'user-1', now).iceServers[0].credential).not.toBe(credential);
  });
});

describe('channelOf', () => {
  it('always sends one room to the same channel, and spreads rooms over the pool', () => {
    const pool = ['arn:a', 'arn:b', 'arn:c', 'arn:d'];
    expect(channelOf('order-42', pool)).toBe(channelOf('order-42', pool));
    const used = new Set(Array.from({ length: 200 }, (_, index) => channelOf(`order-${index}`, pool)));
    expect(used).toEqual(new Set(pool));
  });
});
