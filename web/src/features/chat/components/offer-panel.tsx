import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@shared/web-texts';
import type { ChatDto, ChatOffer } from '@shared/schemas/chats';
import { formatPrice } from '@/lib/format-price';
import { lessonText } from '@/lib/format-duration';
import { fullName, ORDER_STATE_LABELS, orderState } from '@/features/chat/lib/chat-format';

/**
 * What the panel shows of an offer: a conversation's copy, or a published offer before the
 * conversation starts (with a fixed-price call's length; a conversation's order holds its own).
 */
export type OfferSummary = Pick<ChatOffer, '_id' | 'title' | 'price' | 'pricingType' | 'lessonType' | 'photo' | 'professor'> & { durationMinutes?: number };

const PRICING_TYPE: Record<OfferSummary['pricingType'], string> = { fixed: 'Fixed price', hourly: 'Hourly rate' };

/**
 * The offer a conversation is about and, once there is one, its order: its number, its state and
 * the order panel given (status line and actions).
 */
export function OfferPanel({ offer, chat, children }: { offer: OfferSummary; chat?: ChatDto; children?: ReactNode }) {
  const titleId = useId();
  return (
    <aside className="chat-offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="chat-offer-heading">
        Offer details
      </h2>
      {offer.photo && <img className="chat-offer-photo" src={`/uploads/${offer.photo}`} alt="" />}
      <p className="chat-offer-title">{offer.title || MSG.untitledOffer}</p>
      <dl className="chat-offer-facts">
        <dt>Price</dt>
        <dd>
          {formatPrice(offer)} <span className="chat-offer-pricing">({PRICING_TYPE[offer.pricingType]})</span>
        </dd>
        <dt>Lesson type</dt>
        <dd>{lessonText({ lessonType: offer.lessonType, durationMinutes: chat ? chat.durationMinutes : offer.durationMinutes })}</dd>
        <dt>Expert</dt>
        <dd>
          <Link to={`/teacher/${encodeURIComponent(offer.professor._id)}`}>{fullName(offer.professor) || chat?.professorName}</Link>
        </dd>
      </dl>
      {chat && (
        <section className="chat-order" aria-label="Order">
          <dl className="chat-offer-facts">
            <dt>Order</dt>
            <dd>#{chat.orderNumber}</dd>
            <dt>Status</dt>
            <dd>
              <span className={`chat-order-status chat-order-${orderState(chat)}`}>{ORDER_STATE_LABELS[orderState(chat)]}</span>
            </dd>
          </dl>
          {children}
        </section>
      )}
    </aside>
  );
}
