import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UI } from '@shared/shell-limits';
import { fakeClockForFile } from '@/test/fake-clock';
import { NavigationProgress } from './navigation-progress';

const clock = fakeClockForFile();

/** A frame with the bar and two pages; the second one's data arrives when the test says. */
function renderRouter() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const router = createMemoryRouter([
    {
      element: (
        <>
          <NavigationProgress />
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <Link to="/next">Next</Link> },
        { path: '/next', loader: () => answered.then(() => null), element: <h1>Next page</h1> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { answer };
}

describe('the navigation progress bar', () => {
  it('shows only once a navigation has taken longer than its delay, and goes with the next page', async () => {
    const { answer } = renderRouter();
    await clock.user().click(screen.getByRole('link', { name: 'Next' }));
    await clock.pass(UI.navigationProgressDelayMs - 1);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await clock.pass(1);
    expect(screen.getByRole('progressbar', { name: 'Loading the page' })).toBeTruthy();
    await act(async () => answer());
    await screen.findByRole('heading', { name: 'Next page' });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
