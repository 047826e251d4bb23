import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BusyCalendarState } from '@shared/schemas/bookings';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { formatDateTime } from '@/lib/format-date';
import { BusyCalendarPanel } from './busy-calendar-panel';

const claire = anAccount({ _id: 'expert-1', role: 'professor', email: 'claire@example.com', firstName: 'Claire', lastName: 'Dubois' });
const connected: BusyCalendarState = {
  addressHint: 'calendar.google.com/…/basic.ics',
  savedAt: '2026-11-29T09:00:00.000Z',
  lastReadAt: '2026-11-29T10:15:00.000Z',
  lastGoodReadAt: '2026-11-29T10:15:00.000Z',
  busyCount: 14,
};
const render = (initial: BusyCalendarState | null) =>
  renderRoutes([{ path: '/profile', element: <BusyCalendarPanel initial={initial} /> }], { path: '/profile', account: claire });

describe("the expert's own calendar, on the Availability tab", () => {
  it('connects a secret address, then shows only its hint and what was read', async () => {
    const api = fakeApi({
      'PUT /availability/calendar': () => json(200, { msg: MSG.busyCalendarSaved, busyCalendar: connected }),
    });
    const user = userEvent.setup();
    render(null);

    const secret = 'webcal://calendar.google.com/calendar/ical/claire%40example.com/private-0123456789abcdef/basic.ics';
    await user.type(screen.getByLabelText('Secret address in iCal format'), secret);
    await user.click(screen.getByRole('button', { name: 'Connect my calendar' }));

    expect(await screen.findByText(MSG.busyCalendarSaved)).toBeInTheDocument();
    expect(api.calls().at(-1)).toMatchObject({ method: 'PUT', body: { address: secret } });
    expect(screen.getByText('calendar.google.com/…/basic.ics')).toBeInTheDocument();
    expect(screen.getByText(`Read on ${formatDateTime(connected.lastReadAt)}: 14 busy times ahead.`)).toBeInTheDocument();
    expect(screen.queryByLabelText('Secret address in iCal format')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('private-0123456789abcdef');
  });

  it('says why an address is refused, and keeps it in the field', async () => {
    fakeApi({
      'PUT /availability/calendar': () => json(400, { msg: MSG.busyCalendarPrivateAddress, code: 'calendar_address_invalid' }),
    });
    const user = userEvent.setup();
    render(null);
    await user.type(screen.getByLabelText('Secret address in iCal format'), 'https://10.0.0.7/calendar.ics');
    await user.click(screen.getByRole('button', { name: 'Connect my calendar' }));
    expect(await screen.findByText(MSG.busyCalendarPrivateAddress)).toBeInTheDocument();
    expect(screen.getByLabelText('Secret address in iCal format')).toHaveValue('https://10.0.0.7/calendar.ics');
  });

  it('shows a failed read with the time of the last good one, and disconnects', async () => {
    const api = fakeApi({ 'DELETE /availability/calendar': () => json(200, { msg: MSG.busyCalendarRemoved }) });
    const user = userEvent.setup();
    render({ ...connected, lastReadAt: '2026-11-29T10:30:00.000Z', failure: 'bad_status' });

    expect(
      screen.getByText(
        `The read of ${formatDateTime('2026-11-29T10:30:00.000Z')} failed: ${MSG.busyCalendarBadStatus} The busy times read on ${formatDateTime(connected.lastReadAt)} still apply.`,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disconnect my calendar' }));
    expect(await screen.findByText(MSG.busyCalendarRemoved)).toBeInTheDocument();
    expect(api.calls().at(-1)).toMatchObject({ method: 'DELETE' });
    expect(screen.queryByText('calendar.google.com/…/basic.ics')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Secret address in iCal format')).toHaveValue('');
  });
});
