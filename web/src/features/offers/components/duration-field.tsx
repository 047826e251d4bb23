import type { Ref, SelectHTMLAttributes } from 'react';
import { OFFER_DURATION } from '@shared/limits';
import { formatDuration } from '@shared/order-transitions';
import { SelectField } from './select-field';

/** 30 minutes to 4 hours, by half hours. */
const LENGTHS = Array.from({ length: (OFFER_DURATION.maxMinutes - OFFER_DURATION.minMinutes) / OFFER_DURATION.stepMinutes + 1 }, (_, index) =>
  String(OFFER_DURATION.minMinutes + index * OFFER_DURATION.stepMinutes),
);

/** A fixed-price call's length (decision 249): what the student books and the room lasts. */
export function DurationField({ error, ref, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { error?: string; ref?: Ref<HTMLSelectElement> }) {
  return (
    <SelectField
      label="Call length"
      placeholder="Choose a length"
      options={LENGTHS}
      optionLabel={(minutes) => formatDuration(Number(minutes))}
      error={error}
      ref={ref}
      {...select}
    />
  );
}
