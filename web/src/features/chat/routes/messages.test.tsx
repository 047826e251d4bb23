import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@shared/web-texts';
import type { ChatDto } from '@shared/schemas/chats';
import { json } from '@/test/render-app';
import { alice, aliceAsParticipant, at, chatWith, claire, conversationAnswers, message, omar, publishedOffer, renderMessages } from '@/test/messages-fixtures';

afterEach(() => vi.unstubAllGlobals());

const conversations = () => within(screen.getByRole('navigation', { name: 'Conversations' }));
const rows = () => conversations().getAllByRole('link');
const row = (name: RegExp) => conversations().getByRole('link', { name });
const box = () => screen.getByRole('textbox', { name: 'Message' });
const messagesShown = () => within(screen.getByRole('list', { name: 'Messages' })).queryAllByRole('listitem');
const badge = () => screen.getByRole('link', { name: /^Messages/ });

describe('messages page: the chat list', () => {
  it('shows each conversation with the other participant, the offer title cut at 24 characters or Untitled, and its state', async () => {
    const titled = (chat: ChatDto, title: string): ChatDto => ({ ...chat, offer: { ...chat.offer, title } });
    const withClaire = titled(chatWith(claire, 'c1', { unreadCount: 2, updatedAt: at(30) }), 'Employment contract review');
    const withOmar = titled(chatWith(omar, 'c2', { isOrderClosed: true, updatedAt: at(20) }), '');
    const again = titled(chatWith(claire, 'c3', { updatedAt: at(10) }), 'Employment contract help');
    renderMessages('/messages', { 'GET /chats': () => json(200, { chats: [withClaire, withOmar, again] }) });

    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first).toHaveAccessibleName('Claire Dubois Employment contract revi... 2 unread');
    expect(first).toHaveClass('chat-row-unread');
    expect(first).not.toHaveClass('chat-row-archived');
    expect(second).toHaveAccessibleName('Omar Haddad Untitled Archived');
    expect(second).toHaveClass('chat-row-archived');
    expect(second).not.toHaveClass('chat-row-unread');
    expect(third).toHaveAccessibleName('Claire Dubois Employment contract help');
    expect(first).toHaveAttribute('href', '/messages?chatId=c1');
    expect(screen.getByText(MSG.chooseChat)).toBeInTheDocument();
  });

  it('shows Loading... until a participant without a name is looked up, and the default avatar when a photo fails', async () => {
    let answerProfile: (response: Response) => void = () => undefined;
    const nameless = { ...omar, _id: 'expert-9', firstName: '', lastName: '' };
    const { calls } = renderMessages('/messages', {
      'GET /chats': () => json(200, { chats: [chatWith(claire, 'c1'), chatWith(nameless, 'c2')] }),
      'GET /user/expert-9': () => new Promise<Response>((resolve) => (answerProfile = resolve)),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent(MSG.loading);
    // Answered only once asked: the look-up starts after the list renders, later on a busy machine.
    await waitFor(() => expect(calls('GET', '/user/expert-9')).toHaveLength(1));
    answerProfile(json(200, { _id: 'expert-9', role: 'professor', firstName: 'Sophie', lastName: 'Laurent' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Sophie Laurent'));

    const [clairePhoto, sophiePhoto] = rows().map((link) => link.querySelector('img')!);
    expect(clairePhoto).toHaveAttribute('src', '/uploads/photos/claire.jpg');
    expect(sophiePhoto).toHaveAttribute('src', '/default-avatar.png');
    fireEvent.error(clairePhoto);
    expect(clairePhoto).toHaveAttribute('src', '/default-avatar.png');
  });

  it('loads the next page with Load more', async () => {
    const user = userEvent.setup();
    const { calls } = renderMessages('/messages', {
      'GET /chats': () => json(200, { chats: [chatWith(claire, 'c1', { updatedAt: '2026-11-05T15:00:00.000Z' })], nextCursor: 'page-2' }),
      'GET /chats?cursor=page-2': () => json(200, { chats: [chatWith(omar, 'c2', { updatedAt: '2026-11-01T15:00:00.000Z' })] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(rows().map((link) => link.textContent)).toEqual([expect.stringContaining('Claire Dubois'), expect.stringContaining('Omar Haddad')]),
    );
    expect(calls('GET', '/chats?cursor=page-2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('with no conversation yet, says so and points to the experts', async () => {
    renderMessages('/messages', { 'GET /chats': () => json(200, { chats: [] }) });
    expect(await screen.findByText(MSG.noChatsYet)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find an expert' })).toHaveAttribute('href', '/experts');
  });

  it('says Failed to load chats (or the server’s message) and offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderMessages('/messages', { 'GET /chats': () => (fail ? json(500, {}) : json(200, { chats: [chatWith(claire, 'c1')] })) });
    expect(await screen.findByText(MSG.chatsLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('messages page: a conversation', () => {
  const chat = chatWith(claire, 'c1', { unreadCount: 2, orderNumber: 1042 });
  const history = [message('m1', 'c1', aliceAsParticipant, 'Hello, can you review my return?', 3), message('m2', 'c1', claire, 'Of course.\nSend it over.', 7)];

  it('opens from the list: messages with sender and time, mine apart, the offer and order; marked read, badge updated, focus in the box', async () => {
    const user = userEvent.setup();
    const { calls } = renderMessages('/messages', {
      'GET /chats': () => json(200, { chats: [chat] }),
      'GET /chats/unread-count': () => json(200, { count: 3 }),
      ...conversationAnswers(chat, history, 1),
    });
    await waitFor(() => expect(badge()).toHaveAccessibleName('Messages, 3 unread'));
    await user.click(await screen.findByRole('link', { name: /Claire Dubois/ }));

    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    const [mine, theirs] = messagesShown();
    expect(mine).toHaveTextContent('Alice Martin 05 Nov 2026, 14:03Hello, can you review my return?');
    expect(mine).toHaveClass('chat-message-own');
    expect(theirs).toHaveTextContent('Claire Dubois 05 Nov 2026, 14:07');
    expect(theirs).not.toHaveClass('chat-message-own');
    expect(within(theirs).getByText(/Of course\./).textContent).toBe('Of course.\nSend it over.');

    await waitFor(() => expect(badge()).toHaveAccessibleName('Messages, 1 unread'));
    expect(calls('PUT', '/chats/c1/mark-read')).toHaveLength(1);
    expect(row(/Claire Dubois/)).toHaveAttribute('aria-current', 'true');
    expect(row(/Claire Dubois/)).not.toHaveTextContent('unread');
    expect(box()).toHaveFocus();

    const offer = within(screen.getByRole('complementary', { name: 'Offer details' }));
    expect(offer.getByText('Tax return review')).toBeInTheDocument();
    expect(offer.getByText('€120.00')).toBeInTheDocument();
    expect(offer.getByText('(Fixed price)')).toBeInTheDocument();
    expect(offer.getByText('Video Call')).toBeInTheDocument();
    expect(offer.getByRole('link', { name: 'Claire Dubois' })).toHaveAttribute('href', '/teacher/expert-1');
    expect(offer.getByText('#1042')).toBeInTheDocument();
    expect(offer.getByText('Awaiting payment')).toBeInTheDocument();
  });

  it.each([
    [{ isServiceInProgress: true }, 'In progress'],
    [{ isServiceInProgress: true, isOrderClosed: true }, 'Completed'],
    [{ isOrderCanceled: true }, 'Cancelled'],
  ])('shows the order status from its fields (%o: %s); an archived conversation says it is closed and still takes a message', async (fields, status) => {
    const paid = chatWith(claire, 'c1', fields);
    renderMessages('/messages?chatId=c1', { 'GET /chats': () => json(200, { chats: [paid] }), ...conversationAnswers(paid, history) });
    expect(await within(await screen.findByRole('complementary', { name: 'Offer details' })).findByText(status)).toBeInTheDocument();
    if (status === 'In progress') expect(screen.queryByText(MSG.chatArchived)).not.toBeInTheDocument();
    else {
      expect(screen.getByText(MSG.chatArchived)).toBeInTheDocument();
      // The student books the offer again in a new conversation about it.
      expect(screen.getByRole('link', { name: 'Book this offer again' })).toHaveAttribute('href', `/messages?offerId=${paid.offer._id}`);
    }
    expect(box()).toBeInTheDocument();
  });

  it('says a call’s time is to be agreed, not that payment is awaited, until its time is confirmed', async () => {
    const call = chatWith(claire, 'c1', { orderKind: 'hourly', orderStatus: 'scheduled', total: 120 });
    renderMessages('/messages?chatId=c1', { 'GET /chats': () => json(200, { chats: [call] }), ...conversationAnswers(call, history) });
    const offer = within(await screen.findByRole('complementary', { name: 'Offer details' }));
    expect(await offer.findByText('Time to be agreed')).toBeInTheDocument();
    expect(offer.queryByText('Awaiting payment')).not.toBeInTheDocument();
  });

  it('Enter sends, Shift+Enter adds a new line; the message shows at once, then as stored, once', async () => {
    const user = userEvent.setup();
    let store: (response: Response) => void = () => undefined;
    const sent = message('m3', 'c1', aliceAsParticipant, 'Here it is\nthe PDF', 9);
    const { calls, connect } = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [chat] }),
      ...conversationAnswers(chat, history),
      'POST /chats/c1/messages': () => new Promise<Response>((resolve) => (store = resolve)),
    });
    const socket = await connect();
    await waitFor(() => expect(messagesShown()).toHaveLength(2));

    await user.type(box(), 'Here it is{Shift>}{Enter}{/Shift}the PDF');
    expect(box()).toHaveValue('Here it is\nthe PDF');
    expect(calls('POST', '/chats/c1/messages')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(box()).toHaveValue('');
    expect(calls('POST', '/chats/c1/messages').map((call) => call.body)).toEqual([{ content: 'Here it is\nthe PDF' }]);
    expect(messagesShown()).toHaveLength(3);
    expect(messagesShown()[2]).toHaveTextContent(`Alice Martin ${MSG.messageSending}Here it is`);

    store(json(201, { message: sent }));
    await waitFor(() => expect(messagesShown()[2]).toHaveTextContent('Alice Martin 05 Nov 2026, 14:09Here it is'));
    // The server pushes my own message to my tabs too: it is shown once.
    socket.push({ type: 'newMessage', chatId: 'c1', message: sent });
    expect(messagesShown()).toHaveLength(3);
    expect(row(/Claire Dubois/)).toHaveTextContent('Here it is');
  });

  it('the Send button sends too; blank text sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [chat] }),
      ...conversationAnswers(chat, history),
      'POST /chats/c1/messages': () => json(201, { message: message('m3', 'c1', aliceAsParticipant, 'Thanks', 9) }),
    });
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    await user.type(box(), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(calls('POST', '/chats/c1/messages')).toHaveLength(0);
    await user.clear(box());
    await user.type(box(), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(calls('POST', '/chats/c1/messages')).toHaveLength(1);
  });

  it('when sending fails, says Unable to send the message. and puts the text back in the box', async () => {
    const user = userEvent.setup();
    const { calls } = renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [chat] }),
      ...conversationAnswers(chat, history),
      'POST /chats/c1/messages': () => json(503, {}),
    });
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    await user.type(box(), 'Are you there?{Enter}');
    expect(await screen.findByText(MSG.messageSendFailed)).toBeInTheDocument();
    expect(box()).toHaveValue('Are you there?');
    expect(messagesShown()).toHaveLength(2);
    // Sent again, the same text keeps its Idempotency-Key: if the first send landed after all, the server stores it once.
    await user.type(box(), '{Enter}');
    await waitFor(() => expect(calls('POST', '/chats/c1/messages')).toHaveLength(2));
    const keys = calls('POST', '/chats/c1/messages').map((call) => (call.init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  /** A conversation with one more message before the first page. */
  const withEarlierMessages = () => ({
    'GET /chats': () => json(200, { chats: [chat] }),
    ...conversationAnswers(chat, history),
    'GET /chats/chat/c1': () => json(200, { chat, messages: history, hasMore: true }),
    'GET /chats/chat/c1?before=m1': () => json(200, { chat, messages: [message('m0', 'c1', claire, 'Welcome!', 1)], hasMore: false }),
  });

  it('loads earlier messages with the button when there are more', async () => {
    const user = userEvent.setup();
    const { calls } = renderMessages('/messages?chatId=c1', withEarlierMessages());
    await user.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(messagesShown()[0]).toHaveTextContent('Welcome!');
    expect(calls('GET', '/chats/chat/c1?before=m1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('loads earlier messages when scrolled to the top', async () => {
    const { calls } = renderMessages('/messages?chatId=c1', withEarlierMessages());
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    // The list's scroll box is at its top (jsdom lays nothing out: scrollTop is 0).
    fireEvent.scroll(screen.getByRole('list', { name: 'Messages' }).parentElement!);
    await waitFor(() => expect(messagesShown()).toHaveLength(3));
    expect(calls('GET', '/chats/chat/c1?before=m1')).toHaveLength(1);
  });

  it('says why a conversation cannot be opened (the server’s message, else Unable to load chat messages)', async () => {
    renderMessages('/messages?chatId=c7', {
      'GET /chats': () => json(200, { chats: [chat] }),
      'GET /chats/chat/c7': () => json(403, { msg: MSG.notYourChat }),
    });
    expect(await screen.findByText(MSG.notYourChat)).toBeInTheDocument();
    expect(screen.getByText(MSG.chatMessagesLoadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('with no conversation open, sending says Please select a chat or create a conversation first.', async () => {
    const user = userEvent.setup();
    renderMessages('/messages', { 'GET /chats': () => json(200, { chats: [chat] }) });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.type(box(), 'Hello?{Enter}');
    expect(await screen.findByText(MSG.selectChatFirst)).toBeInTheDocument();
    expect(box()).toHaveValue('Hello?');
  });

  it('keeps what was typed in each conversation when switching between them', async () => {
    const user = userEvent.setup();
    const other = chatWith(omar, 'c2', { updatedAt: '2026-11-01T15:00:00.000Z' });
    renderMessages('/messages?chatId=c1', {
      'GET /chats': () => json(200, { chats: [chat, other] }),
      ...conversationAnswers(chat, history),
      ...conversationAnswers(other, []),
    });
    await waitFor(() => expect(messagesShown()).toHaveLength(2));
    await user.type(box(), 'Draft for Claire');
    await user.click(row(/Omar Haddad/));
    await waitFor(() => expect(screen.getByText(MSG.noMessagesYet)).toBeInTheDocument());
    expect(box()).toHaveValue('');
    await user.click(row(/Claire Dubois/));
    await waitFor(() => expect(box()).toHaveValue('Draft for Claire'));
  });

  it('Back to conversations leaves the conversation for the list (narrow screens)', async () => {
    const user = userEvent.setup();
    const { router } = renderMessages('/messages?chatId=c1', { 'GET /chats': () => json(200, { chats: [chat] }), ...conversationAnswers(chat, history) });
    await user.click(await screen.findByRole('button', { name: 'Back to conversations' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Conversation' })).toHaveTextContent(MSG.chooseChat);
    expect(rows()[0]).not.toHaveAttribute('aria-current');
  });
});

describe('messages page: starting a conversation', () => {
  it('?offerId= opens my open conversation about that offer', async () => {
    const chat = chatWith(claire, 'c1');
    const { router } = renderMessages(`/messages?offerId=${chat.offer._id}`, {
      'GET /chats': () => json(200, { chats: [chat] }),
      ...conversationAnswers(chat, []),
    });
    await waitFor(() => expect(router.state.location.search).toBe('?chatId=c1'));
    expect(await screen.findByText(MSG.noMessagesYet)).toBeInTheDocument();
    expect(row(/Claire Dubois/)).toHaveAttribute('aria-current', 'true');
  });

  it('?offerId= without a conversation loads the offer; the first message creates the conversation and opens it', async () => {
    const user = userEvent.setup();
    const offer = publishedOffer('offer-9', 'Business plan feedback');
    const created = chatWith(omar, 'c9', {
      offer: { ...offer, professor: { _id: omar._id, firstName: 'Omar', lastName: 'Haddad' } },
      updatedAt: '2026-11-06T10:00:00.000Z',
    });
    const first = message('m9', 'c9', aliceAsParticipant, 'Hi Omar', 30);
    const { calls, router } = renderMessages('/messages?offerId=offer-9', {
      'GET /chats': () => json(200, { chats: [chatWith(claire, 'c1')] }),
      'GET /offers/offer-9': () => json(200, offer),
      'POST /chats/create': () => json(201, { chat: created, message: first, created: true }),
      ...conversationAnswers(created, [first]),
    });
    const panel = within(await screen.findByRole('complementary', { name: 'Offer details' }));
    expect(panel.getByText('Business plan feedback')).toBeInTheDocument();
    expect(panel.getByText('€80.00/h')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Omar Haddad' })).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveFocus());

    await user.type(box(), 'Hi Omar{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?chatId=c9'));
    expect(calls('POST', '/chats/create').map((call) => call.body)).toEqual([{ offerId: 'offer-9', initialMessage: 'Hi Omar' }]);
    await waitFor(() => expect(messagesShown()).toHaveLength(1));
    expect(rows()[0]).toHaveAccessibleName(/^Omar Haddad Business plan feedback/);
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
  });

  it('says Failed to load offer details for chat creation when the offer cannot be loaded', async () => {
    renderMessages('/messages?offerId=offer-9', { 'GET /chats': () => json(200, { chats: [] }), 'GET /offers/offer-9': () => json(500, {}) });
    expect(await screen.findAllByText(MSG.chatOfferLoadFailed)).not.toHaveLength(0);
    expect(screen.queryByText(MSG.loading)).not.toBeInTheDocument();
  });

  it('when creating fails, says so (the server’s message first) and keeps the text', async () => {
    const user = userEvent.setup();
    renderMessages('/messages?offerId=offer-9', {
      'GET /chats': () => json(200, { chats: [] }),
      'GET /offers/offer-9': () => json(200, publishedOffer('offer-9', 'Business plan feedback')),
      'POST /chats/create': () => json(404, { msg: MSG.offerNotAvailable }),
    });
    await screen.findByRole('complementary', { name: 'Offer details' });
    await user.type(box(), 'Hi Omar{Enter}');
    expect(await screen.findByText(MSG.offerNotAvailable)).toBeInTheDocument();
    expect(box()).toHaveValue('Hi Omar');
  });

  it('from an expert’s profile (state to=): opens my latest open conversation with the expert', async () => {
    const user = userEvent.setup();
    const closed = chatWith(omar, 'c3', { isOrderClosed: true, updatedAt: '2026-11-05T18:00:00.000Z' });
    const open = chatWith(omar, 'c2', { updatedAt: '2026-11-05T16:00:00.000Z' });
    const { router } = renderMessages('/teacher/expert-2', {
      'GET /chats': () => json(200, { chats: [closed, open, chatWith(claire, 'c1')] }),
      ...conversationAnswers(open, []),
    });
    await user.click(screen.getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.search).toBe('?chatId=c2'));
    expect(await screen.findByText(MSG.noMessagesYet)).toBeInTheDocument();
  });

  it('?to= with no conversation yet: lets me choose the expert’s offer (the first preselected), then creates on the first message', async () => {
    const user = userEvent.setup();
    const offers = [publishedOffer('offer-7', 'Pitch deck review'), publishedOffer('offer-8', 'Market sizing session', 60)];
    const created = chatWith(omar, 'c8');
    const { calls } = renderMessages(`/messages?to=${omar._id}`, {
      'GET /chats': () => json(200, { chats: [chatWith(claire, 'c1')] }),
      'GET /offers/professor/expert-2': () => json(200, offers),
      'POST /chats/create': () => json(201, { chat: created, created: true }),
      ...conversationAnswers(created, []),
    });
    const choice = await screen.findByRole('combobox', { name: 'Offer you are writing about' });
    expect(choice).toHaveValue('offer-7');
    expect(within(screen.getByRole('complementary', { name: 'Offer details' })).getByText('Pitch deck review')).toBeInTheDocument();
    await user.selectOptions(choice, 'Market sizing session');
    expect(within(screen.getByRole('complementary', { name: 'Offer details' })).getByText('€60.00/h')).toBeInTheDocument();
    await user.type(box(), 'Hello{Enter}');
    await waitFor(() => expect(calls('POST', '/chats/create').map((call) => call.body)).toEqual([{ offerId: 'offer-8', initialMessage: 'Hello' }]));
  });

  it('an expert with no published offer: says so, and sending asks to choose a conversation', async () => {
    const user = userEvent.setup();
    renderMessages(`/messages?to=${omar._id}`, { 'GET /chats': () => json(200, { chats: [] }), 'GET /offers/professor/expert-2': () => json(200, []) });
    expect(await screen.findByText(MSG.expertNoOffers)).toBeInTheDocument();
    await user.type(box(), 'Hello{Enter}');
    expect(await screen.findByText(MSG.selectChatFirst)).toBeInTheDocument();
  });

  it('my own offer: says I cannot write about it', async () => {
    renderMessages('/messages?offerId=offer-9', {
      'GET /chats': () => json(200, { chats: [] }),
      'GET /offers/offer-9': () =>
        json(200, { ...publishedOffer('offer-9', 'My own offer'), professor: { ...publishedOffer('offer-9', '').professor, _id: alice._id } }),
    });
    expect(await screen.findByText(MSG.ownOfferChat)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Omar Haddad' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.loading)).not.toBeInTheDocument();
  });
});
