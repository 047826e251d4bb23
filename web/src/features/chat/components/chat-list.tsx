import { Link } from 'react-router-dom';
import type { ChatDto } from '@shared/schemas/chats';
import { isArchived, otherParticipant, shortTitle } from '@/features/chat/lib/chat-format';
import { PersonPhoto } from './person-photo';
import { usePersonName } from '@/features/chat/hooks/use-person-name';

interface ChatListProps {
  chats: ChatDto[];
  myId: string;
  selectedId?: string;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}

/** The conversations, newest activity first; each row opens its conversation (?chatId=). */
export function ChatList({ chats, myId, selectedId, canLoadMore, loadingMore, onLoadMore }: ChatListProps) {
  return (
    <>
      <ul className="chat-list">
        {chats.map((chat) => (
          <li key={chat._id}>
            <ChatRow chat={chat} myId={myId} active={chat._id === selectedId} />
          </li>
        ))}
      </ul>
      {canLoadMore && (
        <p className="chat-list-more">
          <button type="button" className="btn btn-secondary btn-small" disabled={loadingMore} onClick={onLoadMore}>
            Load more
          </button>
        </p>
      )}
    </>
  );
}

function ChatRow({ chat, myId, active }: { chat: ChatDto; myId: string; active: boolean }) {
  const other = otherParticipant(chat, myId);
  const name = usePersonName(other);
  const archived = isArchived(chat);
  const classes = ['chat-row', active && 'chat-row-active', archived && 'chat-row-archived', chat.unreadCount > 0 && 'chat-row-unread']
    .filter(Boolean)
    .join(' ');
  return (
    <Link className={classes} to={{ search: `?chatId=${encodeURIComponent(chat._id)}` }} aria-current={active ? 'true' : undefined}>
      <PersonPhoto photo={other?.profilePhoto} />
      {/* The spaces between the parts separate them in the link's accessible name; flex layout ignores them. */}
      <span className="chat-row-text">
        <span className="chat-row-name">{name}</span> <span className="chat-row-offer">{shortTitle(chat.offer.title)}</span>{' '}
        {chat.lastMessage && <span className="chat-row-preview">{chat.lastMessage.content}</span>}
      </span>{' '}
      <span className="chat-row-tags">
        {archived && <span className="chat-row-archived-tag">Archived</span>}{' '}
        {chat.unreadCount > 0 && (
          <>
            <span className="badge chat-row-badge" aria-hidden="true">
              {chat.unreadCount}
            </span>
            <span className="visually-hidden">{chat.unreadCount} unread</span>
          </>
        )}
      </span>
    </Link>
  );
}
