/**
 * The import rules that keep the tree's shape, read from the code itself (the linter's import
 * patterns cannot say "another feature" or "another context's repository"):
 * - a web feature never imports another feature, and shared UI, lib and api never import one;
 * - a context never imports another context's repository, nor any entry point;
 * - an entry point imports only its contexts' services and the platform;
 * - the platform knows no context and no entry point; the contract knows neither functions nor web.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ALIASES: Record<string, string> = { '@/': 'web/src/', '@shared/': 'shared/' };

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The repository paths (without extension) a file imports, relative and aliased; packages are left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((match) => match[1]);
  return specifiers.flatMap((specifier) => {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    if (alias) return [ALIASES[alias] + specifier.slice(alias.length)];
    if (specifier.startsWith('.')) return [relative(ROOT, resolve(ROOT, dirname(file), specifier))];
    return [];
  });
}

interface Breach {
  file: string;
  imports: string;
}

function breaches(folder: string, refused: (file: string, target: string) => boolean): Breach[] {
  return sourceFiles(folder).flatMap((file) => importsOf(file).flatMap((target) => (refused(file, target) ? [{ file, imports: target }] : [])));
}

const featureOf = (path: string) => path.match(/^web\/src\/features\/([^/]+)\//)?.[1];
const contextOf = (path: string) => path.match(/^functions\/contexts\/([^/]+)\//)?.[1];
const isRepository = (path: string) => /^functions\/contexts\/[^/]+\/([\w-]+-)?repository(\.ts)?$/.test(path);
const isService = (path: string) => /^functions\/contexts\/[^/]+\/([\w-]+-)?service(\.ts)?$/.test(path);

describe('the web', () => {
  it('keeps each feature to itself: no feature imports another', () => {
    expect(breaches('web/src/features', (file, target) => featureOf(target) !== undefined && featureOf(target) !== featureOf(file))).toEqual([]);
  });

  it('keeps shared UI, lib and the shared calls free of features', () => {
    for (const folder of ['web/src/components', 'web/src/lib', 'web/src/api'])
      expect(
        breaches(folder, (_file, target) => featureOf(target) !== undefined),
        folder,
      ).toEqual([]);
  });

  it('never pulls server code or CDK into the browser bundle', () => {
    expect(breaches('web/src', (_file, target) => /^(functions|infra|scripts)\//.test(target))).toEqual([]);
  });
});

describe('the functions', () => {
  it('lets a context reach another context only through its service, entities and transaction parts, never its repository', () => {
    expect(breaches('functions/contexts', (file, target) => isRepository(target) && contextOf(target) !== contextOf(file))).toEqual([]);
  });

  it('keeps rules unaware of how they are invoked', () => {
    expect(breaches('functions/contexts', (_file, target) => target.startsWith('functions/lambdas/'))).toEqual([]);
  });

  it('lets an entry point import only services of contexts, and the platform', () => {
    expect(breaches('functions/lambdas', (_file, target) => target.startsWith('functions/contexts/') && !isService(target))).toEqual([]);
  });

  it('keeps the platform free of any context and entry point', () => {
    expect(breaches('functions/platform', (_file, target) => /^functions\/(contexts|lambdas)\//.test(target))).toEqual([]);
  });

  it('lets only the orders Lambda load the payment provider (it alone holds the Stripe secret)', () => {
    const loadsStripe = (entry: string) => {
      const seen = new Set<string>();
      const pending = [entry];
      while (pending.length > 0) {
        const file = pending.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        if (/\bimport\s+\w+\s+from\s+['"]stripe['"]/.test(readFileSync(join(ROOT, file), 'utf8'))) return true;
        pending.push(
          ...importsOf(file)
            .map((target) => (target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`))
            .filter((target) => target.startsWith('functions/') || target.startsWith('shared/')),
        );
      }
      return false;
    };
    const handlers = sourceFiles('functions/lambdas').filter((file) => file.endsWith('/handler.ts'));
    expect(handlers.filter(loadsStripe)).toEqual(['functions/lambdas/orders/handler.ts']);
  });

  it('loads only its own domain’s routes: the whole table is read for its types alone (decision 276)', () => {
    const loadsWholeTable = (file: string) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^import\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm)].some(
        ([, typeOnly, specifier]) => !typeOnly && relative(ROOT, resolve(ROOT, dirname(file), specifier)) === 'shared/routes',
      );
    expect(sourceFiles('functions').filter(loadsWholeTable)).toEqual([]);
  });

  it('leaves the pages’ own texts to the web (decision 277)', () => {
    expect(breaches('functions', (_file, target) => target === 'shared/web-texts')).toEqual([]);
  });

  it('keeps production code free of the local stack and the CDK', () => {
    expect(breaches('functions', (_file, target) => /^(scripts|infra|tests)\//.test(target))).toEqual([]);
  });
});

describe('the contract', () => {
  it('is pure data: it imports nothing of the functions, the web or the infra', () => {
    expect(breaches('shared', (_file, target) => /^(functions|web|infra|scripts)\//.test(target))).toEqual([]);
  });
});

/** A source file's path as its importers name it (without extension), to the file itself. */
function fileOf(target: string): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    try {
      if (statSync(join(ROOT, candidate)).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // Not this form of the name: try the next.
    }
  }
  return undefined;
}

/** Every import cycle among the files, each as the files that form it (Tarjan's strongly connected components). */
function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file).flatMap((target) => fileOf(target) ?? [])]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the import graph', () => {
  it('has no cycle: each module can be read (and loaded) after the ones it needs', () => {
    const files = ['functions', 'shared', 'web/src', 'infra', 'scripts'].flatMap((folder) => sourceFiles(folder));
    expect(importCycles(files)).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    expect(importCycles(['tests/architecture/fixtures/cycle-a.ts', 'tests/architecture/fixtures/cycle-b.ts'])).toEqual([
      ['tests/architecture/fixtures/cycle-a.ts', 'tests/architecture/fixtures/cycle-b.ts'],
    ]);
  });
});
