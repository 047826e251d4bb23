import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { json, renderRoutes } from '@/test/render-app';
import RegisterRoute from '@/features/auth/routes/register';

const routes = [
  { path: '/register', element: <RegisterRoute /> },
  { path: '/login', element: <h1>Login page</h1> },
];

afterEach(() => vi.unstubAllGlobals());

describe('registration form', () => {
  it('clears the other mode’s name fields when switching between student and mentor', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    await user.type(screen.getByLabelText('Name'), 'Alice Martin');
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Claire');
    await user.type(screen.getByLabelText('Last name'), 'Dubois');
    await user.click(screen.getByRole('radio', { name: 'Student' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Last name')).toHaveValue('');
  });

  it('keeps Sign Up disabled until the terms are accepted', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/register' });
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /terms & conditions/i }));
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /terms & conditions/i }));
    expect(submit).toBeDisabled();
  });

  it('shows the specification’s validation messages next to the fields', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoutes(routes, { path: '/register' });
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Repeat password'), 'different');
    await user.click(screen.getByRole('checkbox', { name: /terms & conditions/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MSG.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordMin)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.invalidEmail);
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(MSG.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.lastNameRequired)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('registers a mentor, says so and goes to the login page with a note to check the inbox', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => json(201, { msg: MSG.registrationSuccessful }));
    vi.stubGlobal('fetch', fetch);
    renderRoutes([...routes.slice(0, 1), { path: '/login', element: <p>Login page</p> }], { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Mentor' }));
    await user.type(screen.getByLabelText('First name'), 'Claire');
    await user.type(screen.getByLabelText('Last name'), 'Dubois');
    await user.type(screen.getByLabelText('Email'), 'claire@example.com');
    await user.type(screen.getByLabelText('Password'), 'Long-enough-1');
    await user.type(screen.getByLabelText('Repeat password'), 'Long-enough-1');
    await user.click(screen.getByRole('checkbox', { name: /terms & conditions/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText(MSG.registrationSuccessful)).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/register-professor');
    expect(JSON.parse(init.body as string)).toEqual({
      firstName: 'Claire',
      lastName: 'Dubois',
      email: 'claire@example.com',
      password: 'Long-enough-1',
      role: 'professor',
    });
  });

  it('shows the server’s errors joined with line breaks when registration is refused', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { msg: 'Validation failed', errors: [{ msg: 'First problem' }, { msg: 'Second problem' }] })),
    );
    renderRoutes(routes, { path: '/register' });
    await user.type(screen.getByLabelText('Name'), 'Alice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'Long-enough-1');
    await user.type(screen.getByLabelText('Repeat password'), 'Long-enough-1');
    await user.click(screen.getByRole('checkbox', { name: /terms & conditions/i }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(/First problem\s+Second problem/)).toBeInTheDocument();
  });
});
