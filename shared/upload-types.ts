/**
 * What /uploads/* may serve, and how: only these types, always with nosniff and a sandboxing CSP,
 * documents as attachments. CloudFront (a viewer-response function generated from this list) and
 * the local gateway apply the same rule, so nothing uploaded can ever run as a script or a page.
 */
export const UPLOAD_TYPES = {
  'image/jpeg': 'inline',
  'image/png': 'inline',
  'image/webp': 'inline',
  'application/pdf': 'attachment',
} as const satisfies Record<string, 'inline' | 'attachment'>;

export type UploadType = keyof typeof UPLOAD_TYPES;

/** Served with every upload: never sniffed, never a document that can run script. */
export const UPLOAD_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
} as const;

/** The headers to serve an object of this content type with, or undefined when it must not be served. */
export function uploadHeaders(contentType: string | undefined): Record<string, string> | undefined {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase() as UploadType;
  const disposition = UPLOAD_TYPES[type];
  if (!disposition) return undefined;
  return { 'content-type': type, ...UPLOAD_RESPONSE_HEADERS, ...(disposition === 'attachment' ? { 'content-disposition': 'attachment' } : {}) };
}
