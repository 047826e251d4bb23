/**
 * How every Lambda is bundled: read by the CDK functions (infra/constructs/marketplace-function.ts)
 * and by the bundle benchmark (bench/lambda-bundles.ts), so that what is measured is what ships.
 */
export const LAMBDA_BUNDLING = {
  target: 'node22',
  minify: true,
  sourceMap: true,
  mainFields: ['module', 'main'],
  /** ESM bundles still meet CommonJS dependencies that call require(). */
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  /**
   * The nodejs22.x runtime ships the AWS SDK v3 (every client and lib-dynamodb). Taking it from
   * the runtime keeps each domain bundle under its 250 KB budget (the SDK alone is ~350 KB
   * minified) and its cold start short; the trade-off is in docs/decisions.md.
   */
  externalModules: ['@aws-sdk/*'],
} as const;

/**
 * The pages Lambda (decision 297) also bundles the web app's components, which it renders: their
 * stylesheets are nothing on the server (the page links the browser's build of them), and React's
 * production build is the one taken, as the browser's is (its development build is twice the size
 * and checks what the tests already check).
 */
export const PAGE_BUNDLING = {
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
} as const;
