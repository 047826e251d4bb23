import { useEffect, useId, useRef, useState } from 'react';
import { isBooked, orderKindOf } from '@shared/order-transitions';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import type { CreatedChat } from '@shared/schemas/chats';
import { errorText } from '@/lib/api-client';
import { createSendKeys } from '@/lib/send-keys';
import { notify } from '@/lib/toast';
import { createChat } from '@/features/chat/api/create-chat';
import { getOffer } from '@/api/offers';
import { listExpertOffers } from '@/api/offers';
import type { DraftUpdate } from './conversation';
import { ConversationHeader } from './conversation-header';
import { MessageComposer } from './message-composer';
import { OfferPanel } from './offer-panel';

interface NewConversationProps {
  /** The offer to write about (?offerId=)... */
  offerId?: string;
  /** ...or the expert to write to, about one of their published offers (from their profile). */
  expertId?: string;
  myId: string;
  draft: string;
  setDraft: DraftUpdate;
  onCreated(created: CreatedChat): void;
  onBack(): void;
}

/** Nobody writes to themselves about their own offer. */
const isMine = (offer: OfferDto, myId: string) => offer.professor._id === myId;

/** A conversation not started yet: its first message creates it (POST /chats/create). */
export function NewConversation({ offerId, expertId, myId, draft, setDraft, onCreated, onBack }: NewConversationProps) {
  const sendKeys = useRef(createSendKeys());
  /** The offers asked about, mine included; null while loading. */
  const [found, setFound] = useState<OfferDto[] | null>(null);
  const [problem, setProblem] = useState<string>();
  const [chosenId, setChosenId] = useState<string>();
  const [creating, setCreating] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const selectId = useId();

  useEffect(() => {
    let active = true;
    const load = offerId ? getOffer(offerId).then((offer) => [offer]) : listExpertOffers(expertId ?? '');
    load.then(
      (answer) => {
        if (!active) return;
        const writable = answer.filter((offer) => !isMine(offer, myId));
        setFound(answer);
        setChosenId(writable[0]?._id);
        if (writable.length === 0) setProblem(answer.length > 0 ? MSG.ownOfferChat : MSG.expertNoOffers);
        textareaRef.current?.focus();
      },
      (error: unknown) => {
        if (!active) return;
        setFound([]);
        setProblem(errorText(error, MSG.chatOfferLoadFailed));
        notify.error(errorText(error, MSG.chatOfferLoadFailed));
      },
    );
    return () => {
      active = false;
    };
  }, [offerId, expertId, myId]);

  const offers = found?.filter((offer) => !isMine(offer, myId));
  const chosen = offers?.find((offer) => offer._id === chosenId);
  const shown = chosen ?? found?.[0];
  const person = shown?.professor ?? (found && expertId ? { _id: expertId } : undefined);

  async function send() {
    const content = draft.trim();
    if (!content) return;
    if (!chosen) {
      notify.error(MSG.selectChatFirst);
      return;
    }
    setCreating(true);
    try {
      const created = await createChat(chosen._id, content, sendKeys.current.keyFor(content));
      sendKeys.current.sent(content);
      setDraft(() => '');
      onCreated(created);
    } catch (error) {
      notify.error(errorText(error, MSG.chatCreateFailed));
    } finally {
      setCreating(false);
    }
  }

  return (
    <>
      <section className="chat-window" aria-label="New conversation">
        <ConversationHeader person={person} title={shown?.title} onBack={onBack} />
        <div className="chat-new">
          {found === null && <p role="status">{MSG.loading}</p>}
          {problem && <p className="notice notice-info">{problem}</p>}
          {chosen && <p className="chat-new-hint">{isBooked({ kind: orderKindOf(chosen) }) ? MSG.newConversationCallHint : MSG.newConversationDeliveryHint}</p>}
          {!offerId && offers && offers.length > 0 && (
            <div className="field">
              <label htmlFor={selectId}>Offer you are writing about</label>
              <select id={selectId} value={chosenId} onChange={(event) => setChosenId(event.target.value)}>
                {offers.map((offer) => (
                  <option key={offer._id} value={offer._id}>
                    {offer.title}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {/* Until the offer is known there is nothing to send to: what is typed waits, without an error. */}
        <MessageComposer
          value={draft}
          onChange={(text) => setDraft(() => text)}
          onSend={() => void send()}
          busy={creating || found === null}
          textareaRef={textareaRef}
        />
      </section>
      {shown && <OfferPanel offer={shown} />}
    </>
  );
}
