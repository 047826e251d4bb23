import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { LIMITS, OFFER_DURATION } from '@shared/limits';
import { orderKindOf } from '@shared/order-transitions';
import { MSG } from '@shared/web-texts';
import { LESSON_TYPES, PRICING_TYPES } from '@shared/schemas/offers';
import { PRICING_TYPE_LABELS } from '@/features/offers/lib/pricing-type-labels';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { errorCode, errorText } from '@/lib/api-client';
import { createSendKeys } from '@/lib/send-keys';
import { notify } from '@/lib/toast';
import { createOffer, createOfferSchema } from '@/features/offers/api/create-offer';
import { DurationField } from './duration-field';
import { SelectField } from './select-field';

type CreateOfferForm = z.input<typeof createOfferSchema>;
type CreateOfferBody = z.output<typeof createOfferSchema>;

/** Price and lesson type start empty: the expert must choose them. */
const EMPTY = { title: '', description: '', pricingType: 'fixed' } as const;

interface CreateOfferFormProps {
  onCreated(message: string): void;
  /** The server says the payout account is not connected (the session was out of date). */
  onPayoutsMissing(): void;
}

/** The offer form of spec 1 section 2, validated by the server's own schema. */
export function CreateOfferForm({ onCreated, onPayoutsMissing }: CreateOfferFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreateOfferForm, unknown, CreateOfferBody>({ resolver: zodResolver(createOfferSchema), defaultValues: EMPTY });
  const unit = watch('pricingType') === 'hourly' ? '€/h' : '€';
  const lessonType = watch('lessonType');
  const call = lessonType !== undefined && orderKindOf({ lessonType, pricingType: watch('pricingType') ?? 'fixed' }) === 'call';

  const sendKeys = useRef(createSendKeys());

  async function onSubmit(body: CreateOfferBody) {
    const sent = JSON.stringify(body);
    try {
      const { msg } = await createOffer(body, sendKeys.current.keyFor(sent));
      sendKeys.current.sent(sent);
      onCreated(msg || MSG.offerSubmitted);
    } catch (error) {
      if (errorCode(error) === 'payouts_required') onPayoutsMissing();
      notify.error(errorText(error, MSG.offerCreateFailed));
    }
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
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
      <fieldset className="field pricing-type">
        <legend>Pricing type</legend>
        {PRICING_TYPES.map((type) => (
          <label key={type} className="pricing-option">
            <input type="radio" value={type} {...register('pricingType')} />
            {PRICING_TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <TextField
        label={`Price (${unit})`}
        type="number"
        inputMode="decimal"
        min={0}
        max={LIMITS.offerPriceMax}
        step="0.01"
        error={errors.price?.message}
        {...register('price', { valueAsNumber: true })}
      />
      <SelectField
        label="Lesson type"
        placeholder="Choose a lesson type"
        options={LESSON_TYPES}
        error={errors.lessonType?.message}
        {...register('lessonType')}
      />
      {/* Sent only while shown: a fixed-price call's length, an hour unless chosen. */}
      {call && (
        <DurationField
          defaultValue={OFFER_DURATION.defaultMinutes}
          error={errors.durationMinutes?.message}
          {...register('durationMinutes', { valueAsNumber: true, shouldUnregister: true })}
        />
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating…' : 'Create offer'}
      </button>
    </form>
  );
}
