/** Bundles `entry` (a TypeScript program) with everything it imports but the packages into `outfile` (node-bundle.mjs). */
export function bundleForNode(entry: string, outfile: string): Promise<void>;
