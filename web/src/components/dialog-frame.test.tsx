import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogFrame } from './dialog-frame';

/** A page with a button that opens a dialog of two controls; the dialog says how it was dismissed. */
function Page() {
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>Dismissed {dismissed} times</p>
      {open && (
        <DialogFrame
          role="dialog"
          labelledBy="frame-title"
          onDismiss={() => {
            setDismissed((count) => count + 1);
            setOpen(false);
          }}
        >
          <h2 id="frame-title">Rename the file</h2>
          <label>
            Name <input />
          </label>
          <button type="button">Save</button>
        </DialogFrame>
      )}
    </>
  );
}

describe('dialog frame', () => {
  it('is a modal named by its title, focuses its first control and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename the file' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('closes on Escape and on a press outside it, not inside, and gives focus back to what opened it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('heading', { name: 'Rename the file' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Dismissed 2 times')).toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
