/**
 * Where a room's browsers find a relay when no direct path exists (docs/rooms.md):
 * - on AWS, Kinesis Video Streams' TURN servers: the stage's signalling channels hand out
 *   time-limited credentials (GetIceServerConfig, at the HTTPS endpoint GetSignalingChannelEndpoint
 *   names, kept for the Lambda's life);
 * - locally, a coturn server started with `use-auth-secret`, for which the TURN REST API's
 *   credentials are made here from the shared secret;
 * - otherwise none: two browsers on one machine connect over loopback.
 * Credentials live by the relay's clock, the real one, whatever the app's test clock says.
 */
import { createHmac } from 'node:crypto';
import { ROOMS } from '../../../shared/limits';
import type { IceServersView } from '../../../shared/schemas/rooms';
import { config } from '../../platform/config';

/** TURN REST API credentials (draft-uberti-rtcweb-turn-rest): the user name carries their end, the password is its HMAC. */
export function turnRestCredentials(url: string, secret: string, userId: string, nowMs: number): Required<IceServersView> {
  const endsAt = Math.floor(nowMs / 1000) + ROOMS.iceCredentialSeconds;
  const username = `${endsAt}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { iceServers: [{ urls: [url], username, credential }], expiresAt: new Date(endsAt * 1000).toISOString() };
}

/** A channel's HTTPS signalling endpoint does not change: asked once per channel and Lambda instance. */
const endpoints = new Map<string, Promise<string>>();

async function signalingEndpoint(channelArn: string): Promise<string> {
  let endpoint = endpoints.get(channelArn);
  if (!endpoint) {
    endpoint = (async () => {
      const { KinesisVideoClient, GetSignalingChannelEndpointCommand } = await import('@aws-sdk/client-kinesis-video');
      const answer = await new KinesisVideoClient({ region: config.region }).send(
        new GetSignalingChannelEndpointCommand({
          ChannelARN: channelArn,
          SingleMasterChannelEndpointConfiguration: { Protocols: ['HTTPS'], Role: 'VIEWER' },
        }),
      );
      const https = answer.ResourceEndpointList?.find((entry) => entry.Protocol === 'HTTPS')?.ResourceEndpoint;
      if (!https) throw new Error(`No HTTPS endpoint for signalling channel ${channelArn}`);
      return https;
    })();
    endpoints.set(channelArn, endpoint);
    endpoint.catch(() => endpoints.delete(channelArn));
  }
  return endpoint;
}

/** A room always asks the same channel of the stage's pool, so that the pool shares the per-channel request quota evenly. */
export function channelOf(orderId: string, channelArns: readonly string[]): string {
  let hash = 0;
  for (const character of orderId) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return channelArns[hash % channelArns.length];
}

/** Kinesis Video Streams' TURN servers for a room, from the stage's channels; the caller keeps them (the channels' request quota). */
export async function kinesisCredentials(channelArns: readonly string[], orderId: string, nowMs: number): Promise<Required<IceServersView>> {
  const channelArn = channelOf(orderId, channelArns);
  const endpoint = await signalingEndpoint(channelArn);
  const { KinesisVideoSignalingClient, GetIceServerConfigCommand } = await import('@aws-sdk/client-kinesis-video-signaling');
  const answer = await new KinesisVideoSignalingClient({ region: config.region, endpoint }).send(
    new GetIceServerConfigCommand({ ChannelARN: channelArn, ClientId: `room-${orderId}`, Service: 'TURN' }),
  );
  const servers = answer.IceServerList ?? [];
  const ttlSeconds = Math.min(...servers.map((server) => server.Ttl ?? ROOMS.iceCredentialSeconds), ROOMS.iceCredentialSeconds);
  return {
    iceServers: [
      { urls: [`stun:stun.kinesisvideo.${config.region}.amazonaws.com:443`] },
      ...servers.map((server) => ({ urls: server.Uris ?? [], username: server.Username, credential: server.Password })),
    ],
    expiresAt: new Date(nowMs + ttlSeconds * 1000).toISOString(),
  };
}

/** The local relay's servers (coturn), made on the spot, or none when the stack runs none (loopback). */
export function localIceServers(userId: string, nowMs: number): IceServersView {
  const { turnUrl, turnSecret } = config;
  return turnUrl && turnSecret ? turnRestCredentials(turnUrl, turnSecret, userId, nowMs) : { iceServers: [] };
}
