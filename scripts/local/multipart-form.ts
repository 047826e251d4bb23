/**
 * A multipart/form-data body (RFC 7578) read as S3's POST Object reads it: the part named `file`
 * is the file whatever its headers, the fields before it are the form, and parts after it are
 * ignored except that a second `file` is counted (S3 takes exactly one).
 */

export interface FormField {
  /** As sent: S3 compares field names without regard to case, so callers do. */
  name: string;
  value: string;
}

export interface PostedFile {
  /** The part's filename parameter, when it has one: what `${filename}` stands for. */
  filename?: string;
  data: Buffer;
}

export interface PostedForm {
  /** The fields before the file, in order. */
  fields: FormField[];
  file?: PostedFile;
  fileCount: number;
  /** Bytes of the body before the file's content (all of it without a file): S3 allows 20 KB. */
  bytesBeforeFile: number;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const CLOSE = Buffer.from('--');

const MULTIPART_FORM = /^multipart\/form-data\s*(;|$)/i;

export function isMultipartForm(contentType: string | undefined): contentType is string {
  return contentType !== undefined && MULTIPART_FORM.test(contentType);
}

/** The boundary parameter of a Content-Type, if it has a non-empty one. */
export function boundaryOf(contentType: string): string | undefined {
  return headerParameters(contentType).boundary || undefined;
}

/** The parts of a body delimited by `boundary`; undefined when it is not well-formed. */
export function parsePostedForm(body: Buffer, boundary: string): PostedForm | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.concat([CRLF, delimiter]);
  const form: PostedForm = { fields: [], fileCount: 0, bytesBeforeFile: body.length };
  const first = body.indexOf(delimiter);
  if (first < 0) return undefined;
  let position = first + delimiter.length;
  while (!body.subarray(position, position + 2).equals(CLOSE)) {
    if (!body.subarray(position, position + 2).equals(CRLF)) return undefined;
    const headersEnd = body.indexOf(HEADERS_END, position);
    if (headersEnd < 0) return undefined;
    const dataStart = headersEnd + HEADERS_END.length;
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd < 0) return undefined;
    const disposition = contentDisposition(body.toString('utf8', position + CRLF.length, headersEnd));
    if (!disposition) return undefined;
    const data = body.subarray(dataStart, dataEnd);
    if (disposition.name.toLowerCase() === 'file') {
      form.fileCount += 1;
      if (!form.file) {
        form.file = { filename: disposition.filename, data };
        form.bytesBeforeFile = dataStart;
      }
    } else if (!form.file) {
      form.fields.push({ name: disposition.name, value: data.toString('utf8') });
    }
    position = dataEnd + nextDelimiter.length;
  }
  return form;
}

/** The name and filename of a part's `Content-Disposition: form-data`; undefined without one. */
function contentDisposition(headerBlock: string): { name: string; filename?: string } | undefined {
  for (const line of headerBlock.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^form-data\s*(;|$)/i.test(value)) return undefined;
    const { name, filename } = headerParameters(value);
    return name === undefined ? undefined : { name, filename };
  }
  return undefined;
}

/**
 * The `; name=value` parameters of a header value, by lower-case name. Quoted values are taken
 * as they are: browsers percent-encode quotes in names and filenames rather than escape them
 * (WHATWG HTML), and old ones send Windows paths with their backslashes.
 */
function headerParameters(headerValue: string): Record<string, string | undefined> {
  const parameters: Record<string, string | undefined> = {};
  for (const [, name, quoted, token] of headerValue.matchAll(/;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g)) {
    parameters[name.toLowerCase()] = quoted ?? token.trim();
  }
  return parameters;
}
