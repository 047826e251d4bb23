/**
 * Node module hooks for the local stack's pages Lambda, which renders the web app's components
 * (decision 297): a stylesheet those modules import is nothing on the server, as the Lambda's bundle
 * loads it (esbuild's `empty` loader); the page's HTML links the browser's build of it.
 */
export async function load(url, context, nextLoad) {
  if (new URL(url).pathname.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}
