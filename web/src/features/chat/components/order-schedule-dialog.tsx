import { useId, useState } from 'react';
import { ORDER_RULES } from '@shared/limits';
import { centsFromEuros, eurosFromCents, formatEuros, type Cents } from '@shared/money';
import { MSG } from '@shared/texts';
import { INTRO_LABEL } from '@/features/chat/lib/order-status';
import { dateInputValue, hoursProblem, localStart, startProblem, TIME_STEPS, withOffset } from '@/features/chat/lib/session-time';
import { OrderDialog } from './order-dialog';

/** What is picked: the student's hourly proposal, the free introduction, the expert's counter-proposal, or a paid session's new time. */
export type ScheduleMode = 'hours' | 'intro' | 'counter' | 'reschedule';

export interface PickedSchedule {
  /** ISO with the picker's UTC offset. */
  scheduledDate: string;
  hours?: number;
}

interface ScheduleDialogProps {
  mode: ScheduleMode;
  /** The hourly rate, for the total; absent for a time alone. */
  hourlyPrice?: number;
  /** Whether hours are picked (an hourly session); a time alone otherwise. */
  withHours: boolean;
  /** The current booking, to start from. */
  current?: { scheduledDate?: string; scheduledHours?: number };
  timeZone: string;
  /** Resolves true when the step is done and the dialog may close. */
  onSubmit(picked: PickedSchedule): Promise<boolean>;
  onClose(): void;
}

const TITLES: Record<ScheduleMode, string> = {
  hours: 'Choose date and hours',
  intro: 'Book a free 30-minute introduction',
  counter: 'Suggest another time',
  reschedule: 'Propose a new time',
};

const SUBMIT: Record<ScheduleMode, string> = {
  hours: 'Propose this time',
  intro: 'Book the introduction',
  counter: 'Send suggestion',
  reschedule: 'Propose this time',
};

/** Rate times hours, counted in cents: "€240.00". */
const totalOf = (price: number, hours: number) => formatEuros(eurosFromCents((centsFromEuros(price) * hours) as Cents));

/**
 * The date-and-hours picker (spec 2 sections 2, 5 and 9): a date (today or later), a start on a
 * 30-minute step of the viewer's own clock (the zone named), and for hourly sessions 1 to 8 hours
 * with the total. Refused: nothing picked, a time past, hours outside 1–8; a new time for a paid
 * session at least 24 hours ahead.
 */
export default function OrderScheduleDialog({ mode, hourlyPrice, withHours, current, timeZone, onSubmit, onClose }: ScheduleDialogProps) {
  const ids = { date: useId(), time: useId(), hours: useId(), start: useId(), hoursError: useId(), zone: useId() };
  const known = current?.scheduledDate ? new Date(current.scheduledDate) : undefined;
  const knownTime = known && `${String(known.getHours()).padStart(2, '0')}:${String(known.getMinutes()).padStart(2, '0')}`;
  const [date, setDate] = useState(known ? dateInputValue(known) : '');
  const [time, setTime] = useState(knownTime && TIME_STEPS.includes(knownTime) ? knownTime : '');
  const [hours, setHours] = useState(String(current?.scheduledHours ?? ORDER_RULES.minHours));
  const [errors, setErrors] = useState<{ start?: string; hours?: string }>({});
  const [busy, setBusy] = useState(false);

  const hoursValue = Number(hours);
  const hoursValid = withHours && !hoursProblem(hours);

  async function submit() {
    const now = Date.now();
    let start = startProblem(date, time, now);
    const at = localStart(date, time);
    if (!start && mode === 'reschedule' && at && at.getTime() - now < ORDER_RULES.rescheduleNoticeHours * 3_600_000) start = MSG.rescheduleTooLate;
    const found = { start, hours: withHours ? hoursProblem(hours) : undefined };
    setErrors(found);
    if (found.start || found.hours || !at) return;
    setBusy(true);
    const done = await onSubmit({ scheduledDate: withOffset(at), ...(withHours && { hours: hoursValue }) });
    if (done) onClose();
    else setBusy(false);
  }

  return (
    <OrderDialog title={TITLES[mode]} submitLabel={SUBMIT[mode]} busy={busy} onSubmit={() => void submit()} onClose={onClose}>
      {mode === 'intro' && <p>{INTRO_LABEL}: free, once with each expert.</p>}
      <p id={ids.zone} className="field-hint">
        Times are in your time zone: {timeZone}.
      </p>
      <div className="field-row">
        <div className="field">
          <label htmlFor={ids.date}>Date</label>
          <input
            id={ids.date}
            type="date"
            required
            min={dateInputValue(new Date())}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={errors.start ? true : undefined}
            aria-describedby={errors.start ? ids.start : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.time}>Start time ({timeZone})</label>
          <select
            id={ids.time}
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
            aria-invalid={errors.start ? true : undefined}
            aria-describedby={errors.start ? ids.start : ids.zone}
          >
            <option value="">Choose a time</option>
            {TIME_STEPS.map((step) => (
              <option key={step} value={step}>
                {step}
              </option>
            ))}
          </select>
        </div>
      </div>
      {errors.start && (
        <p id={ids.start} className="field-error" role="alert">
          {errors.start}
        </p>
      )}
      {withHours && (
        <div className="field">
          <label htmlFor={ids.hours}>Hours</label>
          <input
            id={ids.hours}
            type="number"
            inputMode="numeric"
            min={ORDER_RULES.minHours}
            max={ORDER_RULES.maxHours}
            step={1}
            required
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            aria-invalid={errors.hours ? true : undefined}
            aria-describedby={errors.hours ? ids.hoursError : undefined}
          />
          {errors.hours && (
            <p id={ids.hoursError} className="field-error" role="alert">
              {errors.hours}
            </p>
          )}
        </div>
      )}
      {withHours && hourlyPrice !== undefined && (
        <p className="order-total" aria-live="polite">
          Total: {hoursValid ? totalOf(hourlyPrice, hoursValue) : '—'}
          {hoursValid && (
            <span className="order-total-detail">
              {' '}
              ({formatEuros(hourlyPrice)} × {hoursValue} h)
            </span>
          )}
        </p>
      )}
    </OrderDialog>
  );
}
