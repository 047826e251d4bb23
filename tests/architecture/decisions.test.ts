/**
 * The decision log (docs/decisions.md) is a map the code points into: comments cite `decision 47`,
 * `decisions 221 to 224` or `docs/decisions.md 168`, so a number never changes and every number
 * cited must be an entry of the log, live or kept in its appendix of superseded decisions. The
 * index at the top lists every entry once, by links that must land. Markdown shows a list's first
 * number and counts on from it, so each entry must also follow its predecessor in its list.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const LOG = 'docs/decisions.md';
const CITING_FOLDERS = ['functions', 'web/src', 'shared', 'scripts', 'tests', 'infra', 'bench', '.ci', 'docs'];
/** Numbers the log skipped when it was written (they never held an entry); no other number may be missing. */
const NEVER_USED = [204, 205, 208, 218];
const APPENDIX = '## Appendix: superseded decisions';

/** A cited list: `47`, `206 and 207`, `221 to 224`, `181-185, 206`, `40, 42 and 45`. */
const CITATION = /\b(?:decisions?|decisions\.md,?)[ \t]+(\d+(?:(?:[ \t]*,[ \t]*(?:and[ \t]+)?|[ \t]+(?:and|or|to)[ \t]+|[ \t]*[-–][ \t]*)\d+)*)/gi;

function citingFiles(folder: string): string[] {
  if (!existsSync(join(ROOT, folder))) return [];
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return citingFiles(path);
    return /\.(tsx?|md|json|sh)$/.test(name) && path !== LOG ? [path] : [];
  });
}

/** The numbers of a cited list, each number of a range included. */
function numbersOf(list: string): number[] {
  const numbers: number[] = [];
  let range = false;
  for (const [token] of list.matchAll(/\d+|to|[-–]/gi)) {
    if (!/\d/.test(token)) {
      range = true;
      continue;
    }
    const last = numbers.at(-1);
    if (range && last !== undefined) for (let n = last + 1; n < Number(token); n++) numbers.push(n);
    numbers.push(Number(token));
    range = false;
  }
  return numbers;
}

interface Citation {
  where: string;
  number: number;
}

function citationsIn(file: string, text: string): Citation[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(CITATION)].flatMap((match) => numbersOf(match[1]).map((number) => ({ where: `${file}:${index + 1}`, number }))),
    );
}

const log = readFileSync(join(ROOT, LOG), 'utf8');
const lines = log.split('\n');
const appendixAt = lines.indexOf(APPENDIX);

interface Entry {
  number: number;
  /** The id of the `<a>` the entry's line starts with, after its number. */
  anchor: string | undefined;
  line: number;
  inAppendix: boolean;
}

const entries: Entry[] = lines.flatMap((text, index) => {
  const match = text.match(/^(\d+)\. (?:<a id="([^"]+)"><\/a>)?/);
  return match ? [{ number: Number(match[1]), anchor: match[2], line: index + 1, inAppendix: appendixAt >= 0 && index > appendixAt }] : [];
});
/** Where each number stands: its live entry, or the pointer left where a superseded one stood. */
const placed = entries.filter((entry) => !entry.inAppendix);
const placedNumbers = new Set(placed.map((entry) => entry.number));
const appendixNumbers = new Set(entries.filter((entry) => entry.inAppendix).map((entry) => entry.number));

/** GitHub's id of a heading: lower case, punctuation dropped, spaces as hyphens. */
const headingId = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

describe('the decisions the code cites', () => {
  const citations = CITING_FOLDERS.flatMap(citingFiles).flatMap((file) => citationsIn(file, readFileSync(join(ROOT, file), 'utf8')));

  it('are found in every form the code writes them', () => {
    expect(citations.length).toBeGreaterThan(100);
    expect(numbersOf('221 to 224')).toEqual([221, 222, 223, 224]);
    expect(numbersOf('166-169, 200-202')).toEqual([166, 167, 168, 169, 200, 201, 202]);
    expect(numbersOf('40, 42 and 45')).toEqual([40, 42, 45]);
    expect(citationsIn('x', 'issue 24, the decision log, Decisions 90–97 and their tests, docs/decisions.md, 132').map((c) => c.number)).toEqual([
      90, 91, 92, 93, 94, 95, 96, 97, 132,
    ]);
  });

  it('are each an entry of the log', () => {
    const missing = citations.filter((citation) => !placedNumbers.has(citation.number));
    expect(missing.map(({ where, number }) => `${where} cites decision ${number}, which ${LOG} does not hold`)).toEqual([]);
  });

  it('are each an entry of the log in the log itself too', () => {
    const missing = citationsIn(LOG, log).filter((citation) => !placedNumbers.has(citation.number));
    expect(missing.map(({ where, number }) => `${where} cites decision ${number}, which is no entry`)).toEqual([]);
  });
});

