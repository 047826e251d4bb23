/** /teacher/{id}: an expert's public profile (spec 1 section 2). */
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { Education, ExpertProfile, OfferDto, Review, WorkExperience } from '@shared/schemas/catalogue';
import { expertName, expertPlace, expertRole, fallBackToDefaultAvatar, photoUrl, Rating, VerifiedBadge } from '@/components/expert-card';
import { ReportButton } from '@/components/report-dialog';
import { formatPrice } from '@/lib/format-price';
import { ApiError, errorText } from '@/lib/api-client';
import { sessionSettled, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { getExpertProfile } from '@/features/experts/api/get-expert-profile';
import { listExpertOffers } from '@/api/offers';
import { listExpertReviews } from '@/features/experts/api/list-expert-reviews';
import { languageName } from '@/features/experts/lib/languages';
import { useFavoriteToggle } from '@/features/experts/hooks/use-favorite-toggle';
import { NextFreeTime, useNextFreeTimes } from '@/features/experts/components/next-free-time';
import '@/features/experts/experts.css';
import { offerConversationLink } from '@/lib/conversation-links';
import { lessonText } from '@/lib/format-duration';

type ProfileData = { profile: ExpertProfile; offers: OfferDto[]; reviews: Review[] } | { problem: string };

export async function loader({ params }: LoaderFunctionArgs): Promise<ProfileData> {
  await sessionSettled();
  const id = params.id ?? '';
  try {
    // The profile decides the page; its lists only fill sections, empty when they fail.
    const [profile, offers, reviews] = await Promise.all([getExpertProfile(id), listExpertOffers(id).catch(() => []), listExpertReviews(id).catch(() => [])]);
    return { profile, offers, reviews };
  } catch (error) {
    return { problem: error instanceof ApiError && error.status === 404 ? MSG.expertNotFound : errorText(error) };
  }
}

/** The tab's title of the page, as the server that renders it with its data names it (decision 297). */
export const title = (data: ProfileData): string => ('problem' in data ? data.problem : expertName(data.profile));

/** What search engines show of the page: the expert's role, then their bio, cut at a word; the site's own for a page of nothing. */
export function description(data: ProfileData): string | undefined {
  if ('problem' in data) return undefined;
  const text = [expertRole(data.profile), data.profile.bio].filter(Boolean).join('. ').replace(/\s+/g, ' ').trim();
  if (text.length <= CATALOGUE.profileDescriptionMax) return text || undefined;
  const cut = text.slice(0, CATALOGUE.profileDescriptionMax - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** At most 6: the expert's own expertises, then the titles of their offers, each once. */
export function expertisesOf(profile: Pick<ExpertProfile, 'expertises'>, offers: readonly Pick<OfferDto, 'title'>[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of [...(profile.expertises ?? []), ...offers.map((offer) => offer.title)]) {
    const key = item.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    result.push(item.trim());
  }
  return result.slice(0, CATALOGUE.profileExpertises);
}

export default function ExpertProfileRoute() {
  const data = useLoaderData<typeof loader>();
  if ('problem' in data) return <ProfileProblem message={data.problem} />;
  return <ProfilePage {...data} />;
}

function ProfileProblem({ message }: { message: string }) {
  useDocumentTitle(message);
  return (
    <section className="page narrow not-found" aria-labelledby="profile-problem">
      <h1 id="profile-problem">{message}</h1>
      <p>
        <Link className="btn btn-primary" to="/experts">
          Browse experts
        </Link>
      </p>
    </section>
  );
}

function ProfilePage({ profile, offers, reviews }: { profile: ExpertProfile; offers: OfferDto[]; reviews: Review[] }) {
  const name = expertName(profile);
  useDocumentTitle(name);
  const role = expertRole(profile);
  const place = expertPlace(profile);
  const expertises = expertisesOf(profile, offers);
  const offerTitles = new Map(offers.map((offer) => [offer._id, offer.title]));
  const services = offers.slice(0, CATALOGUE.profileServices);
  const nextFreeOf = useNextFreeTimes(profile._id, services);
  return (
    <div className="page profile">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/experts">Experts</Link>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>

      <header className="profile-head card">
        <img className="profile-photo" src={photoUrl(profile.profilePhoto)} alt={name} width={120} height={120} onError={fallBackToDefaultAvatar} />
        <div className="profile-identity">
          <h1>{name}</h1>
          {profile.isVerified && <VerifiedBadge />}
          {role && <p className="profile-role">{role}</p>}
          {place && <p className="profile-place">{place}</p>}
          <p className="expert-card-stats">
            <Rating value={profile.rating} />
            <span>{profile.reviews === 1 ? '1 review' : `${profile.reviews} reviews`}</span>
            {profile.expYears > 0 && <span>{profile.expYears === 1 ? '1 year' : `${profile.expYears} years`} of experience</span>}
          </p>
        </div>
        <ProfileActions expertId={profile._id} firstOfferId={offers[0]?._id} />
      </header>

      <div className="profile-layout">
        <div className="profile-main">
          <ProfileSection title="Professional Profile">
            {profile.bio ? <p className="profile-bio">{profile.bio}</p> : <p className="empty-state">{MSG.noBio}</p>}
          </ProfileSection>
          {expertises.length > 0 && (
            <ProfileSection title="Expertises">
              <ul className="tag-list">
                {expertises.map((expertise) => (
                  <li key={expertise}>{expertise}</li>
                ))}
              </ul>
            </ProfileSection>
          )}
          {profile.languages.length > 0 && (
            <ProfileSection title="Languages">
              <ul className="tag-list">
                {profile.languages.map((language) => (
                  <li key={language}>{languageName(language)}</li>
                ))}
              </ul>
            </ProfileSection>
          )}
          <ProfileSection title="Work Experience">
            {profile.workExperience.length > 0 ? (
              <Timeline items={profile.workExperience.map(workItem)} />
            ) : (
              <p className="empty-state">{MSG.noWorkExperience}</p>
            )}
          </ProfileSection>
          <ProfileSection title="Education">
            {profile.education.length > 0 ? <Timeline items={profile.education.map(educationItem)} /> : <p className="empty-state">{MSG.noEducation}</p>}
          </ProfileSection>
          <ProfileSection title="Services Provided">
            {offers.length > 0 ? (
              <ul className="service-grid">
                {services.map((offer) => (
                  <li key={offer._id} className="service card">
                    <h3>{offer.title}</h3>
                    <p>{offer.description}</p>
                    <p className="service-meta">
                      <span>{lessonText(offer)}</span>
                      <strong className="service-price">{formatPrice(offer)}</strong>
                    </p>
                    <NextFreeTime next={nextFreeOf(offer)} />
                    <div className="service-actions">
                      <MessageAboutService expertId={profile._id} offer={offer} />
                      <MemberReport authorId={profile._id} target={{ targetType: 'offer', targetId: offer._id }} what={`offer "${offer.title}"`} />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-state">{MSG.noServices}</p>
            )}
          </ProfileSection>
        </div>
        <aside className="profile-aside" aria-labelledby="reviews-title">
          <h2 id="reviews-title">Reviews</h2>
          {reviews.length > 0 ? (
            <ul className="review-list">
              {reviews.slice(0, CATALOGUE.profileReviews).map((review) => (
                <li key={review._id} className="review card">
                  <p className="review-author">
                    {review.user.firstName} {review.user.lastName}
                  </p>
                  <Rating value={review.rating} />
                  {/* Free work is shown as such (decision 272): it cannot buy a paid session's weight. */}
                  {review.free && <p className="review-free">Free session</p>}
                  {review.comment && <p>{review.comment}</p>}
                  <p className="review-date">
                    {/* In UTC: the server that renders the page (decision 297) and every browser write the same day. */}
                    {new Date(review.createdAt).toLocaleDateString('en-GB', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}
                    {/* Which service it is about, while that offer is still published. */}
                    {offerTitles.has(review.offerId) && ` · ${offerTitles.get(review.offerId)}`}
                  </p>
                  <MemberReport
                    target={{ targetType: 'review', targetId: review._id, offerId: review.offerId }}
                    what={`review by ${review.user.firstName} ${review.user.lastName}`}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty-state">{MSG.noReviews}</p>
          )}
        </aside>
      </div>
    </div>
  );
}

/** Signed-in members report what others wrote (admins act on it directly; visitors sign in first). */
function MemberReport({ authorId, ...report }: { authorId?: string } & Parameters<typeof ReportButton>[0]) {
  const { account } = useSession();
  if (!account || account.role === 'admin' || account._id === authorId) return null;
  return <ReportButton {...report} />;
}

/** A service's way in: the conversation about that offer, where it is asked about and booked. A visitor signs in first and lands there. */
function MessageAboutService({ expertId, offer }: { expertId: string; offer: OfferDto }) {
  const { account } = useSession();
  if (account?._id === expertId || account?.role === 'admin') return null;
  return (
    <Link className="btn btn-secondary btn-small" to={offerConversationLink(offer._id)} aria-label={`Message about this service: ${offer.title}`}>
      Message about this service
    </Link>
  );
}

function ProfileActions({ expertId, firstOfferId }: { expertId: string; firstOfferId?: string }) {
  const { account } = useSession();
  const navigate = useNavigate();
  const favorite = useFavoriteToggle(firstOfferId);
  const hydrated = useHydrated();

  function message() {
    // A visitor logs in first, then lands on /messages with this expert (?to= survives the login redirect).
    if (account) navigate('/messages', { state: { to: expertId } });
    else navigate('/login', { state: { from: { pathname: '/messages', search: `?to=${encodeURIComponent(expertId)}`, hash: '' } } });
  }

  return (
    <div className="profile-actions">
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={favorite.saved}
        aria-busy={favorite.busy}
        disabled={!hydrated}
        onClick={favorite.toggle}
      >
        <span aria-hidden="true">{favorite.saved ? '♥' : '♡'}</span> Save for later
      </button>
      {account?._id !== expertId && (
        <button type="button" className="btn btn-primary" disabled={!hydrated} onClick={message}>
          Message
        </button>
      )}
    </div>
  );
}

function ProfileSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

interface TimelineItem {
  key: string;
  title: string;
  detail: string;
  when?: string;
  description?: string;
}

const workItem = (item: WorkExperience, index: number): TimelineItem => ({
  key: `${index}`,
  title: item.position,
  detail: [item.company, item.location].filter(Boolean).join(', '),
  when: [item.startDate, item.endDate ?? (item.startDate ? 'present' : undefined)].filter(Boolean).join(' – '),
  description: item.description,
});

const educationItem = (item: Education, index: number): TimelineItem => ({
  key: `${index}`,
  title: [item.degree, item.field].filter(Boolean).join(', ') || item.level,
  detail: item.institution,
  when: String(item.year),
});

function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <ul className="timeline">
      {items.map((item) => (
        <li key={item.key}>
          <h3>{item.title}</h3>
          {item.detail && <p className="timeline-detail">{item.detail}</p>}
          {item.when && <p className="timeline-when">{item.when}</p>}
          {item.description && <p>{item.description}</p>}
        </li>
      ))}
    </ul>
  );
}
