import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { LIMITS, OFFER_DURATION } from '@shared/limits';
import { orderKindOf } from '@shared/order-transitions';
import { MSG } from '@shared/web-texts';
import type { OfferDto } from '@shared/schemas/catalogue';
import { LESSON_TYPES } from '@shared/schemas/offers';
import { PRICING_TYPE_LABELS } from '@/features/offers/lib/pricing-type-labels';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { photoUploadSchema } from '@/features/offers/api/request-photo-upload';
import { updateOfferSchema, type UpdateOfferInput } from '@/features/offers/api/update-offer';
import { offerPhotoSrc } from '@/lib/offer-photo';
import { DurationField } from './duration-field';
import { SelectField } from './select-field';

/**
 * The edit form's own checks (spec 1 section 5: required after trimming, a finite price not below 0
 * (0 is a free offer, decision 132), an image of at most 2 MB) come first; then the server's schema
 * (lengths, markup, price range).
 */
const editOfferFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    price: z.string(),
    lessonType: z.string(),
    durationMinutes: z.string(),
    photo: z.optional(z.custom<FileList | null>()),
  })
  .check(
    z.superRefine((form, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const title = form.title.trim();
      const description = form.description.trim();
      if (!title) add('title', MSG.offerTitleDescriptionRequired);
      if (!description) add('description', MSG.offerTitleDescriptionRequired);
      const price = form.price.trim() === '' ? Number.NaN : Number(form.price);
      if (!Number.isFinite(price) || price < 0) add('price', MSG.offerValidPrice);
      const photo = form.photo?.[0];
      if (photo) {
        const check = photoUploadSchema.safeParse({ contentType: photo.type, size: photo.size });
        if (!check.success) add('photo', check.error.issues[0].message);
      }
      const request = updateOfferSchema.safeParse({ title, description, price, lessonType: form.lessonType, durationMinutes: Number(form.durationMinutes) });
      if (!request.success) for (const issue of request.error.issues) add(String(issue.path[0]), issue.message);
    }),
  );

type EditOfferForm = z.infer<typeof editOfferFormSchema>;

export interface EditOfferValues {
  fields: Omit<UpdateOfferInput, 'photo'>;
  photo?: File;
}

interface EditOfferFormProps {
  offer: OfferDto;
  onSave(values: EditOfferValues): Promise<void>;
}

/**
 * Title, description, price, lesson type and photo. The pricing type is shown, not editable: the
 * update call does not take it (spec 1 section 5), so offering the choice would silently drop it.
 */
export function EditOfferForm({ offer, onSave }: EditOfferFormProps) {
  const {
    register,
    handleSubmit,
    trigger,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EditOfferForm>({
    resolver: zodResolver(editOfferFormSchema),
    defaultValues: {
      title: offer.title,
      description: offer.description,
      price: String(offer.price),
      lessonType: offer.lessonType,
      durationMinutes: String(offer.durationMinutes ?? OFFER_DURATION.defaultMinutes),
      photo: null,
    },
  });
  const chosen = watch('photo')?.[0];
  const preview = usePreview(errors.photo ? undefined : chosen);
  const current = offerPhotoSrc(offer);
  const unit = offer.pricingType === 'hourly' ? '€/h' : '€';
  const call = orderKindOf({ lessonType: watch('lessonType'), pricingType: offer.pricingType }) === 'call';

  function submit(form: EditOfferForm) {
    return onSave({
      fields: {
        title: form.title,
        description: form.description,
        price: Number(form.price),
        lessonType: form.lessonType as UpdateOfferInput['lessonType'],
        ...(call && { durationMinutes: Number(form.durationMinutes) }),
      },
      photo: form.photo?.[0],
    });
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit(submit)} aria-busy={isSubmitting}>
      <TextField
        label="Title"
        hint={`${LIMITS.offerTitleMin} to ${LIMITS.offerTitleMax} characters.`}
        maxLength={LIMITS.offerTitleMax}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        hint={`${LIMITS.offerDescriptionMin} to ${LIMITS.offerDescriptionMax} characters.`}
        rows={6}
        maxLength={LIMITS.offerDescriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="field">
        <p className="read-only-field">
          <span className="read-only-label">Pricing type:</span> {PRICING_TYPE_LABELS[offer.pricingType]}
        </p>
        <p className="field-hint">The pricing type is set when the offer is created.</p>
      </div>
      <TextField
        label={`Price (${unit})`}
        type="number"
        inputMode="decimal"
        min={0}
        max={LIMITS.offerPriceMax}
        step="0.01"
        error={errors.price?.message}
        {...register('price')}
      />
      <SelectField
        label="Lesson type"
        placeholder="Choose a lesson type"
        options={LESSON_TYPES}
        error={errors.lessonType?.message}
        {...register('lessonType')}
      />
      {call && <DurationField error={errors.durationMinutes?.message} {...register('durationMinutes')} />}
      <div className="photo-field">
        {(preview || current) && (
          <figure className="offer-photo">
            <img src={preview ?? current} alt={preview ? 'Preview of the chosen photo' : 'Current photo of the offer'} />
            <figcaption>{preview ? 'New photo (saved with the offer)' : 'Current photo'}</figcaption>
          </figure>
        )}
        <TextField
          label="Photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          optional
          hint="JPG, PNG or WEBP, at most 2 MB."
          error={errors.photo?.message}
          {...register('photo', { onChange: () => void trigger('photo') })}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}

/** A data URL of the chosen photo to show before saving. */
function usePreview(photo: File | undefined): string | undefined {
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    setPreview(undefined);
    if (!photo) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : undefined);
    reader.readAsDataURL(photo);
    return () => reader.abort();
  }, [photo]);
  return preview;
}
