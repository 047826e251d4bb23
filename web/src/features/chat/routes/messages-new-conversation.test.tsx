import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import { json } from '@/test/render-app';
import { aliceAsParticipant, chatWith, claire, conversationAnswers, message, omar, publishedOffer, renderMessages } from '@/test/messages-fixtures';

afterEach(() => vi.unstubAllGlobals());

const box = () => screen.getByRole('textbox', { name: 'Message' });
const send = () => screen.getByRole('button', { name: 'Send' });

/** An answer held back until the test gives it. */
function held() {
  let answer: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (answer = resolve));
  return { handler: () => response, answer: (status: number, body: unknown) => answer(json(status, body)) };
}

const offer = publishedOffer('offer-9', 'Business plan feedback');

describe('messages page: typing before the conversation is known', () => {
  it('?offerId= with my conversation: what is typed while the list loads is carried into it, never refused', async () => {
    const user = userEvent.setup();
    const chat = chatWith(claire, 'c1');
    const list = held();
    const opened = held();
    const { router } = renderMessages(`/messages?offerId=${chat.offer._id}`, {
      'GET /chats': list.handler,
      ...conversationAnswers(chat, []),
      'GET /chats/chat/c1': opened.handler,
    });

    await user.type(box(), 'Hello Claire{Enter}');
    expect(screen.queryByText(MSG.selectChatFirst)).not.toBeInTheDocument();
    expect(box()).toHaveValue('Hello Claire');
    expect(screen.getByRole('region', { name: 'Conversation' })).toHaveTextContent(MSG.loading);
    expect(send()).toBeDisabled();

    list.answer(200, { chats: [chat] });
    await waitFor(() => expect(router.state.location.search).toBe('?chatId=c1'));
    expect(box()).toHaveValue('Hello Claire');
    expect(box()).toHaveFocus();
    opened.answer(200, { chat, messages: [], hasMore: false });
    await screen.findByText(MSG.noMessagesYet);
    expect(box()).toHaveValue('Hello Claire');
    expect(screen.queryByText(MSG.selectChatFirst)).not.toBeInTheDocument();
  });

  it('?offerId= without a conversation: what is typed while the list and the offer load starts the conversation', async () => {
    const user = userEvent.setup();
    const list = held();
    const offerAnswer = held();
    const created = chatWith(omar, 'c9');
    const first = message('m9', 'c9', aliceAsParticipant, 'Hi Omar', 30);
    const { calls, router } = renderMessages('/messages?offerId=offer-9', {
      'GET /chats': list.handler,
      'GET /offers/offer-9': offerAnswer.handler,
      'POST /chats/create': () => json(201, { chat: created, message: first, created: true }),
      ...conversationAnswers(created, [first]),
    });

    await user.type(box(), 'Hi');
    list.answer(200, { chats: [chatWith(claire, 'c1')] });
    await screen.findByRole('region', { name: 'New conversation' });
    expect(box()).toHaveValue('Hi');
    expect(box()).toHaveFocus();
    // The offer is still loading: Enter waits for it rather than refusing.
    await user.type(box(), ' Omar{Enter}');
    expect(send()).toBeDisabled();
    expect(box()).toHaveValue('Hi Omar');

    offerAnswer.answer(200, offer);
    await screen.findByRole('complementary', { name: 'Offer details' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?chatId=c9'));
    expect(calls('POST', '/chats/create').map((call) => call.body)).toEqual([{ offerId: 'offer-9', initialMessage: 'Hi Omar' }]);
    expect(screen.queryByText(MSG.selectChatFirst)).not.toBeInTheDocument();
  });
});

describe('messages page: a conversation not started yet', () => {
  it('says what the first message opens: a time to choose for a call, an order to pay for a delivery', async () => {
    const call = { ...publishedOffer('offer-10', 'Salary negotiation call'), lessonType: 'Phone Call', pricingType: 'fixed' as const, durationMinutes: 60 };
    for (const [shown, hint] of [
      [call, MSG.newConversationCallHint],
      [offer, MSG.newConversationDeliveryHint],
    ] as const) {
      const { unmount } = renderMessages(`/messages?offerId=${shown._id}`, {
        'GET /chats': () => json(200, { chats: [] }),
        [`GET /offers/${shown._id}`]: () => json(200, shown),
      });
      const conversation = await screen.findByRole('region', { name: 'New conversation' });
      await waitFor(() => expect(conversation).toHaveTextContent(hint));
      unmount();
    }
  });
});
