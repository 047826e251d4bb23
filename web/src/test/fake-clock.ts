import userEvent from '@testing-library/user-event';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A faked setTimeout for the calling test file (debounces), leaving React's scheduler its own
 * clock. Testing Library waits on a zero timeout after each event and advances a faked clock
 * itself only when it sees Jest's global: it gets one that drives Vitest's clock.
 */
export function fakeClockForFile() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return {
    user: () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    /** Lets `ms` pass, and the answers that were waiting arrive. */
    pass: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
  };
}
