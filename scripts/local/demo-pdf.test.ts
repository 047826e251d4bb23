import { describe, expect, it } from 'vitest';
import { demoPdf } from './demo-pdf';

describe('the demo PDF', () => {
  const pdf = demoPdf('Contract review (annotated)', [
    'Prepared for Alice Martin by Sophie Laurent.',
    'A paragraph long enough to be wrapped: the non-compete clause covers all of France for two years without any payment in return, with a \\ and (brackets).',
  ]);
  const text = pdf.toString('latin1');

  it('has a cross-reference table whose offsets point at its objects, and a content stream of its stated length', () => {
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/(\d{10}) 00000 n \n/g)].map((match) => Number(match[1]));
    expect(offsets.map((offset) => text.slice(offset, offset + 8))).toEqual(['1 0 obj\n', '2 0 obj\n', '3 0 obj\n', '4 0 obj\n', '5 0 obj\n']);
    const stream = /\/Length (\d+) >>\nstream\n/.exec(text);
    const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0);
    expect(text.slice(start + Number(stream?.[1]), start + Number(stream?.[1]) + 11)).toBe('\nendstream\n');
  });

  it('writes the title and wrapped paragraphs as escaped string literals', () => {
    expect(text).toContain('(Contract review \\(annotated\\)) Tj');
    const lines = [...text.matchAll(/\((.*?)\) Tj T\*/g)].map((match) => match[1]);
    expect(lines[0]).toBe('Prepared for Alice Martin by Sophie Laurent.');
    expect(lines[1]).toBe('');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(88 + 6);
    expect(text).toContain('with a \\\\ and \\(brackets\\).');
  });
});
