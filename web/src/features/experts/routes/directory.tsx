/** /experts: the expert directory (spec 1 section 2): search, filter pills, a card grid and Show more. */
import { type ReactNode, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { CATALOGUE, LIMITS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { ExpertCard as ExpertCardData, Page } from '@shared/schemas/catalogue';
import { ExpertCard } from '@/components/expert-card';
import { listExperts } from '@/api/experts';
import { searchError } from '@/lib/search-text';
import { sessionSettled } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useHydrated } from '@/lib/use-hydrated';
import { useDocumentTitle } from '@/lib/use-document-title';
import { FilterPills } from '@/features/experts/components/filter-pills';
import { filtersFrom, type DirectoryFilters } from '@/features/experts/lib/directory-filters';
import { useDirectoryParams } from '@/features/experts/hooks/use-directory-params';
import '@/features/experts/experts.css';

const EMPTY: Page<ExpertCardData> = { items: [], total: 0 };

/** Directory fetch errors are only logged (spec 1 section 8): the page then shows no experts. */
async function loadPage(filters: DirectoryFilters, page: number): Promise<Page<ExpertCardData>> {
  try {
    return await listExperts({ ...filters, page, limit: CATALOGUE.directoryPageSize });
  } catch (error) {
    console.error('Expert directory fetch failed', error);
    return EMPTY;
  }
}

/**
 * The first page is fetched as soon as the route matches but not awaited: the hero and filters
 * paint at once (the page's largest text), the grid when its data arrives.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersFrom(new URL(request.url).searchParams);
  return { filters, first: sessionSettled().then(() => loadPage(filters, 1)) };
}

export default function ExpertDirectoryRoute() {
  useDocumentTitle('Expert directory');
  const hydrated = useHydrated();
  const { filters, first } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // The HTML prerendered for every query is the shell: hydrated as it is, then the URL's view, in
  // the same frame, so that the hero painted first stays the page's largest paint.
  if (!hydrated) return directoryShell();
  return (
    <DirectoryFrame search={<DirectorySearch />} filters={<FilterPills filters={filters} />}>
      {/* New filters give a new list: its extra pages start over. */}
      <DirectoryResults key={params.toString()} filters={filters} first={first} />
    </DirectoryFrame>
  );
}

/** The page before its code has run its loader: what the build prerenders for /experts (decision 292). */
export function HydrateFallback() {
  useDocumentTitle('Expert directory');
  return directoryShell();
}

/**
 * The directory as it is before its code runs, whatever the URL's query: the search box and the
 * pills shown unfiltered and disabled, and the results' place, until the page replaces them.
 */
const directoryShell = () => (
  <DirectoryFrame
    search={
      <search className="directory-search">
        <form>
          <input type="search" aria-label={SEARCH_LABEL} placeholder={SEARCH_LABEL} disabled />
          {/* The place of the search's message, as in the page: nothing moves when it comes. */}
          <p className="field-error search-error" />
        </form>
      </search>
    }
    filters={<FilterPills filters={filtersFrom(new URLSearchParams())} disabled />}
  >
    <DirectoryLoading />
  </DirectoryFrame>
);

const SEARCH_LABEL = 'Search experts by name, skill or field';

/** The hero, the filters and the results' place: the same for the page and the shell it replaces. */
function DirectoryFrame({ search, filters, children }: { search: ReactNode; filters: ReactNode; children: ReactNode }) {
  return (
    <div className="directory">
      <section className="directory-hero" aria-labelledby="directory-title">
        <div className="directory-hero-inner">
          <h1 id="directory-title">Find your expert</h1>
          <p>Verified professionals in finance, law, marketing and consulting. Filter by experience and rating, then open a profile to book.</p>
          {search}
        </div>
      </section>
      <div className="page">
        {filters}
        {children}
      </div>
    </div>
  );
}

const DirectoryLoading = () => <p className="result-count directory-loading">Loading experts…</p>;

/** The search box: reads q from the URL and writes it back 400 ms after typing stops. */
function DirectorySearch() {
  const { params, latest, change } = useDirectoryParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const debounced = useDebouncedValue(text, CATALOGUE.directorySearchDebounceMs);
  const error = searchError(text);
  const id = useId();

  // Another search (header, chips) changed q while this page was open.
  useEffect(() => setText((current) => (current.trim() === q ? current : q)), [q]);

  const writeQuery = useEffectEvent((settled: string) => {
    const next = settled.trim();
    if (searchError(next) || next === (latest().get('q') ?? '')) return;
    change({ q: next || undefined });
  });
  // Only a settled text writes the URL; the parameters change with every navigation.
  useEffect(() => writeQuery(debounced), [debounced]);

  return (
    <search className="directory-search">
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        <label htmlFor={id} className="visually-hidden">
          {SEARCH_LABEL}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={LIMITS.searchMax}
          autoComplete="off"
          placeholder={SEARCH_LABEL}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="field-error search-error" id={`${id}-error`} role="alert">
          {error ?? ''}
        </p>
      </form>
    </search>
  );
}

/**
 * Waits for the first page here rather than in a Suspense boundary: a suspended navigation would
 * keep the previous URL on screen, and a second filter chosen meanwhile would drop the first.
 */
function DirectoryResults({ filters, first }: { filters: DirectoryFilters; first: Promise<Page<ExpertCardData>> }) {
  const [page, setPage] = useState<Page<ExpertCardData>>();
  useEffect(() => {
    let current = true;
    void first.then((loaded) => current && setPage(loaded));
    return () => {
      current = false;
    };
  }, [first]);
  if (!page) return <DirectoryLoading />;
  return <ExpertGrid filters={filters} first={page} />;
}

function ExpertGrid({ filters, first }: { filters: DirectoryFilters; first: Page<ExpertCardData> }) {
  const [experts, setExperts] = useState(first.items);
  const [total, setTotal] = useState(first.total);
  const [nextPage, setNextPage] = useState(2);
  const [loading, setLoading] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);

  async function showMore() {
    if (loading) return;
    setLoading(true);
    const page = await loadPage(filters, nextPage);
    setLoading(false);
    if (page.items.length === 0) return;
    const shown = experts.length;
    setExperts((current) => [...current, ...page.items.filter((expert) => !current.some((known) => known._id === expert._id))]);
    setTotal(page.total);
    setNextPage((n) => n + 1);
    // Keyboard and screen reader users continue at the first new expert.
    requestAnimationFrame(() => listRef.current?.querySelectorAll('a')[shown]?.focus());
  }

  if (experts.length === 0) return <p className="empty-state">{MSG.noExpertsFound}</p>;
  return (
    <>
      <p className="result-count" role="status">
        {total === 1 ? '1 expert' : `${total} experts`}
      </p>
      <ul className="expert-grid" ref={listRef}>
        {experts.map((expert, index) => (
          <li key={expert._id}>
            <ExpertCard expert={expert} headingLevel={2} lazyPhoto={index >= 3} />
          </li>
        ))}
      </ul>
      {experts.length < total && (
        <p className="show-more">
          <button type="button" className="btn btn-secondary" onClick={showMore} aria-busy={loading}>
            Show more
          </button>
        </p>
      )}
    </>
  );
}
