/**
 * The filters of the table stream's consumers, once: the infra gives each to its event source
 * mapping (Lambda's FilterCriteria, whose pattern syntax this is), and the local stack's stream
 * reader (scripts/local/table-stream.ts) applies the same with `matchesStreamFilter`.
 */
import { DATA_EXPORT_SK, EVENT_PREFIX } from './keys';

/** A value is one of the strings listed, or begins with a listed prefix. */
type Rule = readonly (string | { prefix: string })[];
/** Lambda's filter pattern: each field named must be present in the record and pass its rule. */
export interface StreamFilter {
  readonly [field: string]: Rule | StreamFilter;
}

export const STREAM_FILTERS = {
  /** The notifications Lambda: inserted event items only. */
  notifications: { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: EVENT_PREFIX }] } } } },
  /**
   * The jobs Lambda: a data export request written as building (a new one, or one asked again after
   * it was ready or failed). Nothing writes a request while it builds, so each record is one
   * request (or the stream's duplicate of one).
   */
  dataExports: {
    eventName: ['INSERT', 'MODIFY'],
    dynamodb: { Keys: { sk: { S: [DATA_EXPORT_SK] } }, NewImage: { status: { S: ['building'] } } },
  },
} as const satisfies Record<string, StreamFilter>;

const passes = (rule: Rule, value: unknown) =>
  typeof value === 'string' && rule.some((allowed) => (typeof allowed === 'string' ? value === allowed : value.startsWith(allowed.prefix)));

/**
 * Whether a write to an item with these attributes (marshalled, as in a stream record's Keys) can
 * make a record that passes the filter: the filter's `dynamodb.Keys` part only, since a write's
 * image and event name are known only once the table has applied it.
 */
export function keysMayPass(filter: StreamFilter, item: Record<string, unknown>): boolean {
  const keys = (filter.dynamodb as StreamFilter | undefined)?.Keys as StreamFilter | undefined;
  return keys === undefined || matchesStreamFilter(keys, item);
}

/** Whether a stream record (as Lambda hands it over) passes the filter. */
export function matchesStreamFilter(filter: StreamFilter, record: unknown): boolean {
  if (record === null || typeof record !== 'object') return false;
  return Object.entries(filter).every(([field, rule]) => {
    const value = (record as Record<string, unknown>)[field];
    return Array.isArray(rule) ? passes(rule as Rule, value) : matchesStreamFilter(rule as StreamFilter, value);
  });
}
