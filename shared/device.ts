/**
 * What the sessions list shows of a sign-in (decision 188): the device, named in the browser from
 * its user agent by a few patterns (no parsing library: a name to recognise one's own devices by,
 * not analytics), and the address it came from, masked by the server, since no offline source gives
 * a place.
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg/, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox|FxiOS/, 'Firefox'],
  [/Chrom|CriOS/, 'Chrome'],
  [/Safari/, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone/, 'iPhone'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (userAgent: string, patterns: [RegExp, string][]) => patterns.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Firefox on Windows", "Safari on iPhone", "Chrome", or "Unknown device". */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = first(userAgent, BROWSERS);
  const system = first(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** The network, not the machine: "203.0.113.x" for IPv4, the first three groups for IPv6. */
export function maskedAddress(ip: string | undefined): string {
  if (!ip || ip === 'unknown') return 'Unknown address';
  const v4 = ip.match(/^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i);
  if (v4) return `${v4[1]}.x`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:…`;
  return 'Unknown address';
}
