import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import type { ExpertProfile, Review } from '@shared/schemas/catalogue';
import { guestFavorites } from '@/lib/favorites';
import { anAccount } from '@/test/accounts';
import { expert, offer, stubApi } from '@/test/catalogue-fixtures';
import { json, renderRoutes } from '@/test/render-app';
import ExpertProfileRoute, { description, expertisesOf, loader } from './profile';

const claire: ExpertProfile = {
  ...expert(1, { firstName: 'Claire', lastName: 'D.', headline: 'Corporate finance director', city: 'Paris', country: 'France' }),
  languages: ['fr', 'en', 'Klingon'],
  bio: 'Fourteen years in M&A.',
  expertises: ['Financial Modeling', 'Valuation'],
  workExperience: [{ position: 'Finance Director', company: 'Axa', startDate: '2018' }],
  education: [],
};

const review = (n: number): Review => ({
  _id: `review-${n}`,
  offerId: 'offer-1',
  rating: 5,
  comment: `Great session ${n}`,
  createdAt: '2026-10-01T10:00:00.000Z',
  user: { firstName: 'Ben', lastName: `C${n}.` },
});

function Where() {
  const location = useLocation();
  return (
    <p>
      At {location.pathname + location.search} with {JSON.stringify(location.state)}
    </p>
  );
}

const routes = [
  { path: '/teacher/:id', loader, Component: ExpertProfileRoute, HydrateFallback: () => null },
  { path: '*', element: <Where /> },
];

const alice = anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com', favorites: [] });

const defaultOffers = [offer(1, { title: 'Financial modelling from scratch' }), offer(2, { title: 'valuation', pricingType: 'fixed', price: 120.5 })];

/** The profile's own calls answered, with these offers and reviews. */
function profileAnswer(method: string, pathname: string, offers = defaultOffers, reviews: Review[] = []) {
  if (pathname === '/user/public/expert-1') return json(200, claire);
  if (pathname === '/offers/professor/expert-1') return json(200, offers);
  if (pathname === '/offers/professor/expert-1/reviews') return json(200, reviews);
  if (pathname === '/user/favorites/offer-1')
    return json(200, { msg: method === 'POST' ? MSG.savedToFavorites : MSG.removedFromFavorites, favorites: method === 'POST' ? ['offer-1'] : [] });
}

function profileApi({ offers = defaultOffers, reviews = [] as Review[] } = {}) {
  return stubApi(({ method, url }) => profileAnswer(method, url.pathname, offers, reviews));
}

