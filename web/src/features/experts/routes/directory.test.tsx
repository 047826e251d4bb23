import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { expert, stubApi, type ApiCall } from '@/test/catalogue-fixtures';
import { fakeClockForFile } from '@/test/fake-clock';
import { json, renderRoutes } from '@/test/render-app';
import ExpertDirectoryRoute, { loader } from './directory';

const routes = [{ path: '/experts', loader, Component: ExpertDirectoryRoute, HydrateFallback: () => null }];

/** A directory of `total` experts, answered a page at a time as the server would. */
function directoryOf(total: number) {
  return stubApi(({ url }) => {
    if (url.pathname !== '/user/professors') return undefined;
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const numbers = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * limit, page * limit);
    return json(200, { items: numbers.map((n) => expert(n)), total });
  });
}

const query = (call: ApiCall) => Object.fromEntries(call.url.searchParams);
const cards = () => screen.getAllByRole('article');
const searchBox = () => screen.getByRole('searchbox', { name: 'Search experts by name, skill or field' });

const clock = fakeClockForFile();

describe('expert directory', () => {
  it(`shows ${CATALOGUE.directoryPageSize} experts, then the next page with Show more, until all are shown`, async () => {
    const user = clock.user();
    const api = directoryOf(25);
    renderRoutes(routes, { path: '/experts' });
    await screen.findByRole('heading', { level: 1, name: 'Find your expert' });
    expect(cards()).toHaveLength(20);
    expect(screen.getByText('25 experts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'First25 L.' });
    expect(cards()).toHaveLength(25);
    // Focus moves to the first new card on the next frame, once it is painted.
    await waitFor(() => expect(screen.getByRole('link', { name: 'First21 L.' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.called('/user/professors').map((call) => query(call).page)).toEqual(['1', '2']);
  });

  it('each card links to the profile and shows what a visitor compares', async () => {
    stubApi(() => json(200, { items: [expert(1, { headline: '', position: 'Partner', company: 'Laurent Avocats', profilePhoto: undefined })], total: 1 }));
    renderRoutes(routes, { path: '/experts' });
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'First1 L.' })).toHaveAttribute('href', '/teacher/expert-1');
    expect(card).toHaveTextContent('Partner at Laurent Avocats');
    expect(card).toHaveTextContent('Paris, France');
    expect(card).toHaveTextContent('4.5 out of 5');
    expect(card).toHaveTextContent('2 reviews');
    expect(card).toHaveTextContent('6 years of experience');
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/default-avatar.png');
  });

  it('the filter pills ask the server again and are kept in the URL', async () => {
    const user = clock.user();
    const api = directoryOf(3);
    const { router } = renderRoutes(routes, { path: '/experts?q=law' });
    await screen.findByText('3 experts');
    expect(query(api.calls[0])).toMatchObject({ q: 'law', sort: 'new', page: '1', limit: '20' });

    await user.click(within(screen.getByRole('group', { name: 'Experience' })).getByRole('button', { name: '5+ years' }));
    await user.click(within(screen.getByRole('group', { name: 'Rating' })).getByRole('button', { name: '4.5+' }));
    await user.click(within(screen.getByRole('group', { name: 'Sort' })).getByRole('button', { name: 'Top rated' }));
    await vi.waitFor(() => expect(query(api.calls.at(-1)!)).toMatchObject({ q: 'law', minExp: '5', minRating: '4.5', sort: 'rating' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Sort' })).getByRole('button', { name: 'Top rated' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(within(screen.getByRole('group', { name: 'Rating' })).getByRole('button', { name: '4.5+' })).toHaveAttribute('aria-pressed', 'true');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'law', minExp: '5', minRating: '4.5', sort: 'rating' });
    expect(screen.getByRole('button', { name: 'All experts', pressed: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All experts', pressed: false }));
    await vi.waitFor(() => expect(query(api.calls.at(-1)!)).toEqual({ q: 'law', sort: 'new', page: '1', limit: '20' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'All experts' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('the search box writes q 400 ms after typing stops, and the list follows', async () => {
    const user = clock.user();
    const api = directoryOf(2);
    const { router } = renderRoutes(routes, { path: '/experts' });
    await screen.findByText('2 experts');
    await user.type(searchBox(), 'soph');
    await clock.pass(CATALOGUE.directorySearchDebounceMs - 1);
    expect(router.state.location.search).toBe('');
    await clock.pass(1);
    expect(router.state.location.search).toBe('?q=soph');
    await vi.waitFor(() => expect(api.calls.map((call) => query(call).q)).toEqual([undefined, 'soph']));
  });

  it('says what is wrong with a search text and does not send it', async () => {
    const user = clock.user();
    const api = directoryOf(2);
    const { router } = renderRoutes(routes, { path: '/experts' });
    await screen.findByText('2 experts');
    await user.type(searchBox(), '<script>');
    await clock.pass(CATALOGUE.directorySearchDebounceMs);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.searchHtml);
    expect(router.state.location.search).toBe('');
    expect(api.calls).toHaveLength(1);
  });

  it('No experts found. when nothing matches, and when the directory cannot be reached (the error is only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => json(500, { msg: 'down' }));
    renderRoutes(routes, { path: '/experts?q=nobody' });
    expect(await screen.findByText(MSG.noExpertsFound)).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(screen.queryByRole('alert', { name: /down/ })).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
