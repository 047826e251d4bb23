import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { CATALOGUE } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { expert, offer, stubApi } from '@/test/catalogue-fixtures';
import { fakeClockForFile } from '@/test/fake-clock';
import { json, renderRoutes } from '@/test/render-app';
import { HeroSearch } from './hero-search';

function Directory() {
  const { search } = useLocation();
  return <p>Directory {decodeURIComponent(search)}</p>;
}

const routes = [
  { path: '/', element: <HeroSearch /> },
  { path: '/experts', element: <Directory /> },
];

function answerSearch() {
  return stubApi(({ url }) => {
    if (url.pathname === '/offers/search') return json(200, [offer(1, { title: 'Financial modelling from scratch' })]);
    if (url.pathname === '/user/professors') return json(200, { items: [expert(2, { firstName: 'Claire', lastName: 'D.' })], total: 1 });
  });
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search experts, skills or topics' });
const dropdown = () => screen.queryByRole('region', { name: 'Search suggestions' });
const clock = fakeClockForFile();
const pause = clock.pass;

describe('home search', () => {
  it('searches once typing pauses (380 ms), for up to 6 offers and the 6 best-rated experts', async () => {
    const user = clock.user();
    const api = answerSearch();
    renderRoutes(routes);
    await user.type(searchBox(), 'clai');
    await pause(CATALOGUE.homeSearchDebounceMs - 1);
    expect(api.calls).toHaveLength(0);
    await pause(1);
    expect(api.calls.map((call) => `${call.url.pathname}${call.url.search}`).sort()).toEqual([
      '/offers/search?q=clai&limit=6',
      '/user/professors?page=1&limit=6&sort=rating&q=clai',
    ]);
    const list = dropdown()!;
    expect(within(list).getByRole('link', { name: /Financial modelling from scratch/ })).toHaveAttribute('href', '/teacher/expert-1');
    expect(within(list).getByRole('link', { name: /Claire D\./ })).toHaveAttribute('href', '/teacher/expert-2');
    expect(within(list).getByRole('link', { name: 'See all experts for “clai”' })).toHaveAttribute('href', '/experts?q=clai');
  });

  it('closes on Escape and when the text is cleared; reopens when typing again', async () => {
    const user = clock.user();
    answerSearch();
    renderRoutes(routes);
    await user.type(searchBox(), 'fin');
    await pause(CATALOGUE.homeSearchDebounceMs);
    expect(dropdown()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(dropdown()).not.toBeInTheDocument();
    expect(searchBox()).toHaveValue('fin');
    await user.type(searchBox(), 'a');
    expect(dropdown()).toBeInTheDocument();
    await user.clear(searchBox());
    expect(dropdown()).not.toBeInTheDocument();
  });

  it('the arrow keys walk the suggestions; Escape there goes back to the box', async () => {
    const user = clock.user();
    answerSearch();
    renderRoutes(routes);
    await user.type(searchBox(), 'fin');
    await pause(CATALOGUE.homeSearchDebounceMs);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Financial modelling from scratch/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Claire D\./ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(searchBox()).toHaveFocus();
    expect(dropdown()).not.toBeInTheDocument();
  });

  it('refuses markup and texts over 50 characters without searching', async () => {
    const user = clock.user();
    const api = answerSearch();
    renderRoutes(routes);
    await user.type(searchBox(), '<b>law</b>');
    await pause(CATALOGUE.homeSearchDebounceMs);
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.searchHtml);
    expect(dropdown()).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(searchBox()).toHaveAttribute('maxLength', '50');
  });

  it('says when the search fails, and when nothing matches', async () => {
    const user = clock.user();
    stubApi(({ url }) => (url.searchParams.get('q') === 'zzz' ? json(200, url.pathname === '/offers/search' ? [] : { items: [], total: 0 }) : json(500, {})));
    renderRoutes(routes);
    await user.type(searchBox(), 'law');
    await pause(CATALOGUE.homeSearchDebounceMs);
    expect(dropdown()).toHaveTextContent(MSG.searchFailed);
    await user.clear(searchBox());
    await user.type(searchBox(), 'zzz');
    await pause(CATALOGUE.homeSearchDebounceMs);
    expect(dropdown()).toHaveTextContent(MSG.noResults);
  });

  it('choosing a search leads to the directory with the text', async () => {
    const user = clock.user();
    answerSearch();
    renderRoutes(routes);
    await user.type(searchBox(), 'financial modeling{Enter}');
    expect(screen.getByText('Directory ?q=financial modeling')).toBeInTheDocument();
  });
});
