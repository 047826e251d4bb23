import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

/** How many stars look filled. */
const filled = (container: HTMLElement) => container.querySelectorAll('svg[data-filled="true"]').length;

function Rated({ initial = 0 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <StarRating value={value} onChange={setValue} label="Rating" />;
}

describe('the star rating', () => {
  it('shows 5 stars, each a 24px target at least; hovering previews, leaving returns to the stored value, a click stores it', async () => {
    const user = userEvent.setup();
    const { container } = render(<Rated initial={2} />);
    const stars = screen.getAllByRole('radio');
    expect(stars).toHaveLength(5);
    // Each star's label is its click target: it holds the 24×24 star (jsdom lays nothing out).
    for (const star of stars) {
      const drawn = star.closest('label')?.querySelector('svg');
      expect(drawn).toHaveAttribute('width', '24');
      expect(drawn).toHaveAttribute('height', '24');
    }
    expect(filled(container)).toBe(2);

    await user.hover(screen.getByText('4 stars').closest('label') as HTMLElement);
    expect(filled(container)).toBe(4);
    await user.unhover(screen.getByRole('group', { name: 'Rating' }));
    expect(filled(container)).toBe(2);

    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.unhover(screen.getByRole('group', { name: 'Rating' }));
    expect(filled(container)).toBe(5);
  });

  it('is a radio group for the keyboard: arrows move and choose', async () => {
    const user = userEvent.setup();
    const { container } = render(<Rated initial={3} />);
    screen.getByRole('radio', { name: '3 stars' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(filled(container)).toBe(4);
  });

  it('read-only: shows the rating, ignores hover and clicks', async () => {
    const user = userEvent.setup();
    const { container } = render(<StarRating value={3} label="Rating" readOnly onChange={() => expect.unreachable()} />);
    const shown = screen.getByRole('img', { name: 'Rating: 3 out of 5 stars' });
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    const stars = container.querySelectorAll('svg');
    // Nothing to click: the spec's size 14.
    expect(stars[0]).toHaveAttribute('width', '14');
    await user.hover(stars[4] as Element);
    await user.click(stars[4] as Element);
    expect(filled(container)).toBe(3);
    expect(shown).toBeInTheDocument();
  });
});
