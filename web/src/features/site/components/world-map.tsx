import type { ExpertCard } from '@shared/schemas/catalogue';
import { LAND_GRID, LAND_PATH } from './world-land';
import { CITIES, COUNTRIES } from './world-places';

export interface MapPlace {
  label: string;
  count: number;
  /** Position on the land grid; none when neither the city nor the country is known. */
  point?: readonly [number, number];
}

const toGrid = ([latitude, longitude]: readonly [number, number]) =>
  [(longitude + 180) / LAND_GRID.degrees, (LAND_GRID.north - latitude) / LAND_GRID.degrees] as const;

/** One place per city (else country), with how many of the experts are there. */
export function placesOf(experts: readonly Pick<ExpertCard, 'city' | 'country'>[]): MapPlace[] {
  const places = new Map<string, MapPlace>();
  for (const { city, country } of experts) {
    const label = [city, country].filter(Boolean).join(', ');
    if (!label) continue;
    const known = places.get(label.toLowerCase());
    if (known) {
      known.count += 1;
      continue;
    }
    const coordinates = CITIES[city?.trim().toLowerCase() ?? ''] ?? COUNTRIES[country?.trim().toLowerCase() ?? ''];
    places.set(label.toLowerCase(), { label, count: 1, point: coordinates && toGrid(coordinates) });
  }
  return [...places.values()];
}

/** Where the experts on the home page are: a dot per place on a light world map, the places in words below. */
export default function WorldMap({ experts }: { experts: readonly Pick<ExpertCard, 'city' | 'country'>[] }) {
  const places = placesOf(experts);
  return (
    <figure className="world-map">
      <svg viewBox={`0 0 ${LAND_GRID.columns} ${LAND_GRID.rows}`} role="img" aria-label="World map with a dot for each place our experts work from">
        <path className="world-land" d={LAND_PATH} />
        {places.map(
          (place) =>
            place.point && (
              <circle key={place.label} className="world-dot" cx={place.point[0]} cy={place.point[1]} r={1.1 + Math.min(place.count, 4) * 0.25}>
                <title>{place.label}</title>
              </circle>
            ),
        )}
      </svg>
      {places.length > 0 && (
        <figcaption>
          <ul className="world-places">
            {places.map((place) => (
              <li key={place.label}>
                {place.label}
                {place.count > 1 && <span className="world-count"> ({place.count} experts)</span>}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
