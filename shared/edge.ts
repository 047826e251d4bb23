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
 * and a viewer cannot forge it; the logs and every per-client limit read the client from it.
 */
export const CLIENT_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The client's IP from a CLIENT_ADDRESS_HEADER value: everything before the last colon. */
export function clientIpOf(viewerAddress: string | undefined): string | undefined {
  if (!viewerAddress) return undefined;
  const at = viewerAddress.lastIndexOf(':');
  const ip = at > 0 ? viewerAddress.slice(0, at) : viewerAddress;
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : undefined;
}
