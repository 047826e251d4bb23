import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

  // jsdom lays nothing out (nor loads CSS): the stacking order is read from the stylesheet's z-index tokens.
  it('sits beneath the header (and its menus) and beneath a modal dialog’s backdrop', () => {
    const globalCss = readFileSync(resolve(import.meta.dirname, '../styles/global.css'), 'utf8');
    const token = (name: string) => Number(new RegExp(`--z-${name}:\\s*(\\d+);`).exec(globalCss)?.[1]);
    const layerOf = (selector: string) => {
      const rule = new RegExp(`\\n${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(globalCss)?.[1] ?? '';
      return token(/z-index: var\(--z-([a-z-]+)\)/.exec(rule)?.[1] ?? 'none');
    };
    const banner = layerOf('.cookie-banner');
    expect(banner).toBeGreaterThan(0);
    expect(banner).toBeLessThan(layerOf('.site-header'));
    expect(banner).toBeLessThan(layerOf('.modal-backdrop'));
  });

  it('stays out of a call’s room, whose controls it would cover, and asks on the next page', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([{ path: '*', element: <CookieBanner /> }], { path: '/room/order-1' });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    await router.navigate('/messages?chatId=order-1');
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.cookie).toContain('cookieConsent=true');
  });
});
