/**
 * Security headers of every page, served by CloudFront on AWS and by the local gateway locally.
 * One list, so that what is tested locally is what ships.
 */
import { FIRST_PAINT_SCRIPT_HASH } from './first-paint-script';

/**
 * The page's CSP. Scripts are the app's own files, and the one first-paint line (shared/first-paint-script.ts, by its hash). `connect-src` names the app's own origin, its WebSocket origin
 * (`wss://<host>` on AWS, `ws://localhost:<port>` locally), never any ws:/wss: host, and on AWS
 * the files bucket's endpoint that upload forms are posted to (locally they go to the app's own
 * origin, see scripts/local/upload-forms.ts). `img-src` names that endpoint too: an offer's photo in
 * moderation is shown to its expert and admins from there, by a short-lived signed address.
 */
export function contentSecurityPolicy(webSocketOrigin: string, uploadFormOrigin?: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${FIRST_PAINT_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', uploadFormOrigin].filter(Boolean).join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", webSocketOrigin, uploadFormOrigin].filter(Boolean).join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The WebSocket origin of an app origin: https://app.example.com -> wss://app.example.com. */
export const webSocketOriginOf = (appOrigin: string) => appOrigin.replace(/^http/, 'ws');

/** Every header but the CSP, which depends on the host (contentSecurityPolicy). */
export const SECURITY_HEADERS: Record<string, string> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Activation and reset links carry their token in the path: never send more than the origin.
  'referrer-policy': 'strict-origin',
  // The rooms use the camera, the microphone and a screen share, from the app's own pages only (docs/rooms.md).
  'permissions-policy': 'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
};
