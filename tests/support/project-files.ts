/**
 * Small valid files of every type a project may be delivered as (PDF, PNG, JPEG, WebP, ZIP and the
 * Office Open XML packages DOCX, XLSX, PPTX, which are ZIPs), and files that only pretend to be one.
 */
import { crc32 } from 'node:zlib';
import { type ApiClient, stackUrl } from './api';
import { JPEG_IMAGE, pngImage, WEBP_IMAGE } from './images';

/** A one-page PDF; `padTo` pads a comment before the trailer until the file is that many bytes. */
export function pdfDocument(padTo?: number): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n';
  const tail = 'trailer<</Root 1 0 R>>\n%%EOF\n';
  const padding = padTo === undefined ? '' : `%${'p'.repeat(Math.max(0, padTo - head.length - tail.length - 2))}\n`;
  return Buffer.from(head + padding + tail, 'latin1');
}

/** A ZIP of stored (uncompressed) entries, with a valid central directory and CRCs. */
export function zipArchive(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    directory.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const office = (main: string) => zipArchive({ '[Content_Types].xml': CONTENT_TYPES, '_rels/.rels': RELS, [main]: '<?xml version="1.0"?><root/>' });

export const DOCX_DOCUMENT = office('word/document.xml');
export const XLSX_WORKBOOK = office('xl/workbook.xml');
export const PPTX_PRESENTATION = office('ppt/presentation.xml');
export const ZIP_ARCHIVE = zipArchive({ 'notes.txt': 'Delivered notes.', 'data/figures.csv': 'a,b\n1,2\n' });

/** Every accepted type, a file of it, a name and the MIME type the browser would declare. */
export const PROJECT_FILES = [
  { type: 'application/pdf', name: 'report.pdf', bytes: pdfDocument() },
  { type: 'image/png', name: 'chart.png', bytes: pngImage(3, 2) },
  { type: 'image/jpeg', name: 'photo.jpg', bytes: JPEG_IMAGE },
  { type: 'image/webp', name: 'photo.webp', bytes: WEBP_IMAGE },
  { type: 'application/zip', name: 'sources.zip', bytes: ZIP_ARCHIVE },
  { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', name: 'essay.docx', bytes: DOCX_DOCUMENT },
  { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', name: 'model.xlsx', bytes: XLSX_WORKBOOK },
  { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', name: 'deck.pptx', bytes: PPTX_PRESENTATION },
] as const;

/** Markup named .pdf, and a Windows executable's first bytes. */
export const HTML_AS_PDF = Buffer.from('<!doctype html><html><body><script>alert(document.domain)</script></body></html>');
export const WINDOWS_EXECUTABLE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

/** The spec's multipart delivery (`projectFile`), as a browser's FormData sends it. */
export async function submitMultipart(
  client: ApiClient,
  chatId: string,
  bytes: Buffer,
  fileName = 'report.pdf',
): Promise<{ status: number; body: { msg?: string; code?: string } }> {
  const body = new FormData();
  body.append('projectFile', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName);
  const response = await fetch(`${stackUrl()}/api/chats/${chatId}/submit-project`, {
    method: 'POST',
    body,
    headers: { origin: stackUrl(), authorization: `Bearer ${client.accessToken}` },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}
