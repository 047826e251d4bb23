/**
 * /messages (spec 2 section 2): the chat list, the open conversation and its offer. `?chatId=`
 * opens a conversation; `?offerId=` opens my open conversation about that offer, else starts one;
 * `?to=` (or the navigation state `to` from an expert's profile) opens my latest open
 * conversation with that expert, else starts one about the offer I choose. On narrow screens the
 * list and the conversation are two views.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import type { ChatDto, CreatedChat } from '@shared/schemas/chats';
import { displayName, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isArchived, otherParticipant } from '@/features/chat/lib/chat-format';
import { ChatList } from '@/features/chat/components/chat-list';
import { ConversationHeader } from '@/features/chat/components/conversation-header';
import { Conversation } from '@/features/chat/components/conversation';
import { MessageComposer } from '@/features/chat/components/message-composer';
import { NewConversation } from '@/features/chat/components/new-conversation';
import { useChatList } from '@/features/chat/hooks/use-chat-list';
import '@/features/chat/chat.css';

/** Where a visit asks to go: an offer or an expert to write to, when no conversation is named. */
interface Target {
  offerId?: string;
  expertId?: string;
}

/** The conversation a target already has: my open one about the offer, or my latest open one with the expert. */
function existingChat(chats: ChatDto[], { offerId, expertId }: Target, myId: string): ChatDto | undefined {
  const open = chats.filter((chat) => !isArchived(chat));
  if (offerId) return open.find((chat) => chat.offer._id === offerId);
  if (expertId) return open.find((chat) => otherParticipant(chat, myId)?._id === expertId);
  return undefined;
}

/** Draft keys besides chat ids: the conversation a target opens or starts, and the box shown with none open. */
const targetDraft = ({ offerId = '', expertId = '' }: Target) => `new|${offerId}|${expertId}`;
const NO_CHAT_DRAFT = 'none';

/** Joins what was typed for a target to the draft of the conversation it turned out to be. */
function carryDraft(drafts: Record<string, string>, from: string, to: string): Record<string, string> {
  const { [from]: carried, ...rest } = drafts;
  const kept = rest[to]?.trim() ? `${rest[to]}\n` : '';
  return { ...rest, [to]: `${kept}${carried}` };
}

