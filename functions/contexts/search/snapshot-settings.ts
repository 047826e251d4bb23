/** Where and how often the search index's snapshot is written: read by the functions and the infra alike. */
export const SEARCH_SNAPSHOT = {
  /** Key in the (private) files bucket. */
  key: 'search/catalogue.json',
  /** The scheduled rebuild's period. */
  periodMinutes: 10,
} as const;
