/**
 * An expert's page rendered per request with its data (decision 297), through the local stack's
 * side of CloudFront's `/teacher/*` behaviour to the pages Lambda: the expert's own HTML, the route
 * data the browser's router starts from (what the API answers a visitor, no more), and the
 * not-found page for any id that is no listed expert.
 */
import { describe, expect, it } from 'vitest';
import { RENDERED_PAGE_MAX_AGE_SECONDS, ROUTE_DATA_ELEMENT_ID } from '../../shared/prerendered-pages';
import { CATALOGUE } from '../../shared/limits';
import { MSG } from '../../shared/texts';
import { signedInAs, signedInNewExpert } from '../support/accounts';
import { ApiClient, stackUrl } from '../support/api';

const expertPage = async (path: string) => {
  const response = await fetch(`${stackUrl()}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
};

/** The page's route data, as main.tsx reads it. */
function routeDataOf(html: string): { loaderData: Record<string, unknown> } {
  const scripts = [...html.matchAll(new RegExp(`<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">([^<]*)</script>`, 'g'))];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0][1]);
}

const headingOf = (html: string) => html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const descriptionOf = (html: string) =>
  html.match(/<meta name="description" content="([^"]*)"/)?.[1].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What a visitor's three calls of the profile page answer. */
async function visitorAnswers(expertId: string) {
  const visitor = new ApiClient();
  const [profile, offers, reviews] = await Promise.all([
    visitor.get(`/user/public/${expertId}`),
    visitor.get<{ title: string }[]>(`/offers/professor/${expertId}`),
    visitor.get(`/offers/professor/${expertId}/reviews`),
  ]);
  return { profile: profile.body, offers: offers.body, reviews: reviews.body };
}

describe('an expert’s page rendered with its data', () => {
  it('holds the expert’s profile, services and reviews, and the answers of the page’s calls as a visitor gets them', async () => {
    const expertId = String((await (await signedInAs('professor')).get<{ _id: string }>('/auth/user')).body._id);
    const page = await expertPage(`/teacher/${expertId}?utm_source=newsletter`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${RENDERED_PAGE_MAX_AGE_SECONDS}`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // A visitor's view: the last name's initial only.
    expect(headingOf(page.html)).toBe('Claire D.');
    expect(titleOf(page.html)).toBe('Claire D. | Mentorship');
    // Described by the expert's own words, not the site's.
    const siteDescription = descriptionOf(await (await fetch(`${stackUrl()}/`)).text());
    expect(descriptionOf(page.html)).not.toBe(siteDescription);
    expect(descriptionOf(page.html)?.length).toBeLessThanOrEqual(CATALOGUE.profileDescriptionMax);
    expect(descriptionOf((await expertPage('/teacher/no-such-expert')).html)).toBe(siteDescription);
    const answers = await visitorAnswers(expertId);
    expect(page.html).toContain('<h2 id="section-services-provided">Services Provided</h2>');
    for (const offer of answers.offers) expect(page.html).toContain(`<h3>${offer.title}</h3>`);
    expect(Object.values(routeDataOf(page.html).loaderData).filter(Boolean)).toEqual([answers]);
    // The page's scripts come after its first paint, and its stylesheets with it.
    expect(page.html).toMatch(/<meta name="app-scripts" content="\/assets\/[^"]+\.js/);
    expect(page.html).not.toContain('<!--page-');
  });

  it('writes the expert’s own text as text, and its route data as data that ends no script', async () => {
    const { client } = await signedInNewExpert('Zoë', 'O’Brien & Sons');
    const bio = 'Ten years of "credit" analysis & risk: 1 in 3 deals fail --> now I coach juniors. \u2028 </script>';
    expect((await client.request('PUT', '/user/update', { bio })).status).toBe(200);
    const expertId = String((await client.get<{ _id: string }>('/auth/user')).body._id);
    const page = await expertPage(`/teacher/${expertId}`);
    expect(page.status).toBe(200);
    const stored = (await visitorAnswers(expertId)).profile as { bio: string };
    // The markup's brackets never reach the store; whatever is stored is what the page shows.
    expect(stored.bio).not.toMatch(/[<>]/);
    expect(page.html).toContain(`<p class="profile-bio">${stored.bio.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}</p>`);
    expect(headingOf(page.html)).toBe('Zoë O.');
    expect((Object.values(routeDataOf(page.html).loaderData).find(Boolean) as { profile: { bio: string } }).profile.bio).toBe(stored.bio);
  });

  it('answers 404 with the not-found page for an unknown id, a path under it and an id too long to be one', async () => {
    for (const path of ['/teacher/no-such-expert', `/teacher/${'x'.repeat(300)}`, '/teacher/%E0%A4%A']) {
      const page = await expertPage(path);
      expect({ path, status: page.status, heading: headingOf(page.html), title: titleOf(page.html) }).toEqual({
        path,
        status: 404,
        heading: MSG.expertNotFound,
        title: `${MSG.expertNotFound} | Mentorship`,
      });
    }
    const deeper = await expertPage('/teacher/a/b');
    expect(deeper.status).toBe(404);
    expect(headingOf(deeper.html)).toBe('Page not found');
  });

  it('is a page of nothing once its expert is banned', async () => {
    const { client } = await signedInNewExpert('Bruno', 'Banned');
    const expertId = String((await client.get<{ _id: string }>('/auth/user')).body._id);
    expect((await expertPage(`/teacher/${expertId}`)).status).toBe(200);
    const admin = await signedInAs('admin');
    expect((await admin.post(`/admin/ban-user/${expertId}`, { reason: 'Asked students to pay outside the platform' })).status).toBe(200);
    const page = await expertPage(`/teacher/${expertId}`);
    expect([page.status, headingOf(page.html)]).toEqual([404, MSG.expertNotFound]);
    expect(page.html).not.toContain('Bruno');
  });
});
