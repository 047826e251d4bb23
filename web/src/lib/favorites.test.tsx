import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '@/components/layout/header';
import { stubApi } from '@/test/catalogue-fixtures';
import { json, renderRoutes } from '@/test/render-app';
import { guestFavorites, toggleGuestFavorite } from './favorites';
import { useSession } from './session';
import { anAccount } from '@/test/accounts';

const alice = anAccount({ _id: 'u1', role: 'user', email: 'alice@example.com', firstName: 'Alice', lastName: 'Martin', favorites: ['offer-9'] });

function LogIn() {
  const { login } = useSession();
  return (
    <button type="button" onClick={() => login(alice, 'access-token')}>
      Log in as Alice
    </button>
  );
}

const routes = [
  {
    path: '*',
    element: (
      <>
        <Header />
        <LogIn />
      </>
    ),
  },
];

const favouriteLink = () => screen.queryByRole('link', { name: /^Favourite/ });

afterEach(() => localStorage.clear());

describe('guest favourites', () => {
  it('a visitor saves in browser storage, newest first, and the header counts them', () => {
    renderRoutes(routes);
    expect(favouriteLink()).not.toBeInTheDocument();
    act(() => {
      toggleGuestFavorite('offer-1');
      toggleGuestFavorite('offer-2');
    });
    expect(guestFavorites()).toEqual(['offer-2', 'offer-1']);
    expect(favouriteLink()).toHaveAccessibleName('Favourite, 2 saved');
    act(() => void toggleGuestFavorite('offer-1'));
    expect(guestFavorites()).toEqual(['offer-2']);
    expect(favouriteLink()).toHaveAccessibleName('Favourite, 1 saved');
  });

  it('on login they are merged into the account, and cleared from the browser only then', async () => {
    const user = userEvent.setup();
    toggleGuestFavorite('offer-1');
    const api = stubApi(({ method, url }) =>
      method === 'POST' && url.pathname === '/user/favorites/merge' ? json(200, { favorites: ['offer-1', 'offer-9'] }) : undefined,
    );
    renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Log in as Alice' }));
    await waitFor(() => expect(favouriteLink()).toHaveAccessibleName('Favourite, 2 saved'));
    expect(api.called('/user/favorites/merge').map((call) => call.body)).toEqual([{ ids: ['offer-1'] }]);
    expect(guestFavorites()).toEqual([]);
  });

  it('a failed merge keeps them stored for the next login', async () => {
    const user = userEvent.setup();
    toggleGuestFavorite('offer-1');
    const api = stubApi(() => json(500, { msg: 'down' }));
    renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Log in as Alice' }));
    await waitFor(() => expect(api.called('/user/favorites/merge')).toHaveLength(1));
    expect(guestFavorites()).toEqual(['offer-1']);
    expect(favouriteLink()).toHaveAccessibleName('Favourite, 1 saved');
  });

  it('nothing stored, nothing merged', async () => {
    const user = userEvent.setup();
    const api = stubApi(() => undefined);
    renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Log in as Alice' }));
    expect(favouriteLink()).toHaveAccessibleName('Favourite, 1 saved');
    expect(api.called('/user/favorites/merge')).toEqual([]);
  });
});