export default function MessagesRoute() {
  useDocumentTitle('Messages');
  const { account } = useSession();
  const me = { _id: account?._id ?? '', name: account ? displayName(account) : '' };
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const chatId = params.get('chatId') ?? undefined;
  const stateTo = (state as { to?: unknown } | null)?.to;
  const target: Target = { offerId: params.get('offerId') ?? undefined, expertId: params.get('to') ?? (typeof stateTo === 'string' ? stateTo : undefined) };
  const wantsNew = !chatId && Boolean(target.offerId || target.expertId);
  // Back from the checkout (?chatId=…&status=paid): that conversation marks its order paid, once; the parameter goes.
  const [paidReturn] = useState(() => (params.get('status') === 'paid' ? chatId : undefined));
  const hasStatus = params.has('status');
  useEffect(() => {
    if (hasStatus)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('status');
          return next;
        },
        { replace: true },
      );
  }, [hasStatus, setParams]);

  const list = useChatList(me._id, chatId);
  const listKnown = list.chats !== null || list.failed;
  const existing = wantsNew && list.chats ? existingChat(list.chats, target, me._id) : undefined;
  const selectedId = chatId ?? existing?._id;
  const startsNew = wantsNew && listKnown && !existing;
  // Whether the target has a conversation is known with the list: until then its box keeps what is typed, and sends nothing.
  const lookingUp = wantsNew && !listKnown;

  useEffect(() => {
    if (existing) setParams({ chatId: existing._id }, { replace: true });
  }, [existing, setParams]);

  // What is typed stays per conversation until sent, whichever conversation is on screen.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const newDraft = targetDraft(target);
  // Set during render, so that the conversation found shows the text from its first frame.
  if (existing && drafts[newDraft]) setDrafts((all) => carryDraft(all, newDraft, existing._id));
  const draftUpdate = useCallback(
    (key: string) => (update: (current: string) => string) => setDrafts((all) => ({ ...all, [key]: update(all[key] ?? '') })),
    [],
  );

  function started({ chat }: CreatedChat) {
    list.add([chat]);
    setParams({ chatId: chat._id }, { replace: true });
  }

  // The view shown while looking up is replaced whole: focus in it moves to the new view's box before any further key is lost.
  const layoutRef = useRef<HTMLDivElement>(null);
  const focusWhileLookingUp = useRef(false);
  useLayoutEffect(() => {
    if (lookingUp || !focusWhileLookingUp.current) return;
    focusWhileLookingUp.current = false;
    layoutRef.current?.querySelector<HTMLTextAreaElement>('.chat-composer textarea')?.focus();
  }, [lookingUp]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  // The conversation and its Back button leave the screen (narrow screens): focus continues from the page's heading.
  function backToList() {
    setParams({});
    headingRef.current?.focus();
  }

  if (list.chats?.length === 0 && !selectedId && !wantsNew) {
    return (
      <section className="page chat-page" aria-labelledby="messages-title">
        <h1 id="messages-title">Messages</h1>
        <div className="chat-empty card">
          <p>{MSG.noChatsYet}</p>
          <Link className="btn btn-primary" to="/experts">
            Find an expert
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page chat-page" aria-labelledby="messages-title">
      <h1 id="messages-title" ref={headingRef} tabIndex={-1}>
        Messages
      </h1>
      <div className="chat-layout" ref={layoutRef} data-view={selectedId || wantsNew ? 'conversation' : 'list'}>
        <nav className="chat-sidebar" aria-label="Conversations">
          {list.chats === null && !list.failed && <p role="status">{MSG.loading}</p>}
          {list.failed && (
            <p className="chat-list-more">
              <button type="button" className="btn btn-secondary btn-small" onClick={list.retry}>
                Try again
              </button>
            </p>
          )}
          {list.chats && (
            <ChatList
              chats={list.chats}
              myId={me._id}
              selectedId={selectedId}
              canLoadMore={Boolean(list.nextCursor)}
              loadingMore={list.loadingMore}
              onLoadMore={list.loadMore}
            />
          )}
        </nav>
        {selectedId ? (
          <Conversation
            key={selectedId}
            chatId={selectedId}
            me={me}
            listed={list.chats?.find((chat) => chat._id === selectedId)}
            draft={drafts[selectedId] ?? ''}
            setDraft={draftUpdate(selectedId)}
            onLoaded={(chat) => list.add([chat])}
            onRead={list.markRead}
            onSent={(message) => list.applyMessage(message.chat, message, false)}
            onBack={backToList}
            paidReturn={paidReturn !== undefined && paidReturn === selectedId}
          />
        ) : startsNew ? (
          <NewConversation
            key={`${target.offerId}|${target.expertId}`}
            offerId={target.offerId}
            expertId={target.expertId}
            myId={me._id}
            draft={drafts[newDraft] ?? ''}
            setDraft={draftUpdate(newDraft)}
            onCreated={started}
            onBack={backToList}
          />
        ) : lookingUp ? (
          <section
            className="chat-window"
            aria-label="Conversation"
            onFocus={() => (focusWhileLookingUp.current = true)}
            onBlur={() => (focusWhileLookingUp.current = false)}
          >
            <ConversationHeader onBack={backToList} />
            <p className="chat-window-note" role="status">
              {MSG.loading}
            </p>
            <MessageComposer value={drafts[newDraft] ?? ''} onChange={(text) => draftUpdate(newDraft)(() => text)} onSend={() => undefined} busy />
          </section>
        ) : (
          <section className="chat-window chat-window-none" aria-label="Conversation">
            <p className="chat-window-note">{MSG.chooseChat}</p>
            <MessageComposer
              value={drafts[NO_CHAT_DRAFT] ?? ''}
              onChange={(text) => draftUpdate(NO_CHAT_DRAFT)(() => text)}
              onSend={() => notify.error(MSG.selectChatFirst)}
            />
          </section>
        )}
      </div>
    </section>
  );
}
