import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { api } from '@/lib/api-client';
import { toggleGuestFavorite } from '@/lib/favorites';
import { anAccount } from '@/test/accounts';
import { expert, offer, stubApi } from '@/test/catalogue-fixtures';
import { json, renderRoutes } from '@/test/render-app';
import FavoritesRoute, { loader } from './favorites';

const routes = [{ path: '/favorites', loader, Component: FavoritesRoute, HydrateFallback: () => null }];
const alice = anAccount({ _id: 'student-1', role: 'user', email: 'alice@example.com', favorites: [] });

const saved = (n: number) => offer(n, { professor: expert(n, { firstName: `Expert${n}` }) });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  api.setAccessToken(undefined);
});

describe('favourites page', () => {
  it('a visitor sees the experts of the offers saved in this browser, 20 at a time', async () => {
    const user = userEvent.setup();
    for (let n = 25; n >= 1; n--) toggleGuestFavorite(`offer-${n}`);
    const calls = stubApi(({ url, body }) =>
      url.pathname === '/offers/guest-favorites'
        ? json(
            200,
            (body as { ids: string[] }).ids.map((id) => saved(Number(id.split('-')[1]))),
          )
        : undefined,
    );
    renderRoutes(routes, { path: '/favorites' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Favourite' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    const first = screen.getAllByRole('article')[0];
    expect(within(first).getByRole('link', { name: 'Expert1 L.' })).toHaveAttribute('href', '/teacher/expert-1');
    expect(first).toHaveTextContent('Saved: Offer number 1 title');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.called('/offers/guest-favorites')).toHaveLength(1);
  });

  it('a signed-in student pages through the server', async () => {
    const user = userEvent.setup();
    api.setAccessToken('access-token');
    const calls = stubApi(({ url }) => {
      if (url.pathname !== '/user/favorites') return undefined;
      const page = Number(url.searchParams.get('page'));
      const numbers = page === 1 ? Array.from({ length: 20 }, (_, i) => i + 1) : [21, 22];
      return json(200, { items: numbers.map(saved), total: 22 });
    });
    renderRoutes(routes, { path: '/favorites', account: alice });
    await screen.findByRole('heading', { level: 1, name: 'My Favourite' });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Expert22 L.' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(22);
    expect(calls.called('/user/favorites').map((call) => call.url.search)).toEqual(['?page=1&limit=20', '?page=2&limit=20']);
  });

  it('the empty state, for visitors and members', async () => {
    const calls = stubApi(({ url }) => (url.pathname === '/user/favorites' ? json(200, { items: [], total: 0 }) : undefined));
    const visitor = renderRoutes(routes, { path: '/favorites' });
    expect(await screen.findByText(MSG.noFavorites)).toBeInTheDocument();
    expect(calls.calls).toEqual([]);
    visitor.unmount();
    api.setAccessToken('access-token');
    renderRoutes(routes, { path: '/favorites', account: alice });
    expect(await screen.findByText(MSG.noFavorites)).toBeInTheDocument();
  });

  it('a failed load says so, with the server’s message when there is one', async () => {
    api.setAccessToken('access-token');
    stubApi(() => json(500, {}));
    const first = renderRoutes(routes, { path: '/favorites', account: alice });
    expect(await screen.findAllByText(MSG.favoritesLoadFailed)).not.toHaveLength(0);
    first.unmount();
    stubApi(() => json(503, { msg: MSG.unavailable }));
    renderRoutes(routes, { path: '/favorites', account: alice });
    expect(await screen.findAllByText(MSG.unavailable)).not.toHaveLength(0);
  });
});
