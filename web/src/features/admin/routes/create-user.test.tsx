import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import AdminCreateUserRoute from './create-user';

const admin = anAccount({ _id: 'admin-1', role: 'admin', email: 'admin@example.com' });
const routes = [
  { path: '/admin/create-user', element: <AdminCreateUserRoute /> },
  { path: '/admin/users', element: <p>Users list</p> },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('create user (admin)', () => {
  it('answers the spec’s French messages before sending anything', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderRoutes(routes, { path: '/admin/create-user', account: admin });
    await user.type(screen.getByLabelText('First name'), 'Luc');
    await user.type(screen.getByLabelText('Temporary password'), 'court');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findAllByText(MSG.adminAllFieldsRequired)).toHaveLength(1);
    expect(screen.getByText(MSG.adminPasswordMin)).toBeInTheDocument();
    expect(api.calls()).toEqual([]);
  });

  it('creates the member, says so and shows them in the users list; a taken address is said', async () => {
    const user = userEvent.setup();
    let taken = true;
    const api = fakeApi({
      'POST /admin/create-user': () =>
        taken ? json(409, { msg: MSG.emailTaken, code: 'email_taken' }) : json(201, { msg: MSG.memberCreated, user: { _id: 'u-9', email: 'luc@example.com' } }),
    });
    const { router } = renderRoutes(routes, { path: '/admin/create-user', account: admin });
    await user.type(screen.getByLabelText('First name'), 'Luc');
    await user.type(screen.getByLabelText('Last name'), 'Leroy');
    await user.type(screen.getByLabelText('Email'), 'luc@example.com');
    await user.type(screen.getByLabelText('Temporary password'), 'temporary-1');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.emailTaken);
    taken = false;
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Users list')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=luc%40example.com');
    expect(await screen.findByText(MSG.memberCreated, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.calls().at(-1)?.body).toEqual({ firstName: 'Luc', lastName: 'Leroy', email: 'luc@example.com', password: 'temporary-1' });
  });
});
