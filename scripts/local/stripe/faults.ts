/**
 * Faults armed on the local Stripe's API, so tests can make it fail the way Stripe fails: an answer
 * lost after the request was applied (`drop-after-commit`), Stripe's own 500 (`error`), an answer
 * that never comes (`timeout`). Each is armed for a method, an API path where a segment `*` matches
 * any one segment (a transfer's reversals, whatever the transfer), and a number of requests; the
 * first armed that matches a request takes it. What each mode does to the request is server.ts's.
 */

export const FAULT_MODES = ['drop-after-commit', 'error', 'timeout'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

const FAULT_METHODS = ['GET', 'POST'] as const;

export interface Fault {
  method: (typeof FAULT_METHODS)[number];
  path: string;
  mode: FaultMode;
  /** How many more matching requests it takes; gone at 0. */
  count: number;
}

/** A fault to arm: on POST and for one request unless told. */
export type FaultSpec = Omit<Fault, 'method' | 'count'> & Partial<Pick<Fault, 'method' | 'count'>>;

/** A fault that cannot be armed; its message says what is expected. */
export class InvalidFaultError extends Error {}

const MAX_COUNT = 100;
/** `/v1/` then segments, each `*` or free of `*`; no query string, which matching ignores. */
const FAULT_PATH = /^\/v1(?:\/(?:\*|[^/?#*\s]+))+$/;

export type Faults = ReturnType<typeof createFaults>;

export function createFaults() {
  const armed: Fault[] = [];

  return {
    /** Arms a fault after the ones already armed; throws InvalidFaultError for a bad method, path, mode or count. */
    arm(spec: FaultSpec): Fault {
      const { method = 'POST', path, mode, count = 1 } = spec;
      if (!FAULT_METHODS.includes(method)) throw new InvalidFaultError(`"method" is one of ${FAULT_METHODS.join(', ')}, not ${JSON.stringify(method)}.`);
      if (typeof path !== 'string' || !FAULT_PATH.test(path))
        throw new InvalidFaultError(
          `"path" is an API path such as /v1/transfers, where a segment * matches any one segment, without a query string; not ${JSON.stringify(path)}.`,
        );
      if (!FAULT_MODES.includes(mode)) throw new InvalidFaultError(`"mode" is one of ${FAULT_MODES.join(', ')}, not ${JSON.stringify(mode)}.`);
      if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
        throw new InvalidFaultError(`"count" is a whole number of requests from 1 to ${MAX_COUNT}, not ${JSON.stringify(count)}.`);
      const fault = { method, path, mode, count };
      armed.push(fault);
      return { ...fault };
    },

    /**
     * The mode of the first armed fault of `modes` matching the request, which it uses up one count
     * of; undefined when none does. `path` without its query string.
     */
    take(method: string, path: string, modes: readonly FaultMode[] = FAULT_MODES): FaultMode | undefined {
      const index = armed.findIndex((fault) => fault.method === method && modes.includes(fault.mode) && matches(fault.path, path));
      if (index === -1) return undefined;
      const fault = armed[index];
      fault.count -= 1;
      if (fault.count === 0) armed.splice(index, 1);
      return fault.mode;
    },

    list(): Fault[] {
      return armed.map((fault) => ({ ...fault }));
    },

    clear(): void {
      armed.length = 0;
    },
  };
}

function matches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const segments = path.split('/');
  return wanted.length === segments.length && wanted.every((segment, index) => segment === '*' || segment === segments[index]);
}
