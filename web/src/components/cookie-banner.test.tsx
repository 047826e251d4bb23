import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render-app';
import { CookieBanner } from './cookie-banner';

const routes = [{ path: '/', element: <CookieBanner /> }];

function clearCookies() {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: the test DOM has no Cookie Store API; this clears what writeCookie (document.cookie) wrote
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  localStorage.clear();
}

afterEach(clearCookies);

describe('cookie banner', () => {
  it('accepting stores cookieConsent=true, hides the banner and keeps it hidden next time', async () => {
    const user = userEvent.setup();
    const first = renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookieConsent=true');
    expect(localStorage.getItem('cookieConsent')).toBeNull();
    first.unmount();
    renderRoutes(routes);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('declining stores false in the cookie and in browser storage', async () => {
    const user = userEvent.setup();
    renderRoutes(routes);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookieConsent=false');
    expect(localStorage.getItem('cookieConsent')).toBe('false');
  });
});
