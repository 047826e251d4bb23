/**
 * The test stacks' code in one file (decision 322): stack-child.ts with the handlers, the local
 * gateways and the seed, bundled by esbuild once per run (global-stack.ts), so that each stack's
 * process loads it natively. Loaded through tsx, every module (the AWS SDK's hundreds among them)
 * went through tsx's loader hooks: 3.9-4.2 CPU-seconds a stack, against 0.4-0.5 for the bundle.
 *
 * The packages stay outside the bundle and load from node_modules as they do under tsx (the bundle
 * sits under node_modules/.cache, so they resolve from the project's root). A stylesheet the web's
 * components import is nothing on the server, as in the Lambdas' bundles and under tsx
 * (scripts/local/css-imports.mjs). `import.meta.dirname` and `import.meta.url` keep each source
 * file's own values, so the paths the stack builds from them are those of the files under tsx
 * (this file, which writes that text in a string, is not in the bundle).
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Loader, type Plugin } from 'esbuild';
import { STACK_BUNDLE } from './stack-pool';

const ROOT = resolve(import.meta.dirname, '../..');

const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

const stylesheetsAreNothing: Plugin = {
  name: 'stylesheets-are-nothing',
  setup(bundle) {
    bundle.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'stylesheet' }));
    bundle.onLoad({ filter: /.*/, namespace: 'stylesheet' }, () => ({ contents: '', loader: 'js' }));
  },
};

const sourceFileMeta: Plugin = {
  name: 'source-file-import-meta',
  setup(bundle) {
    bundle.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: LOADERS[extname(args.path)] };
    });
  },
};

/** Bundles stack-child.ts into STACK_BUNDLE. */
export async function buildStackBundle(): Promise<void> {
  await build({
    entryPoints: [join(ROOT, 'tests/support/stack-child.ts')],
    outfile: STACK_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    // The packages that `require` their dependencies find it in an ES module bundle.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    plugins: [stylesheetsAreNothing, sourceFileMeta],
  });
}
