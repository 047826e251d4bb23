/**
 * The one file of a multipart/form-data body (RFC 7578), for the routes of the route table with an
 * `upload` field. API Gateway hands the body whole (base64-encoded when binary) and caps it at a few
 * MB, so it is read from one buffer: no streaming, no temporary files. Deliberately small and
 * strict: one part of the named field carrying a filename, at most a few other (ignored) parts,
 * short part headers, and nothing that is not well-formed.
 */

export interface UploadedFile {
  /** The part's filename as the browser sent it (browsers send the base name; old ones a Windows path). */
  fileName: string;
  /** The part's declared Content-Type, if any: a claim, never trusted for what the bytes are. */
  contentType?: string;
  data: Buffer;
}

/** Why a body is not a form with the file: not multipart at all, or not well-formed. */
export type MultipartProblem = 'not_multipart' | 'malformed' | 'several_files';

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
/** A form of a file and a few fields: more parts than this is not one of ours. */
const MAX_PARTS = 10;
/** The headers of one part (Content-Disposition and Content-Type) fit easily in this. */
const MAX_PART_HEADER_BYTES = 2048;
/** RFC 2046: 1 to 70 characters of a restricted set. */
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

export function isMultipartForm(contentType: string | undefined): contentType is string {
  return contentType !== undefined && /^multipart\/form-data\s*(;|$)/i.test(contentType);
}

/**
 * The file sent in the part named `field`, undefined when the form has no such part, or the
 * problem that makes the body unreadable as a form.
 */
export function fileOfForm(body: Buffer, contentType: string | undefined, field: string): UploadedFile | undefined | MultipartProblem {
  if (!isMultipartForm(contentType)) return 'not_multipart';
  const boundary = headerParameters(contentType).boundary;
  if (boundary === undefined || !BOUNDARY.test(boundary)) return 'malformed';
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.concat([CRLF, delimiter]);
  // A preamble before the first delimiter is allowed (and ignored); browsers send none.
  const first = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(nextDelimiter);
  if (first < 0) return 'malformed';
  let position = first + (first === 0 ? delimiter.length : nextDelimiter.length);
  let file: UploadedFile | undefined;
  for (let parts = 0; ; parts++) {
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return file; // "--": the close delimiter
    if (parts === MAX_PARTS || !body.subarray(position, position + 2).equals(CRLF)) return 'malformed';
    const headersStart = position + CRLF.length;
    const headersEnd = body.indexOf(HEADERS_END, headersStart);
    if (headersEnd < 0 || headersEnd - headersStart > MAX_PART_HEADER_BYTES) return 'malformed';
    const dataStart = headersEnd + HEADERS_END.length;
    const dataEnd = delimiterAt(body, nextDelimiter, dataStart);
    if (dataEnd < 0) return 'malformed';
    const headers = partHeaders(body.toString('utf8', headersStart, headersEnd));
    const disposition = headers?.['content-disposition'];
    if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) return 'malformed';
    const { name, filename } = headerParameters(disposition);
    if (name === undefined) return 'malformed';
    if (name === field && filename !== undefined) {
      if (file) return 'several_files';
      file = { fileName: filename, data: body.subarray(dataStart, dataEnd), ...(headers['content-type'] && { contentType: headers['content-type'] }) };
    }
    position = dataEnd + nextDelimiter.length;
  }
}

/**
 * Where the next delimiter starts: CRLF, `--boundary`, then CRLF or `--` (the close). The same bytes
 * followed by anything else are content (RFC 2046 lets content hold a boundary's prefix).
 */
function delimiterAt(body: Buffer, delimiter: Buffer, from: number): number {
  for (let at = body.indexOf(delimiter, from); at >= 0; at = body.indexOf(delimiter, at + 1)) {
    const after = body.subarray(at + delimiter.length, at + delimiter.length + 2);
    if (after.equals(CRLF) || (after[0] === 0x2d && after[1] === 0x2d)) return at;
  }
  return -1;
}

/** A part's headers by lower-case name; undefined when a line is not a header. */
function partHeaders(block: string): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The `; name=value` parameters of a header value, by lower-case name. Quoted values are taken as
 * they are: browsers percent-encode quotes in names and filenames rather than escape them (WHATWG
 * HTML's form encoding).
 */
function headerParameters(headerValue: string): Record<string, string | undefined> {
  const parameters: Record<string, string | undefined> = {};
  for (const [, name, quoted, token] of headerValue.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) {
    parameters[name.toLowerCase()] = quoted ?? token.trim();
  }
  return parameters;
}
