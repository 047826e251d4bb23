import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { MODERATION } from '@shared/limits';
import type { OfferDto } from '@shared/schemas/catalogue';
import { MSG } from '@shared/web-texts';
import { DialogFrame } from '@/components/dialog-frame';
import { TextAreaField } from '@/components/form/text-field';
import { rejectOfferFormSchema } from '@/features/admin/api/reject-offer';

type RejectForm = z.input<typeof rejectOfferFormSchema>;
type RejectBody = z.output<typeof rejectOfferFormSchema>;

interface RejectOfferDialogProps {
  offer: OfferDto;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** Asks before a rejection, with the reason the expert will read in My Offers and by mail (required). */
export function RejectOfferDialog({ offer, onConfirm, onCancel }: RejectOfferDialogProps) {
  const titleId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectForm, unknown, RejectBody>({ resolver: zodResolver(rejectOfferFormSchema), defaultValues: { reason: '' } });

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onCancel}>
      <form className="form" noValidate onSubmit={handleSubmit(({ reason }) => onConfirm(reason))}>
        <h2 id={titleId} className="modal-message">
          {MSG.rejectOfferConfirm}
        </h2>
        <p>“{offer.title}” leaves the catalogue for good; its expert sees it in their offers as rejected, with your reason.</p>
        <TextAreaField
          label="Reason"
          hint={`Up to ${MODERATION.reasonMax} characters. The expert reads it in My Offers and by e-mail.`}
          rows={4}
          maxLength={MODERATION.reasonMax}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger">
            Reject
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
