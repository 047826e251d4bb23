import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { anAccount } from '@/test/accounts';
import { fakeApi } from '@/test/fake-api';
import { json, renderRoutes } from '@/test/render-app';
import { ReportButton } from './report-dialog';

const student = anAccount({ _id: 'u1', role: 'user', email: 'sam@example.com' });
const routes = [{ path: '/', element: <ReportButton target={{ targetType: 'message', targetId: 'm1', chatId: 'c1' }} what="message from Rhea R." /> }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the report dialog', () => {
  it('asks for a reason in a radio group and an optional note, sends the report and gives focus back', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /reports': () => json(201, { msg: MSG.reportReceived }) });
    renderRoutes(routes, { account: student });
    const button = screen.getByRole('button', { name: 'Report message from Rhea R.' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Report message from Rhea R.' });
    const reasons = within(dialog).getByRole('group', { name: 'Why are you reporting it?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Spam', 'Abuse or harassment', 'Fraud or scam', 'Inappropriate content', 'Something else']);
    expect(within(reasons).getByRole('radio', { name: 'Spam' })).toHaveFocus();

    // No reason chosen: said so, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.reportReasonInvalid);
    expect(api.calls()).toEqual([]);

    await user.click(within(reasons).getByRole('radio', { name: 'Fraud or scam' }));
    const note = within(dialog).getByLabelText('Note (optional)');
    expect(note).toHaveAttribute('maxLength', '500');
    await user.type(note, '  Asks to pay off the site. ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MSG.reportReceived)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(api.calls().map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/reports', { targetType: 'message', targetId: 'm1', chatId: 'c1', reason: 'fraud', note: 'Asks to pay off the site.' }],
    ]);
  });

  it('shows the server’s answer in the dialog when the report is refused, and sends nothing on Escape', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /reports': () => json(409, { msg: MSG.alreadyReported, code: 'already_reported' }) });
    renderRoutes(routes, { account: student });
    const button = screen.getByRole('button', { name: 'Report message from Rhea R.' });
    await user.click(button);
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(MSG.alreadyReported);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.calls()).toHaveLength(1);
  });
});
