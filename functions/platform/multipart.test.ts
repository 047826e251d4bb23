/** The multipart/form-data reader of upload routes, against bodies encoded as browsers (undici's FormData) encode them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileOfForm } from './multipart';

/** A form encoded as fetch sends it: its bytes and Content-Type. */
async function encoded(parts: [name: string, value: string | { bytes: Uint8Array; fileName: string; type?: string }][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type ?? '' }), value.fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

const raw = (text: string) => Buffer.from(text.replaceAll('\n', '\r\n'), 'latin1');

describe('the file of a multipart form', () => {
  it('is the part of the named field that has a filename, its bytes exactly, whatever they hold', async () => {
    const bytes = Uint8Array.from({ length: 1024 }, (_, i) => i % 256);
    const { body, contentType } = await encoded([
      ['note', 'hello'],
      ['projectFile', { bytes, fileName: 'report final.pdf', type: 'application/pdf' }],
    ]);
    const file = fileOfForm(body, contentType, 'projectFile');
    expect(file).toEqual({ fileName: 'report final.pdf', contentType: 'application/pdf', data: Buffer.from(bytes) });
  });

  it('keeps any bytes, even ones that look like a delimiter without being one', () => {
    fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const { body, contentType } = await encoded([['projectFile', { bytes, fileName: 'x.bin' }]]);
        const file = fileOfForm(body, contentType, 'projectFile');
        expect(typeof file === 'object' && file.data).toEqual(Buffer.from(bytes));
      }),
      { numRuns: 50 },
    );
    const tricky = raw('--b\nContent-Disposition: form-data; name="f"; filename="a"\n\n--b-\n--bx\n\n--b--\n');
    expect(fileOfForm(tricky, 'multipart/form-data; boundary=b', 'f')).toMatchObject({ data: Buffer.from('--b-\r\n--bx\r\n', 'latin1') });
  });

  it('is undefined when the form has no file in that field (a plain field of the name is no file)', async () => {
    const other = await encoded([['other', { bytes: new Uint8Array([1]), fileName: 'a' }]]);
    expect(fileOfForm(other.body, other.contentType, 'projectFile')).toBeUndefined();
    const plain = await encoded([['projectFile', 'not a file']]);
    expect(fileOfForm(plain.body, plain.contentType, 'projectFile')).toBeUndefined();
  });

  it('refuses a body that is not multipart, one that is cut short or not well-formed, and two files in the field', async () => {
    expect(fileOfForm(Buffer.from('{}'), 'application/json', 'f')).toBe('not_multipart');
    expect(fileOfForm(Buffer.from('x'), undefined, 'f')).toBe('not_multipart');
    expect(fileOfForm(raw('--b\nContent-Disposition: form-data; name="f"; filename="a"\n\nabc'), 'multipart/form-data; boundary=b', 'f')).toBe('malformed');
    expect(fileOfForm(raw('--b\nContent-Disposition: form-data; name="f"\n\nabc\n--b--'), 'multipart/form-data', 'f')).toBe('malformed');
    expect(fileOfForm(raw('--b\nNo header here\n\nabc\n--b--'), 'multipart/form-data; boundary=b', 'f')).toBe('malformed');
    expect(fileOfForm(raw('--b\nContent-Disposition: attachment; name="f"\n\nabc\n--b--'), 'multipart/form-data; boundary=b', 'f')).toBe('malformed');
    expect(fileOfForm(raw('no delimiter at all'), 'multipart/form-data; boundary=b', 'f')).toBe('malformed');
    const long = raw(`--b\nContent-Disposition: form-data; name="f"; filename="${'a'.repeat(3000)}"\n\nabc\n--b--`);
    expect(fileOfForm(long, 'multipart/form-data; boundary=b', 'f')).toBe('malformed');
    const many = raw(`${'--b\nContent-Disposition: form-data; name="x"\n\n1\n'.repeat(11)}--b--`);
    expect(fileOfForm(many, 'multipart/form-data; boundary=b', 'f')).toBe('malformed');
    const twice = await encoded([
      ['f', { bytes: new Uint8Array([1]), fileName: 'a' }],
      ['f', { bytes: new Uint8Array([2]), fileName: 'b' }],
    ]);
    expect(fileOfForm(twice.body, twice.contentType, 'f')).toBe('several_files');
  });

  it('takes a quoted boundary and ignores a preamble', () => {
    const body = raw('preamble\n--a b\nContent-Disposition: form-data; name="f"; filename="n.txt"\n\nhi\n--a b--\n');
    expect(fileOfForm(body, 'multipart/form-data; boundary="a b"', 'f')).toMatchObject({ fileName: 'n.txt', data: Buffer.from('hi') });
  });
});
