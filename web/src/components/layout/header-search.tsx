import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_MAX } from '@shared/shell-limits';
import { useTypedBeforeHydration } from '@/lib/use-hydrated';

/** The results list, its fetching and its checks load on first typing: the initial bundle stays small. */
const HeaderSearchResults = lazy(() => import('./header-search-results'));

/** The header's search box: live offer results as you type (500 ms debounce); Enter opens the directory. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function typed(value: string) {
    setQuery(value);
    setOpen(value.trim() !== '' && document.activeElement === inputRef.current);
  }
  useTypedBeforeHydration(inputRef, typed);

  return (
    <search className="header-search">
      {/* Sent before the page's code runs, the form goes to the directory as a plain request (decision 305). */}
      <form
        action="/experts"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
          // The directory checks the text and says what is wrong with it. (Not lib/search-text's
          // directoryUrl: that module would bring its checks into the initial bundle.)
          if (query.trim()) navigate(`/experts?q=${encodeURIComponent(query.trim())}`);
        }}
        onBlur={(event) => event.currentTarget.contains(event.relatedTarget as Node | null) || setOpen(false)}
        onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          // Escape closes the results first, the mobile menu only after.
          event.stopPropagation();
          setOpen(false);
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          Search offers
        </label>
        <input
          id={id}
          ref={inputRef}
          type="search"
          name="q"
          maxLength={SEARCH_MAX}
          autoComplete="off"
          placeholder="Search offers"
          aria-controls={open ? `${id}-results` : undefined}
          onChange={(event) => typed(event.target.value)}
        />
        {open && (
          <Suspense fallback={null}>
            <HeaderSearchResults id={`${id}-results`} query={query} />
          </Suspense>
        )}
      </form>
    </search>
  );
}
