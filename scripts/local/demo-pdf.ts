/**
 * A one-page PDF with a title and paragraphs in Helvetica, for the projects the demo experts
 * deliver: a real document that any viewer opens (with its cross-reference table), in about 1 KB.
 * Text is Latin-1 (WinAnsi), wrapped at a fixed width.
 */

const LINE_CHARACTERS = 88;

/** Words wrapped into lines of at most LINE_CHARACTERS. */
function wrap(paragraph: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line && line.length + 1 + word.length > LINE_CHARACTERS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** A PDF string literal: backslashes and parentheses escaped. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

export function demoPdf(title: string, paragraphs: string[]): Buffer {
  // A blank line between paragraphs.
  const body = paragraphs.flatMap((paragraph, at) => (at === 0 ? wrap(paragraph) : ['', ...wrap(paragraph)]));
  const content = [
    `BT /F1 16 Tf 56 780 Td ${literal(title)} Tj ET`,
    `BT /F1 11 Tf 15 TL 56 748 Td ${body.map((line) => `${literal(line)} Tj T*`).join(' ')} ET`,
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, at) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${at + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
