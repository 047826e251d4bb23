import { createHash, timingSafeEqual } from 'node:crypto';
import { getSecret } from './secrets';

/**
 * Whether a request bears the origin secret that only the edge (CloudFront, or the local gateway)
 * adds: the APIs answer nothing that went around CloudFront and its firewall.
 */
export async function cameThroughEdge(presented: string | undefined): Promise<boolean> {
  if (!presented) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(await getSecret('ORIGIN_SECRET')));
}
