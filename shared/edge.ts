/**
 * What the edge (CloudFront on AWS, the local gateway on this machine) tells the functions about a
 * request. The names live here once: the CDK stacks, the local gateways and the shared request
 * handling all read them from this module.
 */

/**
 * Carries the origin secret that only the edge knows. The API and the WebSocket API answer only
 * requests that bear it, so nobody can reach them around CloudFront (and its firewall).
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The viewer's address as the edge saw it ("ip:port", IPv6 without brackets). CloudFront sets it
 * and a viewer cannot forge it; the logs and every per-client limit read the client from it, the
 * limits through clientNetworkOf.
 */
export const CLIENT_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The client's IP from a CLIENT_ADDRESS_HEADER value: everything before the last colon. */
export function clientIpOf(viewerAddress: string | undefined): string | undefined {
  if (!viewerAddress) return undefined;
  const at = viewerAddress.lastIndexOf(':');
  const ip = at > 0 ? viewerAddress.slice(0, at) : viewerAddress;
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : undefined;
}

/**
 * The client as every per-client limit counts it: an IPv4 address whole, an IPv6 address by its /64
 * network, written canonically ("2001:db8:1:2::/64"). One IPv6 subscriber holds a whole /64 and may
 * send from any of its 2^64 addresses, so a limit per address would let it rotate past the limit.
 * An IPv4-mapped address (::ffff:192.0.2.1) is its IPv4 client; anything that is no address counts
 * as the one "unknown" client, since a limit must never key on something a client may vary.
 */
export function clientNetworkOf(ip: string): string {
  if (IPV4.test(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return 'unknown';
  const [, , , , , mapped, high, low] = groups;
  if (groups.slice(0, 5).every((group) => group === 0) && mapped === 0xffff) return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  const prefix = groups.slice(0, 4).map((group) => group.toString(16));
  return `${canonicalIpv6(`${prefix.join(':')}::`)}/64`;
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** RFC 5952's spelling (lower case, no leading zeros, the longest run of zero groups as "::"), as the URL parser writes it; throws on no IPv6 address. */
const canonicalIpv6 = (ip: string) => new URL(`http://[${ip}]/`).hostname.slice(1, -1);

/** The eight 16-bit groups of an IPv6 address in any of its spellings, or undefined. */
function ipv6Groups(ip: string): number[] | undefined {
  // An address's characters only, so that the brackets hold an IPv6 literal and nothing else.
  if (!/^[0-9a-f:.]+$/i.test(ip)) return undefined;
  let canonical: string;
  try {
    canonical = canonicalIpv6(ip);
  } catch {
    return undefined;
  }
  const [head, tail = []] = canonical.split('::').map((part) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []));
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
