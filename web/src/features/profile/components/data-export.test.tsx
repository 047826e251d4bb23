import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DATA_EXPORTS } from '@shared/limits';
import type { DataExportStatus } from '@shared/schemas/account-data';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { fakeClockForFile } from '@/test/fake-clock';
import { json, renderRoutes } from '@/test/render-app';
import { DataExport } from './data-export';

const sam = anAccount({ _id: 'student-1', role: 'user', email: 'sam@example.com', firstName: 'Sam', lastName: 'Student' });
const routes = [{ path: '/profile', element: <DataExport /> }];
const clock = fakeClockForFile();

const url = 'http://localhost/_local/s3/marketplace-files/exports/student-1/request-1.json?X-Amz-Signature=abc';
const building: DataExportStatus = { msg: MSG.exportBuilding, status: 'building', requestId: 'request-1', requestedAt: '2026-01-01T00:00:00.000Z' };
const ready: DataExportStatus = {
  ...building,
  msg: MSG.exportReady,
  status: 'ready',
  createdAt: '2026-01-01T00:00:02.000Z',
  url,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
};
const failed: DataExportStatus = { ...building, msg: MSG.exportBuildFailed, status: 'failed' };

describe('Your data: the export', () => {
  it('asks for the export, says it is being prepared, looks again every few seconds, then links to the file', async () => {
    let latest: DataExportStatus = { msg: MSG.exportNone, status: 'none' };
    const api = fakeApi({
      'GET /user/export': () => json(200, latest),
      'POST /user/export': () => {
        latest = building;
        return json(202, building);
      },
    });
    const user = clock.user();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.click(await screen.findByRole('button', { name: 'Prepare my data' }));

    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(await screen.findByText(MSG.exportBuilding)).toBe(status);
    expect(screen.queryByRole('button', { name: 'Prepare my data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download my data' })).not.toBeInTheDocument();

    await clock.pass(DATA_EXPORTS.pollSeconds * 1000);
    expect(status).toHaveTextContent(MSG.exportBuilding);
    latest = ready;
    await clock.pass(DATA_EXPORTS.pollSeconds * 1000);
    expect(await screen.findByRole('link', { name: 'Download my data' })).toHaveAttribute('href', url);
    expect(status).toHaveTextContent(MSG.exportReady);
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeEnabled();
    expect(api.calls().map((call) => `${call.method} ${call.path}`)).toEqual(['GET /user/export', 'POST /user/export', 'GET /user/export', 'GET /user/export']);

    // Ready, nothing is asked for any more (until the address needs renewing).
    await clock.pass(DATA_EXPORTS.pollSeconds * 3000);
    expect(api.calls()).toHaveLength(4);
  });

  it('says a failed build failed, and asks again on Try again', async () => {
    const api = fakeApi({ 'GET /user/export': () => json(200, failed), 'POST /user/export': () => json(202, { ...building, requestId: 'request-2' }) });
    const user = clock.user();
    renderRoutes(routes, { path: '/profile', account: sam });
    const status = await screen.findByRole('status');
    expect(await screen.findByText(MSG.exportBuildFailed)).toBe(status);
    expect(screen.queryByRole('link', { name: 'Download my data' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MSG.exportBuilding)).toBe(status);
    expect(api.calls().filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s refusal past the daily limit, keeping the copy it has', async () => {
    fakeApi({ 'GET /user/export': () => json(200, ready), 'POST /user/export': () => json(429, { msg: MSG.exportLimited, code: 'rate_limited' }) });
    const user = clock.user();
    renderRoutes(routes, { path: '/profile', account: sam });
    await user.click(await screen.findByRole('button', { name: 'Prepare a new copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.exportLimited);
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', url);
  });
});
