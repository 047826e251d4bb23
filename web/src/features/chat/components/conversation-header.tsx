import { MSG } from '@shared/web-texts';
import { PersonPhoto } from './person-photo';
import { usePersonName, type Person } from '@/features/chat/hooks/use-person-name';

/** Whom the conversation is with and what about (once known); on narrow screens, the way back to the list. */
export function ConversationHeader({ person, title, onBack }: { person?: Person; title?: string; onBack(): void }) {
  return (
    <div className="chat-window-header">
      <button type="button" className="btn btn-light btn-small chat-back" onClick={onBack}>
        <span aria-hidden="true">&larr;</span> Back to conversations
      </button>
      {person && <Counterpart person={person} title={title} />}
    </div>
  );
}

function Counterpart({ person, title }: { person: Person; title?: string }) {
  const name = usePersonName(person);
  return (
    <>
      <PersonPhoto photo={person.profilePhoto} size={40} />
      <div className="chat-window-heading">
        <h2>{name}</h2>
        <p>{title || MSG.untitledOffer}</p>
      </div>
    </>
  );
}
