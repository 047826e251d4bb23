import { useRef } from 'react';
import type { ExpertCard as ExpertCardData } from '@shared/schemas/catalogue';
import { ExpertCard } from '@/components/expert-card';
import { useHydrated } from '@/lib/use-hydrated';

/** A row of expert cards that scrolls sideways, with previous and next buttons. */
export function ExpertsSlider({ experts }: { experts: readonly ExpertCardData[] }) {
  const hydrated = useHydrated();
  const rowRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    row?.scrollBy({ left: direction * Math.max(row.clientWidth * 0.8, 240), behavior: still ? 'auto' : 'smooth' });
  };
  return (
    <div className="slider">
      <button type="button" className="slider-arrow" disabled={!hydrated} onClick={() => scroll(-1)}>
        <span aria-hidden="true">‹</span>
        <span className="visually-hidden">Previous experts</span>
      </button>
      <ul className="slider-row" ref={rowRef} aria-label="Experts available now">
        {experts.map((expert) => (
          <li key={expert._id}>
            <ExpertCard expert={expert} lazyPhoto />
          </li>
        ))}
      </ul>
      <button type="button" className="slider-arrow" disabled={!hydrated} onClick={() => scroll(1)}>
        <span aria-hidden="true">›</span>
        <span className="visually-hidden">Next experts</span>
      </button>
    </div>
  );
}
