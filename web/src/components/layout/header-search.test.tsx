import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { offer, stubApi } from '@/test/catalogue-fixtures';
import { fakeClockForFile } from '@/test/fake-clock';
import { json, renderRoutes } from '@/test/render-app';
import { Header } from './header';

function Page() {
  const { pathname, search } = useLocation();
  return <p>At {decodeURIComponent(pathname + search)}</p>;
}

const routes = [
  {
    path: '*',
    element: (
      <>
        <Header />
        <Page />
      </>
    ),
  },
];

const box = () => screen.getByRole('searchbox', { name: 'Search offers' });
const results = () => screen.queryByRole('region', { name: 'Offer results' });
const clock = fakeClockForFile();

// The results list is a lazy chunk: loaded ahead, it mounts with the first key typed as in a warm browser.
beforeAll(() => import('./header-search-results'));

describe('header search', () => {
  it('searches offers once typing pauses (500 ms) and links to each expert and to every result', async () => {
    const user = clock.user();
    const api = stubApi(({ url }) => (url.pathname === '/offers/search' ? json(200, [offer(3, { title: 'Employment contract review' })]) : undefined));
    renderRoutes(routes);
    await user.type(box(), 'contract');
    expect(results()).toHaveTextContent('Searching…');
    await clock.pass(CATALOGUE.headerSearchDebounceMs - 1);
    expect(api.calls).toHaveLength(0);
    await clock.pass(1);
    await vi.waitFor(() => expect(results()).toHaveTextContent('Employment contract review'));
    expect(api.calls.map((call) => call.url.search)).toEqual(['?q=contract&limit=6']);
    expect(within(results()!).getByRole('link', { name: /Employment contract review/ })).toHaveAttribute('href', '/teacher/expert-3');
    expect(within(results()!).getByRole('link', { name: 'See all experts for “contract”' })).toHaveAttribute('href', '/experts?q=contract');
    await user.keyboard('{Escape}');
    expect(results()).not.toBeInTheDocument();
  });

  it('Enter leads to the directory; a failed search says so', async () => {
    const user = clock.user();
    stubApi(() => json(500, {}));
    renderRoutes(routes);
    await user.type(box(), 'tax law');
    await clock.pass(CATALOGUE.headerSearchDebounceMs);
    await vi.waitFor(() => expect(results()).toHaveTextContent(MSG.searchFailed));
    await user.keyboard('{Enter}');
    expect(screen.getByText('At /experts?q=tax law')).toBeInTheDocument();
    expect(results()).not.toBeInTheDocument();
  });
});
