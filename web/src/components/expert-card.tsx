import type { SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import './expert-card.css';
import type { ExpertCard as ExpertCardData } from '@shared/schemas/catalogue';
import { plural } from '@/lib/plural';

export const DEFAULT_AVATAR = '/default-avatar.png';

/** Photos are paths below /uploads/; people without one get the default avatar. */
export const photoUrl = (photo?: string) => (photo ? `/uploads/${photo}` : DEFAULT_AVATAR);

/** A photo that fails to load (deleted, blocked) falls back to the default avatar once. */
export function fallBackToDefaultAvatar(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_AVATAR)) image.src = DEFAULT_AVATAR;
}

type ExpertFields = Pick<ExpertCardData, 'firstName' | 'lastName'> & Partial<ExpertCardData>;

/** "Claire Dubois" for members, "Claire D." for visitors (the server decides the last name). */
export const expertName = (expert: ExpertFields) => `${expert.firstName} ${expert.lastName}`.trim();

/** The headline, otherwise position and company. */
/** The headline, else the position at the company, else the job title the expert typed in their About (decision 192). */
export const expertRole = (expert: ExpertFields) => expert.headline || [expert.position, expert.company].filter(Boolean).join(' at ') || expert.domainActivity;

export const expertPlace = (expert: ExpertFields) => [expert.city, expert.country].filter(Boolean).join(', ');

export function VerifiedBadge() {
  return (
    <span className="verified-badge">
      <span aria-hidden="true">✓</span> Verified
    </span>
  );
}

export function Rating({ value }: { value: number }) {
  return (
    <span className="rating">
      <span aria-hidden="true">★</span> {value.toFixed(1)}
      <span className="visually-hidden"> out of 5</span>
    </span>
  );
}

interface ExpertCardProps {
  expert: ExpertFields & Pick<ExpertCardData, '_id'>;
  /** The heading level that fits where the card sits in the page's outline. */
  headingLevel?: 2 | 3;
  /** Loaded only when near the viewport (below the fold, sliders). */
  lazyPhoto?: boolean;
  /** An extra line, e.g. the saved offer's title on the favourites page. */
  note?: string;
}

/** An expert in a grid or slider; the whole card links to the profile. Data comes as props. */
export function ExpertCard({ expert, headingLevel = 3, lazyPhoto = false, note }: ExpertCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const role = expertRole(expert);
  const place = expertPlace(expert);
  const stats = [
    expert.reviews !== undefined && plural(expert.reviews, 'review'),
    expert.expYears ? `${plural(expert.expYears, 'year')} of experience` : undefined,
  ].filter(Boolean);
  return (
    <article className="expert-card">
      <img
        className="expert-card-photo"
        src={photoUrl(expert.profilePhoto)}
        alt=""
        width={72}
        height={72}
        loading={lazyPhoto ? 'lazy' : undefined}
        onError={fallBackToDefaultAvatar}
      />
      <div className="expert-card-body">
        <Heading className="expert-card-name">
          <Link to={`/teacher/${expert._id}`}>{expertName(expert)}</Link>
        </Heading>
        {expert.isVerified && <VerifiedBadge />}
        {role && <p className="expert-card-role">{role}</p>}
        {place && <p className="expert-card-place">{place}</p>}
        {(expert.rating !== undefined || stats.length > 0) && (
          <p className="expert-card-stats">
            {expert.rating !== undefined && <Rating value={expert.rating} />}
            {stats.map((stat) => (
              <span key={String(stat)}>{stat}</span>
            ))}
          </p>
        )}
        {note && <p className="expert-card-note">{note}</p>}
      </div>
    </article>
  );
}
