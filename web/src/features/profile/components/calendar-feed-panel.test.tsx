import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { formatDateTime } from '@/lib/format-date';
import { CalendarFeedPanel } from './calendar-feed-panel';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student' });
const routes = [{ path: '/profile', element: <CalendarFeedPanel /> }];
const address = `https://app.example/api/calendar/${'a'.repeat(43)}.ics`;

afterEach(() => vi.unstubAllGlobals());

describe('the calendar feed', () => {
  it('makes the secret address and shows it this once, to copy', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /calendar-feed': () => json(200, { active: false }),
      'POST /calendar-feed': () => json(200, { msg: MSG.calendarFeedCreated, url: address, createdAt: '2026-11-29T10:00:00.000Z' }),
    });
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.click(await screen.findByRole('button', { name: 'Make my calendar address' }));
    expect(await screen.findByLabelText('Your calendar address')).toHaveValue(address);
    expect(screen.getByLabelText('Your calendar address')).toHaveAccessibleDescription('Copy it now: it is shown only this once.');
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeInTheDocument();
    expect(api.calls().filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says when the address was made, without showing it again, and offers a new one', async () => {
    fakeApi({ 'GET /calendar-feed': () => json(200, { active: true, createdAt: '2026-11-20T09:00:00.000Z' }) });
    renderRoutes(routes, { path: '/profile', account: sam });
    expect(await screen.findByText(new RegExp(`made on ${formatDateTime('2026-11-20T09:00:00.000Z')}`))).toBeInTheDocument();
    expect(screen.queryByLabelText('Your calendar address')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a new address' })).toBeInTheDocument();
  });
});