describe('the decision log', () => {
  it('holds every number from 1 to the highest once, but those never used', () => {
    const numbers = placed.map((entry) => entry.number);
    const highest = Math.max(...numbers);
    const duplicates = placed.filter((entry, index) => numbers.indexOf(entry.number) !== index);
    expect(duplicates.map((entry) => `${LOG}:${entry.line} repeats decision ${entry.number}`)).toEqual([]);
    const gaps = Array.from({ length: highest }, (_, index) => index + 1).filter((number) => !placedNumbers.has(number));
    expect(gaps, `numbers missing from ${LOG}`).toEqual(NEVER_USED);
  });

  it('starts each entry with its number and its anchor: d<n> where it stands, superseded-<n> in the appendix', () => {
    const wrong = entries.filter((entry) => entry.anchor !== (entry.inAppendix ? `superseded-${entry.number}` : `d${entry.number}`));
    expect(wrong.map((entry) => `${LOG}:${entry.line} decision ${entry.number} has the anchor ${entry.anchor ?? 'none'}`)).toEqual([]);
  });

  it('keeps each superseded decision in the appendix once, behind a pointer where it stood', () => {
    const appendix = entries.filter((entry) => entry.inAppendix).map((entry) => entry.number);
    expect(new Set(appendix).size, 'a decision twice in the appendix').toBe(appendix.length);
    const pointers = placed.filter((entry) => lines[entry.line - 1].includes(`](#superseded-${entry.number})`)).map((entry) => entry.number);
    expect(pointers.sort((a, b) => a - b)).toEqual(appendix.sort((a, b) => a - b));
  });

  it('shows each entry with its own number: none continues a list whose last item is not the number before it', () => {
    const misnumbered: string[] = [];
    let previous: number | undefined;
    lines.forEach((text, index) => {
      const number = text.match(/^(\d+)\. /)?.[1];
      if (number !== undefined) {
        if (previous !== undefined && Number(number) !== previous + 1)
          misnumbered.push(`${LOG}:${index + 1} decision ${number} follows ${previous} in one list`);
        previous = Number(number);
      } else if (/^\S/.test(text)) previous = undefined; // a heading or paragraph at the margin ends the list
    });
    expect(misnumbered).toEqual([]);
  });

  it('lists every entry once in its index, linked to the entry', () => {
    const start = lines.indexOf('## Index');
    expect(start, `${LOG} has no "## Index"`).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((text, index) => index > start && text.startsWith('## '));
    const listed = lines.slice(start, end).flatMap((text) => {
      const match = text.match(/^- \[(\d+)\]\(#([^)]+)\)/);
      return match ? [{ number: Number(match[1]), anchor: match[2] }] : [];
    });
    const counts = new Map<number, number>();
    for (const { number } of listed) counts.set(number, (counts.get(number) ?? 0) + 1);
    const notOnce = [...placedNumbers].filter((number) => counts.get(number) !== 1);
    expect(notOnce.map((number) => `decision ${number} is listed ${counts.get(number) ?? 0} times in the index`)).toEqual([]);
    const strays = listed.filter(({ number }) => !placedNumbers.has(number));
    expect(strays.map(({ number }) => `the index lists decision ${number}, which is no entry`)).toEqual([]);
    const misdirected = listed.filter(({ number, anchor }) => anchor !== (appendixNumbers.has(number) ? `superseded-${number}` : `d${number}`));
    expect(misdirected.map(({ number, anchor }) => `the index links decision ${number} to #${anchor}`)).toEqual([]);
  });

  it('links only to anchors it has', () => {
    const anchors = new Set([
      ...[...log.matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1]),
      ...lines.filter((text) => /^#+ /.test(text)).map((text) => headingId(text.replace(/^#+ /, ''))),
    ]);
    const broken = lines.flatMap((text, index) =>
      [...text.matchAll(/\]\(#([^)]+)\)/g)].filter((match) => !anchors.has(match[1])).map((match) => `${LOG}:${index + 1} links to #${match[1]}`),
    );
    expect(broken).toEqual([]);
  });
});
