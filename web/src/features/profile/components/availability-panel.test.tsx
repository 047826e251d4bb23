import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Availability } from '@shared/schemas/bookings';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { AvailabilityPanel } from './availability-panel';

const claire = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', firstName: 'Claire', lastName: 'Dubois' });
const routes = [{ path: '/profile', element: <AvailabilityPanel /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Availability tab', () => {
  it('starts a new expert from weekdays 9 to 5 in their own zone, and saves the hours they set', { timeout: 15_000 }, async () => {
    const api = fakeApi({
      'GET /availability': () => json(200, { availability: null, busyCalendar: null }),
      'PUT /availability': (call) => json(200, { msg: MSG.availabilitySaved, availability: call.body }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });

    expect(await screen.findByText(/You have not set your hours yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const hours = screen.getByRole('group', { name: 'Weekly hours' });
    expect(within(hours).getByLabelText('Monday, range 1, from')).toHaveValue('09:00');
    expect(within(hours).getByLabelText('Monday, range 1, until')).toHaveValue('17:00');
    expect(within(hours).queryByLabelText('Sunday, range 1, from')).not.toBeInTheDocument();

    // Monday gets an evening too, Friday is off, and a buffer of 15 minutes.
    await user.click(within(hours).getByRole('button', { name: 'Add hours on Monday' }));
    await user.selectOptions(within(hours).getByLabelText('Monday, range 2, from'), '18:30');
    await user.click(within(hours).getByRole('button', { name: 'Remove Friday, range 1' }));
    await user.selectOptions(screen.getByLabelText('Buffer after each session'), '15');
    await user.click(screen.getByRole('button', { name: 'Add a date' }));
    await user.type(screen.getByLabelText('Override 1, date'), '2026-12-24');
    await user.click(screen.getByRole('button', { name: 'Save my hours' }));

    expect(await screen.findByText(MSG.availabilitySaved, {}, { timeout: 3000 })).toBeInTheDocument();
    const saved = api.calls().at(-1)?.body as Availability;
    expect(saved.weekly.mon).toEqual([
      { start: '09:00', end: '17:00' },
      { start: '18:30', end: '20:00' },
    ]);
    expect(saved.weekly.fri).toEqual([]);
    expect(saved).toMatchObject({ bufferMinutes: 15, minNoticeHours: 12, horizonDays: 60, overrides: [{ date: '2026-12-24', ranges: [] }] });
  });

  it('shows the server’s reason when the hours are refused, and keeps what was typed', async () => {
    fakeApi({
      'GET /availability': () =>
        json(200, {
          availability: {
            timeZone: 'Europe/London',
            weekly: { mon: [{ start: '09:00', end: '12:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
            overrides: [],
            bufferMinutes: 0,
            minNoticeHours: 12,
            horizonDays: 60,
          },
          busyCalendar: null,
        }),
      'PUT /availability': () => json(400, { msg: MSG.availabilityRange, code: 'validation_failed' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    const until = await screen.findByLabelText('Monday, range 1, until');
    await user.selectOptions(until, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save my hours' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.availabilityRange);
    expect(screen.getByLabelText('Monday, range 1, until')).toHaveValue('08:00');
  });

  it('warns that students cannot book while no day has hours', async () => {
    const monday = [{ start: '09:00', end: '12:00' }];
    fakeApi({
      'GET /availability': () =>
        json(200, {
          availability: {
            timeZone: 'Europe/London',
            weekly: { mon: monday, tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
            overrides: [],
            bufferMinutes: 0,
            minNoticeHours: 12,
            horizonDays: 60,
          },
          busyCalendar: null,
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: claire });
    const hours = await screen.findByRole('group', { name: 'Weekly hours' });
    expect(screen.queryByText(MSG.availabilityNoHours)).not.toBeInTheDocument();
    await user.click(within(hours).getByRole('button', { name: 'Remove Monday, range 1' }));
    expect(screen.getByText(MSG.availabilityNoHours)).toBeInTheDocument();
  });
});
