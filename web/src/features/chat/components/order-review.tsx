import { useId, useState } from 'react';
import { LIMITS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import type { ChatDto } from '@shared/schemas/chats';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { postReview } from '@/features/chat/api/orders';
import { StarRating } from './star-rating';

/**
 * A closed order's review, read-only (spec 2 sections 1 and 2: the expert views the customer's
 * review): the stars, the comment, and who wrote it; "Your review" to its author.
 */
export function ReviewView({ rating, comment, by }: { rating: number; comment?: string; by?: { firstName: string; lastName: string } }) {
  const titleId = useId();
  return (
    <section className="order-review" aria-labelledby={titleId}>
      <h3 id={titleId}>{by ? `Review by ${by.firstName} ${by.lastName}`.trim() : 'Your review'}</h3>
      <StarRating value={rating} label={by ? 'Rating' : 'Your rating'} readOnly />
      {comment && <p className="order-review-comment">{comment}</p>}
    </section>
  );
}

/**
 * The student's review of a closed order (spec 2 sections 2 and 5): 1 to 5 stars and a comment,
 * once. Once sent it is shown read-only, and the conversation is fetched again (`onReviewed`),
 * which then carries the review.
 */
export default function OrderReview({ chat, onReviewed }: { chat: ChatDto; onReviewed(): void }) {
  const ids = { title: useId(), comment: useId(), error: useId() };
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setError(MSG.ratingRequired);
      return;
    }
    if (!chat.offer._id) {
      notify.error(MSG.reviewNoOffer);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const { msg } = await postReview(chat.offer._id, { rating, comment: comment.trim() || undefined, orderNumber: chat.orderNumber });
      notify.success(msg || MSG.reviewThanks);
      setSent(true);
      onReviewed();
    } catch (failure) {
      notify.error(errorText(failure, MSG.reviewFailed));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <ReviewView rating={rating} comment={comment.trim() || undefined} />;

  return (
    <form className="order-review" aria-labelledby={ids.title} onSubmit={(event) => void submit(event)} noValidate>
      <h3 id={ids.title}>Leave a review</h3>
      <StarRating value={rating} onChange={setRating} label="Rating" />
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label htmlFor={ids.comment}>
          Comment <span className="field-optional">(optional)</span>
        </label>
        <textarea id={ids.comment} rows={3} maxLength={LIMITS.textCap} value={comment} onChange={(event) => setComment(event.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
        Send review
      </button>
    </form>
  );
}
