import { useId, useState } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingProps {
  /** The stored rating, 0 for none. */
  value: number;
  /** Absent or with readOnly: shown, not changed. */
  onChange?(rating: number): void;
  readOnly?: boolean;
  /** The group's name, e.g. "Rating". */
  label: string;
}

/** Shown stars keep the spec's size 14; stars to click are 24px targets at least (WCAG 2.2, 2.5.8). */
const SHOWN_SIZE = 14;
const TARGET_SIZE = 24;

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      className={filled ? 'star star-filled' : 'star'}
      data-filled={filled}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

/**
 * The star rating (spec 2 section 2): 5 stars. Hovering previews a rating, leaving returns to the
 * stored one; read-only it shows the rating and ignores hover and clicks. As a control it is a
 * radio group (one native radio per star): arrows move and choose, and the focused star is outlined.
 */
export function StarRating({ value, onChange, readOnly = false, label }: StarRatingProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number>();

  if (readOnly || !onChange) {
    return (
      <span className="star-rating star-rating-readonly" role="img" aria-label={`${label}: ${value} out of 5 stars`}>
        {STARS.map((star) => (
          <Star key={star} filled={star <= value} size={SHOWN_SIZE} />
        ))}
      </span>
    );
  }

  const shown = hovered ?? value;
  return (
    <fieldset className="star-rating" onMouseLeave={() => setHovered(undefined)}>
      <legend className="star-rating-legend">{label}</legend>
      {STARS.map((star) => (
        <label key={star} className="star-rating-star" onMouseEnter={() => setHovered(star)}>
          <input className="visually-hidden" type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} />
          <Star filled={star <= shown} size={TARGET_SIZE} />
          <span className="visually-hidden">{star === 1 ? '1 star' : `${star} stars`}</span>
        </label>
      ))}
    </fieldset>
  );
}
