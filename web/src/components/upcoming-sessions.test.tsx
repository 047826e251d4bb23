import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpcomingRoomView } from '@shared/schemas/rooms';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { UpcomingSessions } from './upcoming-sessions';

afterEach(() => vi.unstubAllGlobals());

/** The app's time as the server answers it: 09:55, five minutes before the first session. */
const NOW = '2026-12-07T09:55:00.000Z';
const MINUTE_MS = 60_000;
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * MINUTE_MS).toISOString();

const session = (orderId: string, title: string, startMinutes: number, other: { firstName: string; lastName: string }): UpcomingRoomView => ({
  orderId,
  title,
  start: at(startMinutes),
  end: at(startMinutes + 60),
  opensAt: at(startMinutes - 10),
  closesAt: at(startMinutes + 90),
  other: { _id: `${orderId}-other`, ...other },
});

describe('upcoming sessions', () => {
  it('lists each session with its conversation, offers Join once its room is open by the app’s clock, and drops one whose room has closed', async () => {
    fakeApi({
      'GET /rooms': () =>
        json(200, {
          now: NOW,
          sessions: [
            session('order-0', 'Budget review', -150, { firstName: 'Omar', lastName: 'Haddad' }),
            session('order-1', 'Mock interview', 5, { firstName: 'Claire', lastName: 'Dubois' }),
            session('order-2', 'Contract walkthrough', 24 * 60, { firstName: 'Lucas', lastName: 'Bernard' }),
          ],
        }),
    });
    renderRoutes([{ path: '/', element: <UpcomingSessions /> }]);
    const list = await screen.findByRole('region', { name: 'Upcoming sessions' });
    const [soon, tomorrow, ...rest] = within(list).getAllByRole('listitem');
    expect(rest).toEqual([]);

    expect(soon).toHaveTextContent('with Claire Dubois: Mock interview');
    expect(within(soon).getByRole('link', { name: 'Mock interview' })).toHaveAttribute('href', '/messages?chatId=order-1');
    expect(within(soon).getByRole('link', { name: 'Join the call with Claire Dubois' })).toHaveAttribute('href', '/room/order-1');

    expect(tomorrow).toHaveTextContent('with Lucas Bernard: Contract walkthrough');
    expect(within(tomorrow).getByRole('link', { name: 'Contract walkthrough' })).toHaveAttribute('href', '/messages?chatId=order-2');
    expect(within(tomorrow).queryByRole('link', { name: /^Join/ })).not.toBeInTheDocument();
  });

  it('says so when nothing is booked', async () => {
    fakeApi({ 'GET /rooms': () => json(200, { now: NOW, sessions: [] }) });
    renderRoutes([{ path: '/', element: <UpcomingSessions /> }]);
    expect(await screen.findByText('No sessions booked.')).toBeInTheDocument();
  });
});
