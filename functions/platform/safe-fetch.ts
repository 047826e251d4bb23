/**
 * Reads a text that an address given by a user serves (an expert's secret calendar address, issue
 * 25), without letting that address reach inside our network: https only, to public addresses only,
 * each redirect judged again (3 at most), 2 MB and 5 seconds at most in all. The name is resolved
 * once per hop and the connection goes to the very address that was judged, so a name that resolves
 * to a public address for the check and a private one for the connection (DNS rebinding) gets
 * nowhere.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type PublicFetchReason =
  | 'not_https'
  | 'private_address'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'bad_status'
  | 'unresolvable'
  | 'unreachable';

/** A read refused or failed; `reason` is the stable code callers branch on. */
export class PublicFetchError extends Error {
  constructor(
    readonly reason: PublicFetchReason,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface PublicFetchOptions {
  /** "host:port" pairs read over http whatever their address: the local stack's own servers. Never set on AWS. */
  allowHttpTo?: readonly string[];
  maxBytes?: number;
  /** For the whole read, redirects included. */
  timeoutMs?: number;
  /** Resolves a name to all its addresses; the system's resolver unless a test injects one. */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
}

const MAX_REDIRECTS = 3;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 5_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Addresses no user-given address may reach: each range with what it is. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix, family] of [
  ['0.0.0.0', 8, 'ipv4'], // "this network", the unspecified address
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT (Alibaba Cloud's metadata, 100.100.100.200)
  ['127.0.0.0', 8, 'ipv4'], // loopback (the Lambda runtime API among them)
  ['169.254.0.0', 16, 'ipv4'], // link-local: AWS, GCP and Azure metadata at 169.254.169.254, ECS at 169.254.170.2
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments (Oracle Cloud's metadata, 192.0.0.192)
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and the broadcast address
  ['::', 96, 'ipv6'], // unspecified, loopback, and the deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48, 'ipv6'], // NAT64 for local use
  ['100::', 64, 'ipv6'], // discard-only
  ['2001::', 32, 'ipv6'], // Teredo: tunnels to an IPv4 address of its choosing
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: tunnels to an IPv4 address of its choosing
  ['fc00::', 7, 'ipv6'], // unique local (AWS metadata's IPv6 address, fd00:ec2::254)
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
] as const)
  NON_PUBLIC.addSubnet(network, prefix, family);

/** The well-known NAT64 prefix: an IPv6-only network (a VPC with DNS64) reaches IPv4 addresses through it. */
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/**
 * Whether an IP address is one a user-given address may reach. IPv4-mapped IPv6 addresses
 * (::ffff:10.0.0.1) are judged as their IPv4 address (the block list does), NAT64 ones likewise.
 */
export function isPublicAddress(address: string): boolean {
  // A zone index (fe80::1%eth0) names an interface, never a public host.
  if (address.includes('%')) return false;
  const family = isIP(address);
  if (family === 4) return !NON_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  if (NAT64.check(address, 'ipv6')) return isPublicAddress(embeddedIpv4(address));
  return !NON_PUBLIC.check(address, 'ipv6');
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function embeddedIpv4(address: string): string {
  // The URL parser writes any IPv6 address in its canonical form, dotted tail or not.
  const hextets = new URL(`http://[${address}]/`).hostname.slice(1, -1).split(':');
  const [high = 0, low = 0] = hextets.slice(-2).map((hextet) => Number.parseInt(hextet || '0', 16));
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The system's resolver: every address of the name, as it answers them. */
async function resolveWithSystem(host: string): Promise<ResolvedAddress[]> {
  const answers = await systemLookup(host, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * The body of `url` as UTF-8 text, read under the rules above; a PublicFetchError with its reason
 * when a rule refuses it or the server fails.
 */
export async function fetchPublicText(url: string, options: PublicFetchOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    let target = parseAddress(url);
    for (let redirects = 0; ; redirects++) {
      const address = await beforeAbort(vettedAddress(target, options), abort.signal);
      const answer = await get(target, address, maxBytes, abort.signal);
      if (answer.kind === 'text') return answer.text;
      if (redirects === MAX_REDIRECTS) throw new PublicFetchError('too_many_redirects', `More than ${MAX_REDIRECTS} redirects`);
      target = parseAddress(answer.location, target);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** `url` as an address, a redirect's relative to the address that sent it. */
function parseAddress(url: string, base?: URL): URL {
  try {
    return new URL(url, base);
  } catch {
    throw new PublicFetchError('not_https', 'Not an address');
  }
}

const timedOut = () => new PublicFetchError('timeout', 'The address did not answer in time');

/** `work`, unless the signal aborts first: a resolver that hangs counts against the same time. */
function beforeAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The address to connect to for `target`, once its scheme and every address of its name are judged;
 * undefined when the name is an IP literal the connection uses as it is.
 */
async function vettedAddress(target: URL, options: PublicFetchOptions): Promise<ResolvedAddress | undefined> {
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowedOverHttp = target.protocol === 'http:' && (options.allowHttpTo ?? []).includes(`${target.hostname}:${target.port || '80'}`);
  if (target.protocol !== 'https:' && !allowedOverHttp) throw new PublicFetchError('not_https', `Only https addresses are read, not ${target.protocol}`);
  if (isIP(literal) !== 0) {
    if (!allowedOverHttp && !isPublicAddress(literal)) throw new PublicFetchError('private_address', 'The address is not a public one');
    return undefined;
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.lookup ?? resolveWithSystem)(literal);
  } catch {
    throw new PublicFetchError('unresolvable', `${literal} could not be resolved`);
  }
  const [first] = addresses;
  if (!first) throw new PublicFetchError('unresolvable', `${literal} could not be resolved`);
  // A name with any private address is refused, not narrowed to its public ones: it is not a public host.
  if (!allowedOverHttp && !addresses.every(({ address }) => isPublicAddress(address)))
    throw new PublicFetchError('private_address', `${literal} resolves to an address that is not a public one`);
  return first;
}

type Answer = { kind: 'text'; text: string } | { kind: 'redirect'; location: string };

/** One GET of `target`, connected to `address` whatever the resolver would say now. */
function get(target: URL, address: ResolvedAddress | undefined, maxBytes: number, signal: AbortSignal): Promise<Answer> {
  // Node asks for every address when it may try several (autoSelectFamily): the one judged is all there is.
  const pinnedLookup: LookupFunction | undefined =
    address &&
    ((_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    // A refused connection, a failed handshake, a body cut short: the address could not be read.
    const fail = (error: unknown) =>
      reject(
        signal.aborted
          ? timedOut()
          : error instanceof PublicFetchError
            ? error
            : new PublicFetchError('unreachable', String((error as Error).message ?? error)),
      );
    const request = client.get(
      target,
      // A fresh agent: no pooled socket opened for an earlier answer of the resolver.
      { agent: false, lookup: pinnedLookup, signal, headers: { accept: 'text/calendar, text/plain;q=0.9, */*;q=0.1' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          response.resume();
          resolve({ kind: 'redirect', location });
          return;
        }
        if (status < 200 || status > 299) {
          response.resume();
          reject(new PublicFetchError('bad_status', `The address answered ${status}`));
          return;
        }
        const tooLarge = () => new PublicFetchError('too_large', `The answer is larger than ${maxBytes} bytes`);
        if (Number(response.headers['content-length']) > maxBytes) {
          response.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ kind: 'text', text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', fail);
        // A body cut short (the time ran out, the server hung up) must not pass for the whole text.
        response.on('close', () => {
          if (!response.complete) fail(new Error('The answer was cut short'));
        });
      },
    );
    request.on('error', fail);
  });
}