/** The viewer's own time zone, as the browser reports it. */
function viewerIn(timeZone: string) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const saveButton = () => screen.getByRole('button', { name: /Save for later/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('expert profile', () => {
  it('shows breadcrumbs, identity, sections and empty states', async () => {
    profileApi();
    renderRoutes(routes, { path: '/teacher/expert-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Claire D.' })).toBeInTheDocument();
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(breadcrumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Experts', 'Claire D.']);
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Corporate finance director')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Claire D.' })).toHaveAttribute('src', '/default-avatar.png');
    expect(section('Professional Profile')).toHaveTextContent('Fourteen years in M&A.');
    expect(
      within(section('Languages'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['French', 'English', 'Klingon']);
    expect(section('Work Experience')).toHaveTextContent('Finance Director');
    expect(section('Education')).toHaveTextContent(MSG.noEducation);
    expect(screen.getByRole('complementary', { name: 'Reviews' })).toHaveTextContent(MSG.noReviews);
    const services = within(section('Services Provided')).getAllByRole('listitem');
    expect(services.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Financial modelling from scratch', 'valuation']);
    expect(services[0]).toHaveTextContent('€60.00/h');
    expect(services[1]).toHaveTextContent('€120.50');
  });

  it('expertises: the expert’s own, then offer titles, each once, at most 6', () => {
    const titles = ['Valuation', 'Excel dashboards', 'Python', 'Interview prep', 'M&A basics', 'Seventh'].map((title) => ({ title }));
    expect(expertisesOf({ expertises: ['Financial Modeling', 'valuation'] }, titles)).toEqual([
      'Financial Modeling',
      'valuation',
      'Excel dashboards',
      'Python',
      'Interview prep',
      'M&A basics',
    ]);
  });

  it('describes itself to search engines by the expert’s role, then their bio, cut at a word within 160 characters', () => {
    expect(description({ profile: claire, offers: [], reviews: [] })).toBe('Corporate finance director. Fourteen years in M&A.');
    const long = description({
      profile: { ...claire, bio: `Fourteen years in mergers and acquisitions, ${'valuation and modelling, '.repeat(10)}now coaching.` },
      offers: [],
      reviews: [],
    });
    expect(long?.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/^Corporate finance director\. Fourteen years in mergers and acquisitions, valuation and modelling, .*[a-z,]…$/);
    expect(long).not.toMatch(/ …$/);
    // A page of nothing keeps the site's own.
    expect(description({ problem: MSG.expertNotFound })).toBeUndefined();
  });

  it('at most 3 reviews and 8 services', async () => {
    profileApi({ offers: Array.from({ length: 10 }, (_, i) => offer(i + 1, { professor: expert(1) })), reviews: [1, 2, 3, 4].map(review) });
    renderRoutes(routes, { path: '/teacher/expert-1' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByRole('complementary', { name: 'Reviews' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(section('Services Provided')).getAllByRole('listitem')).toHaveLength(8);
  });

  it('a review names the service it is about, while that offer is published', async () => {
    profileApi({ reviews: [review(1), { ...review(2), offerId: 'offer-gone' }] });
    renderRoutes(routes, { path: '/teacher/expert-1' });
    const [first, second] = within(await screen.findByRole('complementary', { name: 'Reviews' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('1 Oct 2026 · Financial modelling from scratch');
    expect(second).toHaveTextContent('1 Oct 2026');
    expect(second).not.toHaveTextContent('·');
  });

  it('marks a review of free work as a free session (decision 272)', async () => {
    profileApi({ reviews: [{ ...review(1), free: true }, review(2)] });
    renderRoutes(routes, { path: '/teacher/expert-1' });
    const [free, paid] = within(await screen.findByRole('complementary', { name: 'Reviews' })).getAllByRole('listitem');
    expect(free).toHaveTextContent('Free session');
    expect(paid).not.toHaveTextContent('Free session');
  });

  it('names when each call service is next free, in the viewer’s zone, asking once per session length', async () => {
    viewerIn('America/New_York');
    const offers = [
      offer(1, { title: 'Modelling hours', lessonType: 'Video Call', pricingType: 'hourly' }),
      offer(2, { title: 'Valuation call', lessonType: 'Phone Call', pricingType: 'fixed', durationMinutes: 60 }),
      offer(3, { title: 'Short review call', lessonType: 'Video Call', pricingType: 'fixed', durationMinutes: 30 }),
      offer(4, { title: 'Written report', lessonType: 'Document', pricingType: 'fixed' }),
    ];
    const api = stubApi(({ method, url }) => {
      if (url.pathname === '/experts/expert-1/slots') {
        const minutes = url.searchParams.get('minutes');
        // 60 minutes: the hourly call's shortest and the 1-hour call; 30 minutes: nothing free in the fortnight.
        return json(200, {
          slots: minutes === '60' ? ['2026-12-08T14:00:00.000Z', '2026-12-08T14:30:00.000Z'] : [],
          expertTimeZone: 'Europe/Paris',
          hasHours: true,
        });
      }
      return profileAnswer(method, url.pathname, offers);
    });
    renderRoutes(routes, { path: '/teacher/expert-1' });
    const services = within(await screen.findByRole('region', { name: 'Services Provided' })).getAllByRole('listitem');
    await waitFor(() => expect(services[0]).toHaveTextContent('Next free time: Tue, 8 Dec 2026, 09:00 (America/New_York)'));
    expect(services[1]).toHaveTextContent('Next free time: Tue, 8 Dec 2026, 09:00 (America/New_York)');
    await waitFor(() => expect(services[2]).toHaveTextContent('No free time in the next 14 days'));
    expect(services[3]).not.toHaveTextContent(/free time/i);
    const asked = api.called('/experts/expert-1/slots').map((call) => call.url.searchParams);
    expect(asked.map((query) => query.get('minutes')).sort()).toEqual(['30', '60']);
    for (const query of asked) {
      expect(query.get('timeZone')).toBe('America/New_York');
      expect(Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')).toBe(14 * 86_400_000);
    }
  });

  it('names no time for an expert without hours, who takes a proposal of any time, nor when the free times cannot be read', async () => {
    for (const slots of [json(200, { slots: [], hasHours: false }), json(503, { msg: 'Unavailable', code: 'unavailable' })]) {
      const api = stubApi(({ method, url }) => (url.pathname === '/experts/expert-1/slots' ? slots : profileAnswer(method, url.pathname)));
      const { unmount } = renderRoutes(routes, { path: '/teacher/expert-1' });
      await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(api.called('/experts/expert-1/slots')).toHaveLength(1));
      expect(section('Services Provided')).toHaveTextContent('Financial modelling from scratch');
      expect(section('Services Provided')).not.toHaveTextContent(/free time/i);
      unmount();
    }
  });

  it('no offers: No services yet, and Save says there is nothing to save', async () => {
    const user = userEvent.setup();
    profileApi({ offers: [] });
    renderRoutes(routes, { path: '/teacher/expert-1' });
    await screen.findByRole('heading', { level: 1 });
    expect(section('Services Provided')).toHaveTextContent(MSG.noServices);
    await user.click(saveButton());
    expect(await screen.findByText(MSG.expertNoOffers)).toBeInTheDocument();
    expect(guestFavorites()).toEqual([]);
  });

  it('a visitor saves the first offer in the browser, and removes it again', async () => {
    const user = userEvent.setup();
    const api = profileApi();
    renderRoutes(routes, { path: '/teacher/expert-1' });
    await screen.findByRole('heading', { level: 1 });
    expect(saveButton()).toHaveAttribute('aria-pressed', 'false');
    await user.click(saveButton());
    expect(saveButton()).toHaveAttribute('aria-pressed', 'true');
    expect(guestFavorites()).toEqual(['offer-1']);
    expect(await screen.findByText(MSG.savedToFavorites)).toBeInTheDocument();
    await user.click(saveButton());
    expect(guestFavorites()).toEqual([]);
    expect(await screen.findByText(MSG.removedFromFavorites)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.pathname.startsWith('/user/favorites'))).toEqual([]);
  });

  it('a signed-in student saves on the server; a failure shows the server’s message', async () => {
    const user = userEvent.setup();
    const api = profileApi();
    renderRoutes(routes, { path: '/teacher/expert-1', account: alice });
    await screen.findByRole('heading', { level: 1 });
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-pressed', 'true'));
    expect(api.called('/user/favorites/offer-1').map((call) => call.method)).toEqual(['POST']);
    expect(await screen.findByText(MSG.savedToFavorites)).toBeInTheDocument();

    stubApi(() => json(400, { msg: MSG.tooManyFavorites }));
    await user.click(saveButton());
    expect(await screen.findByText(MSG.tooManyFavorites)).toBeInTheDocument();
    expect(saveButton()).toHaveAttribute('aria-pressed', 'true');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await user.click(saveButton());
    expect(await screen.findByText(MSG.favoritesUpdateFailed)).toBeInTheDocument();
  });

  it('Message: a student goes to /messages with the expert; a visitor logs in first', async () => {
    const user = userEvent.setup();
    profileApi();
    const student = renderRoutes(routes, { path: '/teacher/expert-1', account: alice });
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(screen.getByText('At /messages with {"to":"expert-1"}')).toBeInTheDocument();
    student.unmount();

    renderRoutes(routes, { path: '/teacher/expert-1' });
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(screen.getByText(/^At \/login with/)).toHaveTextContent('"from":{"pathname":"/messages","search":"?to=expert-1","hash":""}');
  });

  it('each service leads to its own conversation, for a student and (through the login) for a visitor, not for its expert', async () => {
    const user = userEvent.setup();
    profileApi();
    const student = renderRoutes(routes, { path: '/teacher/expert-1', account: alice });
    const services = await screen.findByRole('region', { name: 'Services Provided' });
    await user.click(within(services).getByRole('link', { name: 'Message about this service: valuation' }));
    expect(screen.getByText('At /messages?offerId=offer-2 with null')).toBeInTheDocument();
    student.unmount();

    const visitor = renderRoutes(routes, { path: '/teacher/expert-1' });
    expect(await screen.findByRole('link', { name: 'Message about this service: Financial modelling from scratch' })).toHaveAttribute(
      'href',
      '/messages?offerId=offer-1',
    );
    visitor.unmount();

    renderRoutes(routes, { path: '/teacher/expert-1', account: anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com' }) });
    await screen.findByRole('region', { name: 'Services Provided' });
    expect(screen.queryByRole('link', { name: /^Message about this service/ })).not.toBeInTheDocument();
  });

  it('Teacher not found for an unknown expert', async () => {
    stubApi(() => json(404, { msg: MSG.expertNotFound }));
    renderRoutes(routes, { path: '/teacher/nobody' });
    expect(await screen.findByRole('heading', { level: 1, name: MSG.expertNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse experts' })).toHaveAttribute('href', '/experts');
  });
});
