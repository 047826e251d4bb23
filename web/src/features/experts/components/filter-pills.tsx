import { CATALOGUE } from '@shared/limits';
import type { DirectoryFilters } from '@/features/experts/lib/directory-filters';
import { useDirectoryParams } from '@/features/experts/hooks/use-directory-params';

interface Pill {
  label: string;
  /** The URL parameter's value this pill sets; undefined removes the parameter. */
  value?: string;
}

const GROUPS: { name: string; param: 'minExp' | 'minRating' | 'sort'; pills: Pill[] }[] = [
  { name: 'Experience', param: 'minExp', pills: [{ label: 'Any' }, { label: `${CATALOGUE.minExpYears}+ years`, value: String(CATALOGUE.minExpYears) }] },
  {
    name: 'Rating',
    param: 'minRating',
    pills: [{ label: 'All' }, ...CATALOGUE.ratingSteps.map((step) => ({ label: `${step.toFixed(1)}+`, value: String(step) }))],
  },
  { name: 'Sort', param: 'sort', pills: [{ label: 'Newly Added' }, { label: 'Top rated', value: 'rating' }] },
];

const current = (filters: DirectoryFilters, param: (typeof GROUPS)[number]['param']) => {
  const value = filters[param];
  return value === undefined || value === 'new' ? undefined : String(value);
};

/** Filter pills of spec 1 section 2 as toggle buttons; each choice is kept in the URL. Disabled in the page's shell. */
export function FilterPills({ filters, disabled }: { filters: DirectoryFilters; disabled?: boolean }) {
  const { change: choose } = useDirectoryParams();
  const unfiltered = GROUPS.every((group) => current(filters, group.param) === undefined);

  return (
    <fieldset className="filter-bar" aria-label="Filters" disabled={disabled}>
      <button
        type="button"
        className="pill"
        aria-label="All experts"
        aria-pressed={unfiltered}
        onClick={() => choose({ minExp: undefined, minRating: undefined, sort: undefined })}
      >
        All
      </button>
      {GROUPS.map((group) => (
        <fieldset key={group.name} className="pill-group" aria-labelledby={`filter-${group.param}`}>
          <span className="pill-group-name" id={`filter-${group.param}`}>
            {group.name}
          </span>
          {group.pills.map((pill) => (
            <button
              key={pill.label}
              type="button"
              className="pill"
              aria-pressed={current(filters, group.param) === pill.value}
              onClick={() => choose({ [group.param]: pill.value })}
            >
              {pill.label}
            </button>
          ))}
        </fieldset>
      ))}
    </fieldset>
  );
}
