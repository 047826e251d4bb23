import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { json } from '@/test/render-app';
import { aliceAsParticipant, at, chatWith, claire, conversationAnswers, message, omar, renderMessages } from '@/test/messages-fixtures';

afterEach(() => vi.unstubAllGlobals());

const withClaire = chatWith(claire, 'c1', { updatedAt: at(7) });
const history = [message('m1', 'c1', aliceAsParticipant, 'Hello', 3), message('m2', 'c1', claire, 'Pay me off the site', 7)];
const messagesShown = () => within(screen.getByRole('list', { name: 'Messages' })).queryAllByRole('listitem');
const rows = () => within(screen.getByRole('navigation', { name: 'Conversations' })).getAllByRole('link');

describe('messages page: reports', () => {
  it('offers Report on the other member’s messages only, and sends the message with its conversation', async () => {
    const user = userEvent.setup();
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire] }),
      ...conversationAnswers(withClaire, history),
      'POST /reports': () => json(201, { msg: MSG.reportReceived }),
    });
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    expect(within(messagesShown()[0]).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    await user.click(within(messagesShown()[1]).getByRole('button', { name: 'Report message from Claire Dubois' }));
    await user.click(screen.getByRole('radio', { name: 'Fraud or scam' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(MSG.reportReceived)).toBeInTheDocument();
    expect(page.calls('POST', '/reports').map((call) => call.body)).toEqual([{ targetType: 'message', targetId: 'm2', chatId: 'c1', reason: 'fraud' }]);
  });

  it('shows a message a moderator removes, live, as removed and no longer reportable', async () => {
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withClaire] }),
      ...conversationAnswers(withClaire, history),
    });
    const socket = await page.connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    socket.push({ type: 'messageRemoved', chatId: 'c1', messageId: 'm2' });
    await waitFor(() => expect(messagesShown()[1]).toHaveTextContent(MSG.messageRemoved));
    expect(messagesShown()[1]).not.toHaveTextContent('Pay me off the site');
    expect(within(messagesShown()[1]).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    expect(messagesShown()[0]).toHaveTextContent('Hello');
  });

  it('shows the removal in the chat list’s preview too, live, in a conversation not open', async () => {
    const withOmar = chatWith(omar, 'c2', { updatedAt: at(20), lastMessage: message('m9', 'c2', omar, 'Wire the fee to my own account', 20) });
    const page = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [withOmar, { ...withClaire, lastMessage: history[1] }] }),
      ...conversationAnswers(withClaire, history),
    });
    const socket = await page.connect();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Wire the fee to my own account');
    socket.push({ type: 'messageRemoved', chatId: 'c2', messageId: 'm9' });
    await waitFor(() => expect(rows()[0]).toHaveTextContent(MSG.messageRemoved));
    expect(rows()[0]).not.toHaveTextContent('Wire the fee');
    // A removal of an older message leaves the preview as it is.
    socket.push({ type: 'messageRemoved', chatId: 'c1', messageId: 'm1' });
    await waitFor(() => expect(messagesShown()[0]).toHaveTextContent(MSG.messageRemoved));
    expect(rows()[1]).toHaveTextContent('Pay me off the site');
  });
});
