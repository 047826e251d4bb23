import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import type { MessageDto } from '@shared/schemas/chats';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { json, renderRoutes } from '@/test/render-app';
import { LiveHeader } from '@/test/live-header';

const student = anAccount({ _id: 'u1', role: 'user', email: 'alice@example.com', firstName: 'Alice', lastName: 'Martin' });
const expert = anAccount({ _id: 'p1', role: 'professor', email: 'claire@example.com', firstName: 'Claire', lastName: 'Dubois' });

const routes = [{ path: '*', element: <LiveHeader /> }];

// A signed-in member's header opens the realtime channel: on a fake socket here, its calls answered 404 unless a test says otherwise.
beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  fakeApi({});
});

afterEach(() => vi.unstubAllGlobals());

const navNames = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('header', () => {
  it('shows each role its own navigation', () => {
    const anonymous = renderRoutes(routes);
    expect(navNames()).toEqual(['Home', 'Contact', 'Sign Up', 'Log In']);
    anonymous.unmount();
    const asStudent = renderRoutes(routes, { account: student });
    expect(navNames()).toEqual(['Home', 'Messages0, 0 unread', 'Favourite0, 0 saved', 'Order History', 'Contact']);
    asStudent.unmount();
    renderRoutes(routes, { account: expert });
    expect(navNames()).toEqual(['Home', 'Dashboard', 'Favourite0, 0 saved', 'Messages0, 0 unread', 'My Offers', 'Contact', 'Create Offer']);
    expect(screen.getByRole('button', { name: /Claire Dubois\s*account menu/ })).toHaveTextContent('CD');
  });

  it('leads the account menu’s Notifications to the Notifications tab of the profile', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { account: student });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/profile?tab=notifications');
  });

  it('asks before logging out; No keeps the session', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, { account: student });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    // The question loads when first asked.
    const dialog = await screen.findByRole('alertdialog', { name: MSG.logoutConfirm });
    // The dialog moves focus in an effect, right after it is drawn.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/logout', expect.anything());
    expect(screen.getByRole('button', { name: /account menu/ })).toBeInTheDocument();
  });

  it('Escape closes the question like No', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { account: student });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Yes calls the server, ends the session and confirms with a toast', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => json(200, { msg: MSG.loggedOut }));
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, { account: student });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(MSG.loggedOut)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('still logs out locally when the server call fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { msg: 'down' })),
    );
    renderRoutes(routes, { account: student });
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('the mobile menu closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderRoutes(routes);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows a member the unread total, counts new messages from others live, and closes the channel on logout', async () => {
    const user = userEvent.setup();
    const fromClaire = (id: string, sender: string): MessageDto => ({
      _id: id,
      chat: 'chat-1',
      sender,
      content: 'Hello',
      createdAt: '2026-11-05T10:00:00.000Z',
      updatedAt: '2026-11-05T10:00:00.000Z',
      read: false,
      senderDetails: { firstName: 'Claire', lastName: 'Dubois' },
    });
    fakeApi({
      'GET /chats/unread-count': () => json(200, { count: 2 }),
      'POST /realtime/ticket': () => json(200, { ticket: 'ticket-1' }),
      'POST /auth/logout': () => json(200, { msg: MSG.loggedOut }),
    });
    renderRoutes(routes, { account: student });
    const messages = () => screen.getByRole('link', { name: /^Messages/ });
    await waitFor(() => expect(messages()).toHaveAccessibleName('Messages, 2 unread'));
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    const socket = FakeSocket.latest();
    socket.accept();

    socket.push({ type: 'newMessage', chatId: 'chat-1', message: fromClaire('m1', expert._id) });
    expect(messages()).toHaveAccessibleName('Messages, 3 unread');
    expect(messages()).toHaveTextContent(/^Messages3/);
    socket.push({ type: 'newMessage', chatId: 'chat-1', message: fromClaire('m2', student._id) });
    expect(messages()).toHaveAccessibleName('Messages, 3 unread');

    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(socket.closedByApp).toBe(true));
    expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
  });
});
