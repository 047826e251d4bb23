/** Small real image files for upload tests, and files that only pretend to be images. */
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A valid RGB PNG of width x height pixels of one colour. `padTo` appends a private ancillary
 * chunk (which viewers skip) until the file is exactly that many bytes (at least 12 more than the image).
 */
export function pngImage(width = 2, height = 2, padTo?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x66)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const chunks = [pngChunk('IHDR', header), pngChunk('IDAT', pixels)];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const size = signature.length + chunks.reduce((sum, chunk) => sum + chunk.length, 0) + end.length;
  if (padTo !== undefined) chunks.push(pngChunk('pdDg', Buffer.alloc(padTo - size - 12)));
  return Buffer.concat([signature, ...chunks, end]);
}

/** 1x1 images of the other formats (well-known minimal files). */
export const WEBP_IMAGE = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
export const GIF_IMAGE = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const JPEG_IMAGE = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** Markup sent as an image: what the content check is for. */
export const HTML_AS_IMAGE = Buffer.from('<!doctype html><script>alert(document.domain)</script>');
