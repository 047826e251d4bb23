import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { searchOffers } from '@/api/offers';
import { directoryUrl, searchError } from '@/lib/search-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { OfferSuggestions } from '@/components/offer-suggestions';
import '@/components/dropdown.css';

type Results = { query: string; offers: OfferDto[] } | { query: string; failed: true };

/** Offers matching the header's search text once typing pauses, and a link to every matching expert. */
export default function HeaderSearchResults({ id, query }: { id: string; query: string }) {
  const text = query.trim();
  // Mounted by the first key typed: that text waits for the pause too.
  const debounced = useDebouncedValue(text, CATALOGUE.headerSearchDebounceMs, '');
  const [results, setResults] = useState<Results>();
  const problem = searchError(query);

  useEffect(() => {
    if (!debounced || searchError(debounced)) return;
    let latest = true;
    searchOffers(debounced, CATALOGUE.dropdownOffers).then(
      (offers) => latest && setResults({ query: debounced, offers }),
      () => latest && setResults({ query: debounced, failed: true }),
    );
    return () => {
      latest = false;
    };
  }, [debounced]);

  const current = results?.query === text ? results : undefined;
  return (
    <section className="header-results" id={id} aria-label="Offer results">
      {problem ? (
        <p className="dropdown-note">{problem}</p>
      ) : !current ? (
        <p className="dropdown-note">Searching…</p>
      ) : 'failed' in current ? (
        <p className="dropdown-note">{MSG.searchFailed}</p>
      ) : current.offers.length === 0 ? (
        <p className="dropdown-note">{MSG.noResults}</p>
      ) : (
        <OfferSuggestions offers={current.offers} />
      )}
      {!problem && text && (
        <Link className="dropdown-all" to={directoryUrl(text)}>
          See all experts for “{text}”
        </Link>
      )}
    </section>
  );
}
