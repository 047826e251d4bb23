/**
 * Child process of bench/catalogue.ts: writes a generated catalogue (scripts/generate-catalogue.ts)
 * into the table the environment names, and answers the time it took and the query mix drawn from
 * the catalogue's words.
 */
import { performance } from 'node:perf_hooks';
import { type QueryMix, queryMix } from './catalogue-queries';
import { childTask } from './child-task';
import { round } from './stats';

export interface WriterInput {
  experts: number;
  offers: number;
  seed: number;
  /** Calls per endpoint in the query mix. */
  queries: number;
}

export type WriterResult = Awaited<ReturnType<typeof writeCatalogueAndQueries>>;

childTask(writeCatalogueAndQueries);

async function writeCatalogueAndQueries(input: WriterInput) {
  const { generateCatalogue, writeCatalogue } = await import('../../scripts/generate-catalogue');
  const started = performance.now();
  const catalogue = generateCatalogue({ experts: input.experts, offers: input.offers, seed: input.seed });
  const generateMs = performance.now() - started;
  const written = await writeCatalogue(catalogue);

  // The words the index holds, as it takes them from the records.
  const { toExpertEntry } = await import('../../functions/contexts/catalogue/search-service');
  const queries: QueryMix = queryMix(
    {
      experts: catalogue.experts.map(toExpertEntry).map((entry) => [entry.name, entry.headline, entry.position, ...entry.expertises].filter(Boolean).join(' ')),
      offers: catalogue.offers.map((offer) => offer.title),
    },
    input.queries,
    input.seed,
  );

  return {
    generateMs: round(generateMs, 0),
    /** BatchWriteItem of the user items, their address claims and the offers. */
    write: written,
    queries,
  };
}
