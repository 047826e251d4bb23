import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '../../../../../shared/limits';
import { MSG } from '../../../../../shared/messages';
import { hasMarkup } from '../../../../../shared/text';

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

const CHIP_SCROLL_PX = 240;

export function searchError(query: string): string | undefined {
  if (hasMarkup(query)) return MSG.searchHtml;
  if (query.length > LIMITS.searchMax) return MSG.searchTooLong;
  return undefined;
}

const directoryUrl = (query: string) => `/experts?q=${encodeURIComponent(query)}`;

export function HeroSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string>();
  const chipsRef = useRef<HTMLUListElement>(null);
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = searchError(query);
    setError(problem);
    const trimmed = query.trim();
    if (!problem && trimmed) navigate(directoryUrl(trimmed));
  }

  const scrollChips = (direction: 1 | -1) => chipsRef.current?.scrollBy({ left: direction * CHIP_SCROLL_PX, behavior: 'smooth' });

  return (
    <div className="hero-search">
      <form role="search" className="search-form" onSubmit={submit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          Search experts, skills or topics
        </label>
        <input
          id={id}
          type="search"
          value={query}
          maxLength={LIMITS.searchMax}
          placeholder="Search experts, skills or topics"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setError(searchError(event.target.value));
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setQuery('');
              setError(undefined);
            }
          }}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      <p className="field-error search-error" id={`${id}-error`} role="alert">
        {error ?? ''}
      </p>
      <div className="chips">
        <button type="button" className="chip-arrow" onClick={() => scrollChips(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Scroll suggestions left</span>
        </button>
        <ul className="chip-row" ref={chipsRef} aria-label="Popular searches">
          {SUGGESTIONS.map((suggestion) => (
            <li key={suggestion}>
              <button type="button" className="chip" onClick={() => navigate(directoryUrl(suggestion))}>
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="chip-arrow" onClick={() => scrollChips(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Scroll suggestions right</span>
        </button>
      </div>
    </div>
  );
}
