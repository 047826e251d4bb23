import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CATALOGUE, LIMITS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { ExpertCard, OfferDto } from '@shared/schemas/catalogue';
import { expertName, expertRole, fallBackToDefaultAvatar, photoUrl } from '@/components/expert-card';
import { OfferSuggestions } from '@/components/offer-suggestions';
import '@/components/dropdown.css';
import { listExperts } from '@/api/experts';
import { searchOffers } from '@/api/offers';
import { directoryUrl, searchError } from '@/lib/search-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useHydrated, useTypedBeforeHydration } from '@/lib/use-hydrated';

/** The 10 suggestion chips of spec 1 section 9, in order. */
export const SUGGESTIONS = [
  'Corporate',
  'Finance',
  'Developer',
  'Civil Engineering',
  'Marketing',
  'Data Analysis',
  'HR consultant',
  'Employment contracts',
  'Financial Modeling',
  'Project Management',
] as const;

type Suggestions = { query: string; offers: OfferDto[]; experts: ExpertCard[] } | { query: string; failed: true };

/** Up to 6 offers and the 6 best-rated experts for the text, once typing pauses (380 ms). */
function useSuggestions(query: string): Suggestions | undefined {
  const debounced = useDebouncedValue(query.trim(), CATALOGUE.homeSearchDebounceMs);
  const [suggestions, setSuggestions] = useState<Suggestions>();
  useEffect(() => {
    if (!debounced || searchError(debounced)) return;
    let latest = true;
    Promise.all([
      searchOffers(debounced, CATALOGUE.dropdownOffers),
      listExperts({ page: 1, limit: CATALOGUE.dropdownExperts, sort: 'rating', q: debounced }),
    ]).then(
      ([offers, experts]) => latest && setSuggestions({ query: debounced, offers, experts: experts.items }),
      () => latest && setSuggestions({ query: debounced, failed: true }),
    );
    return () => {
      latest = false;
    };
  }, [debounced]);
  return suggestions;
}

/** Arrow keys move between the dropdown's links; Escape goes back to the search box. */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null, input: HTMLInputElement | null, onEscape: () => void) {
  const links = [...(list?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]?.focus();
  else if (event.key === 'ArrowUp') (at <= 0 ? input : links[at - 1])?.focus();
  else if (event.key === 'Escape') {
    // Focus first: coming back to the box would reopen the list.
    input?.focus();
    onEscape();
  } else return;
  event.preventDefault();
}

export function HeroSearch() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const suggestions = useSuggestions(query);
  const chipsRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const dropdownRef = useRef<HTMLElement>(null);
  const id = useId();
  const showDropdown = open && query.trim() !== '' && !error;

  function typed(value: string) {
    setQuery(value);
    setError(searchError(value));
    setOpen(value.trim() !== '' && document.activeElement === inputRef.current);
  }
  useTypedBeforeHydration(inputRef, typed);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = searchError(query);
    setError(problem);
    if (!problem && query.trim()) navigate(directoryUrl(query));
  }

  const scrollChips = (direction: 1 | -1) => chipsRef.current?.scrollBy({ left: direction * CATALOGUE.chipScrollPx, behavior: 'smooth' });

  return (
    <search
      className="hero-search"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="search-box">
        <form className="search-form" onSubmit={submit} noValidate>
          <label htmlFor={id} className="visually-hidden">
            Search experts, skills or topics
          </label>
          <input
            id={id}
            ref={inputRef}
            type="search"
            maxLength={LIMITS.searchMax}
            autoComplete="off"
            placeholder="Search experts, skills or topics"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-controls={`${id}-suggestions`}
            onChange={(event) => typed(event.target.value)}
            onFocus={() => setOpen(query.trim() !== '')}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && showDropdown) {
                event.preventDefault();
                setOpen(false);
              } else if (event.key === 'ArrowDown' && showDropdown) {
                event.preventDefault();
                dropdownRef.current?.querySelector('a')?.focus();
              }
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={!hydrated}>
            Search
          </button>
        </form>
        <section
          className="search-dropdown"
          id={`${id}-suggestions`}
          ref={dropdownRef}
          aria-label="Search suggestions"
          hidden={!showDropdown}
          onKeyDown={(event) => moveFocus(event, dropdownRef.current, inputRef.current, () => setOpen(false))}
        >
          {showDropdown && <SuggestionList query={query.trim()} suggestions={suggestions} />}
        </section>
      </div>
      <p className="field-error search-error" id={`${id}-error`} role="alert">
        {error ?? ''}
      </p>
      <div className="chips">
        <button type="button" className="chip-arrow" disabled={!hydrated} onClick={() => scrollChips(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Scroll suggestions left</span>
        </button>
        <ul className="chip-row" ref={chipsRef} aria-label="Popular searches">
          {SUGGESTIONS.map((suggestion) => (
            <li key={suggestion}>
              <Link className="chip" to={directoryUrl(suggestion)}>
                {suggestion}
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="chip-arrow" disabled={!hydrated} onClick={() => scrollChips(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Scroll suggestions right</span>
        </button>
      </div>
    </search>
  );
}

function SuggestionList({ query, suggestions }: { query: string; suggestions?: Suggestions }) {
  const current = suggestions?.query === query ? suggestions : undefined;
  if (current && 'failed' in current) return <p className="dropdown-note">{MSG.searchFailed}</p>;
  const offers = current?.offers ?? [];
  const experts = current?.experts ?? [];
  return (
    <>
      <p className="visually-hidden" role="status">
        {current ? `${offers.length} offers and ${experts.length} experts found` : 'Searching'}
      </p>
      {!current && (
        <p className="dropdown-note" aria-hidden="true">
          Searching…
        </p>
      )}
      {current && offers.length === 0 && experts.length === 0 && <p className="dropdown-note">{MSG.noResults}</p>}
      {offers.length > 0 && <OfferSuggestions offers={offers} />}
      {experts.length > 0 && (
        <ul className="dropdown-list" aria-label="Experts">
          {experts.map((expert) => (
            <li key={expert._id}>
              <Link to={`/teacher/${expert._id}`} className="dropdown-expert">
                <img src={photoUrl(expert.profilePhoto)} alt="" width={32} height={32} onError={fallBackToDefaultAvatar} />
                <span>
                  <span className="dropdown-title">{expertName(expert)}</span>
                  <span className="dropdown-detail">{expertRole(expert)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link className="dropdown-all" to={directoryUrl(query)}>
        See all experts for “{query}”
      </Link>
    </>
  );
}
