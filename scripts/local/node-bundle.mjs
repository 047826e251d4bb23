/**
 * Bundles a local program (`npm start`'s, the test stacks') into one ES module that node loads
 * natively (decisions 322 and 338). Through tsx each of the program's modules, the AWS SDK's
 * hundreds among them, goes through tsx's loader hooks: 3.5-4.2 CPU-seconds a start, against
 * 0.4-0.5 for a bundle that esbuild writes in under a second.
 *
 * The packages stay outside the bundle and load from node_modules as they do under tsx (a bundle
 * written under node_modules/.cache resolves them from the project's root). A stylesheet the web's
 * components import is nothing on the server, as in the Lambdas' bundles and under tsx
 * (css-imports.mjs). `import.meta.dirname`, `import.meta.filename` and `import.meta.url` keep each
 * source file's own values, so the paths the program builds from them are those of the files under
 * tsx. Plain JavaScript: `npm start` runs it before anything can compile TypeScript.
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

/** @type {import('esbuild').Plugin} */
const stylesheetsAreNothing = {
  name: 'stylesheets-are-nothing',
  setup(bundle) {
    bundle.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'stylesheet' }));
    bundle.onLoad({ filter: /.*/, namespace: 'stylesheet' }, () => ({ contents: '', loader: 'js' }));
  },
};

/** @type {import('esbuild').Plugin} */
const sourceFileMeta = {
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

/**
 * Bundles `entry` (a TypeScript program) with everything it imports but the packages into `outfile`.
 * @param {string} entry
 * @param {string} outfile
 * @returns {Promise<void>}
 */
export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
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
