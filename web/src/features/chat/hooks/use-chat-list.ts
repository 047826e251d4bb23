import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { MSG } from '@shared/web-texts';
import type { ChatDto, MessageDto } from '@shared/schemas/chats';
import { errorText } from '@/lib/api-client';
import { realtime, type RealtimeNotice } from '@/lib/realtime';
import { notify } from '@/lib/toast';
import { getChat, listChats } from '@/api/chats';

/** Conversations by id (the incoming copy wins), newest activity first. */
/**
 * Rows from the server replace those shown, unless older: an answer the server made before a
 * message the channel has brought since (a list fetched again after a reconnection, on a busy
 * day) never takes that message back, nor its unread count.
 */
function mergeChats(current: ChatDto[], incoming: ChatDto[]): ChatDto[] {
  const byId = new Map(current.map((chat) => [chat._id, chat]));
  for (const chat of incoming) {
    const shown = byId.get(chat._id);
    if (!shown || chat.updatedAt >= shown.updatedAt) byId.set(chat._id, chat);
  }
  return [...byId.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** The row after a message: on top, its last message, one more unread when someone else wrote it outside the open conversation. */
function withMessage(chat: ChatDto, message: MessageDto, counts: boolean): ChatDto {
  const last = chat.lastMessage;
  // Already shown (the sender's own tab hears its message twice; a reload may have brought it).
  if (last && (last._id === message._id || last.createdAt > message.createdAt)) return chat;
  return { ...chat, lastMessage: message, updatedAt: message.createdAt, unreadCount: chat.unreadCount + (counts ? 1 : 0) };
}

/**
 * The chat list: the first page, then more on demand; kept live by the realtime channel (new
 * messages move their conversation to the top and count as unread outside the open one; a
 * conversation the list does not have yet is fetched; a chat read in another tab is read here
 * too; a row whose order moved is fetched again; a preview a moderator removed shows so), and
 * fetched again after a reconnection.
 */
export function useChatList(myId: string, openChatId: string | undefined) {
  const [chats, setChats] = useState<ChatDto[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const fetchingUnknown = useRef(new Set<string>());
  /** A message came while the first page was on its way, which that page may predate: it is fetched again. */
  const cameWhileLoading = useRef(false);

  const load = useCallback(() => {
    setFailed(false);
    cameWhileLoading.current = false;
    listChats().then(
      (page) => {
        setChats((current) => mergeChats(current ?? [], page.chats));
        setNextCursor(page.nextCursor);
        if (cameWhileLoading.current) load();
      },
      (error: unknown) => {
        setFailed(true);
        notify.error(errorText(error, MSG.chatsLoadFailed));
      },
    );
  }, []);

  useEffect(load, [load]);

  const add = useCallback((found: ChatDto[]) => setChats((current) => mergeChats(current ?? [], found)), []);

  const applyMessage = useCallback(
    (chatId: string, message: MessageDto, counts: boolean) =>
      setChats(
        (current) =>
          current &&
          mergeChats(
            current,
            current.filter((chat) => chat._id === chatId).map((chat) => withMessage(chat, message, counts)),
          ),
      ),
    [],
  );

  /** A moderator removed a message: the row whose preview shows it shows the placeholder instead. */
  const removeMessage = useCallback(
    (chatId: string, messageId: string) =>
      setChats((current) =>
        current === null
          ? null
          : current.map((chat) =>
              chat._id === chatId && chat.lastMessage?._id === messageId
                ? { ...chat, lastMessage: { ...chat.lastMessage, content: MSG.messageRemoved, removed: true } }
                : chat,
            ),
      ),
    [],
  );

  const markRead = useCallback(
    (chatId: string) => setChats((current) => (current === null ? null : current.map((chat) => (chat._id === chatId ? { ...chat, unreadCount: 0 } : chat)))),
    [],
  );

  const fetchUnknown = useEffectEvent((chatId: string) => {
    if (fetchingUnknown.current.has(chatId)) return;
    fetchingUnknown.current.add(chatId);
    getChat(chatId, { limit: 1 })
      .then(
        ({ chat }) => add([chat]),
        () => undefined,
      )
      .finally(() => fetchingUnknown.current.delete(chatId));
  });

  const onNotice = useEffectEvent((notice: RealtimeNotice) => {
    if (notice.type === 'connected') {
      // The open conversation is read on screen, whatever the total said before it was marked.
      if (chats)
        listChats().then(
          ({ chats: fresh }) => add(fresh.map((chat) => (chat._id === openChatId ? { ...chat, unreadCount: 0 } : chat))),
          () => undefined,
        );
    } else if (notice.type === 'messageRemoved') {
      removeMessage(notice.chatId, notice.messageId);
    } else if (notice.type === 'chatRead' && notice.readerId === myId) {
      markRead(notice.chatId);
    } else if (notice.type === 'orderChanged' && chats && notice.chatId !== openChatId) {
      // The open conversation fetches its order itself and hands the list its row.
      fetchUnknown(notice.chatId);
    } else if (notice.type === 'newMessage') {
      if (!chats) cameWhileLoading.current = true;
      else if (chats.some((chat) => chat._id === notice.chatId))
        applyMessage(notice.chatId, notice.message, notice.message.sender !== myId && notice.chatId !== openChatId);
      else fetchUnknown(notice.chatId);
    }
  });

  useEffect(() => realtime.subscribe((notice) => onNotice(notice)), []);

  async function loadMore() {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await listChats(nextCursor);
      add(page.chats);
      setNextCursor(page.nextCursor);
    } catch (error) {
      notify.error(errorText(error, MSG.chatsLoadFailed));
    } finally {
      setLoadingMore(false);
    }
  }

  return { chats, failed, nextCursor, loadingMore, retry: load, loadMore: () => void loadMore(), add, applyMessage, markRead };
}
