import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { NotificationPreferencesPanel } from './notification-preferences';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student' });
const routes = [{ path: '/profile', element: <NotificationPreferencesPanel /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Notifications tab', () => {
  it('shows each kind of e-mail as a labelled checkbox, lists what is always sent, and saves the choice', async () => {
    const api = fakeApi({
      'GET /user/notification-preferences': () => json(200, { messages: true, orders: true, money: false }),
      'PUT /user/notification-preferences': (call) => json(200, { msg: MSG.notificationPreferencesSaved, preferences: call.body }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });

    const messages = await screen.findByRole('checkbox', { name: 'New messages while I am offline' });
    expect(messages).toBeChecked();
    expect(messages).toHaveAccessibleDescription(/At most one e-mail per conversation every 15 minutes/);
    expect(screen.getByRole('checkbox', { name: 'Order updates' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Money updates' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'E-mail me about' })).toBeInTheDocument();
    const always = screen.getByRole('region', { name: 'Always sent' });
    expect(always).toHaveTextContent('Receipts');
    expect(always).toHaveTextContent('Security notices');
    expect(always).toHaveTextContent('Legal and account notices');

    // Keyboard only: Space toggles the focused checkbox.
    messages.focus();
    await user.keyboard(' ');
    expect(messages).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText(MSG.notificationPreferencesSaved, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.calls().at(-1)).toMatchObject({ method: 'PUT', path: '/user/notification-preferences', body: { messages: false, orders: true, money: false } });
  });

  it('says when the preferences could not be loaded, and tries again', async () => {
    let answer = json(503, { msg: MSG.mailUnavailable, code: 'unavailable' });
    fakeApi({ 'GET /user/notification-preferences': () => answer });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/profile', account: sam });
    expect(await screen.findByText(MSG.notificationPreferencesLoadFailed)).toHaveAttribute('role', 'alert');
    answer = json(200, { messages: true, orders: true, money: true });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Money updates' })).toBeChecked();
  });
});
