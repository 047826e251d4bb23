import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { roomAt } from '@/test/room-fixtures';
import { alice } from '@/test/messages-fixtures';
import { formatDateTimeWithZone } from '@/lib/format-date';
import RoomRoute from './room';

afterEach(() => vi.unstubAllGlobals());

const MINUTE = 60_000;
const openRoom = () => renderRoutes([{ path: '/room/:orderId', element: <RoomRoute /> }], { path: '/room/c1', account: alice });
const countdownLine = () => screen.getByRole('timer');

describe('the room before it opens', () => {
  it('names the moment it opens and counts down in days and hours when that is a day or more away; joining waits', async () => {
    const start = Date.now() + (2 * 24 * 60 + 13 * 60 + 10) * MINUTE + 30_000;
    fakeApi({ 'GET /rooms/c1': () => json(200, roomAt(start, Date.now(), 'waiting')) });
    openRoom();
    await waitFor(() =>
      expect(countdownLine()).toHaveTextContent(
        `The room opens 10 minutes before the session: ${formatDateTimeWithZone(new Date(start - 10 * MINUTE).toISOString())}, in 2 days and 13 hours.`,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Video call with Claire Dubois' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the call' })).toBeDisabled();
  });

  it('counts down by the app’s clock, not the device’s, and lets me join once it reaches zero', { timeout: 15_000 }, async () => {
    // The app's clock runs an hour ahead of this device (the test clock locally, a wrong clock on a phone).
    const ahead = 60 * MINUTE;
    const start = Date.now() + ahead + 10 * MINUTE + 4_000;
    let asked = 0;
    fakeApi({
      'GET /rooms/c1': () => {
        asked += 1;
        const now = Date.now() + ahead;
        return json(200, roomAt(start, now, now >= start - 10 * MINUTE ? 'open' : 'waiting'));
      },
    });
    openRoom();
    // Seconds away (a busy machine adds the answer's own delay), where the device's clock would say an hour.
    await waitFor(() => expect(countdownLine()).toHaveTextContent(/, in 00:0\d\.$/));
    expect(screen.getByRole('button', { name: 'Join the call' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join the call' })).toBeEnabled(), { timeout: 10_000 });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(asked).toBe(2);
  });
});

describe('the device check', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('lets me join once the browser has opened my camera and microphone, not before', async () => {
    const track = { stop: vi.fn(), getSettings: () => ({ deviceId: 'd1' }) };
    const stream = { getTracks: () => [track, track], getVideoTracks: () => [track], getAudioTracks: () => [track] };
    let allow: (opened: typeof stream) => void = () => undefined;
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => new Promise((resolve) => (allow = resolve)), enumerateDevices: async () => [] },
    });
    fakeApi({ 'GET /rooms/c1': () => json(200, roomAt(Date.now() + 5 * MINUTE, Date.now(), 'open')) });
    openRoom();
    // The browser's permission prompt is up: joining now would take neither device into the call.
    expect(await screen.findByText('Opening your camera and microphone… Allow them if your browser asks.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Join the call' })).toBeDisabled();
    allow(stream);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Join the call' })).toBeEnabled());
    expect(screen.queryByText(/Opening your camera/)).not.toBeInTheDocument();
  });
});
