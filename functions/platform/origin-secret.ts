import { createHash, timingSafeEqual } from 'node:crypto';
import { getSecret } from './secrets';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** The secret's digest, computed once per Lambda instance. */
let expected: Promise<Buffer> | undefined;

/**
 * Whether a request bears the origin secret that only the edge (CloudFront, or the local gateway)
 * adds: the APIs answer nothing that went around CloudFront and its firewall.
 */
export async function cameThroughEdge(presented: string | undefined): Promise<boolean> {
  if (!presented) return false;
  expected ??= getSecret('ORIGIN_SECRET').then(digest);
  expected.catch(() => (expected = undefined));
  // Equal-length digests: the comparison takes the same time whatever was presented.
  return timingSafeEqual(digest(presented), await expected);
}
