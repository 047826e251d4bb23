import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordRow, RecordTable } from './record-table';

describe('a table of records', () => {
  it('keeps its table roles, names its columns and gives each cell its column’s name for a phone’s card', () => {
    render(
      <RecordTable caption="Your withdrawals" columns={['Order', 'Amount', 'Status']} rowHeader>
        <RecordRow cells={{ Order: '#12', Amount: '€40.00', Status: <strong>Paid</strong> }} />
        <RecordRow cells={{ Order: '#13', Amount: '€15.50', Status: 'Pending' }} />
      </RecordTable>,
    );
    const table = screen.getByRole('table', { name: 'Your withdrawals' });
    // Explicit: Safari drops the implicit roles once the phone's CSS changes the display.
    expect([table, ...within(table).getAllByRole('rowgroup'), ...within(table).getAllByRole('row')].map((element) => element.getAttribute('role'))).toEqual([
      'table',
      'rowgroup',
      'rowgroup',
      'row',
      'row',
      'row',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'Amount', 'Status']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('#12');
    expect(within(first).getByRole('rowheader').dataset.label).toBe('Order');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => [cell.dataset.label, cell.textContent]),
    ).toEqual([
      ['Amount', '€40.00'],
      ['Status', 'Paid'],
    ]);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['€15.50', 'Pending']);
  });

  it('shows its caption, or keeps it for screen readers alone', () => {
    const { rerender } = render(
      <RecordTable caption="Your orders" columns={['Order']}>
        <RecordRow cells={{ Order: '#1' }} />
      </RecordTable>,
    );
    expect(screen.getByText('Your orders')).not.toHaveClass('visually-hidden');
    rerender(
      <RecordTable caption="Your orders" columns={['Order']} captionHidden>
        <RecordRow cells={{ Order: '#1' }} />
      </RecordTable>,
    );
    expect(screen.getByText('Your orders')).toHaveClass('visually-hidden');
    expect(screen.getByRole('table')).toHaveAccessibleName('Your orders');
  });
});
