import { useEffect, useId, useState } from 'react';
import { ORDER_RULES } from '@shared/limits';
import { formatEuros, formatHoursTotal } from '@shared/money';
import { MSG } from '@shared/web-texts';
import { formatDay, INTRO_LABEL } from '@/features/chat/lib/order-status';
import { dateInputValue, hoursProblem, localStart, startProblem, TIME_STEPS, withOffset } from '@/features/chat/lib/session-time';
import { freeSlots } from '@/api/experts';
import { type SlotOption, slotOptions } from '@/features/chat/lib/slot-times';
import type { SlotsAnswer } from '@shared/schemas/bookings';
import { OrderDialog } from './order-dialog';
import { WholeNumberField } from './whole-number-field';

/**
 * What is picked: the student's hourly proposal, a fixed-price call's time, the free introduction,
 * the expert's counter-proposal, or a paid session's new time.
 */
export type ScheduleMode = 'hours' | 'time' | 'intro' | 'counter' | 'reschedule';

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
  /** How long the session lasts when its hours are not picked here, in minutes. */
  lengthMinutes: number;
  /** The current booking, to start from. */
  current?: { scheduledDate?: string; scheduledHours?: number };
  timeZone: string;
  /** The expert whose free slots the student chooses among, once they have set hours; absent for the expert's own proposals. */
  expert?: { id: string; firstName: string };
  /** Resolves true when the step is done and the dialog may close. */
  onSubmit(picked: PickedSchedule): Promise<boolean>;
  onClose(): void;
}

const TITLES: Record<ScheduleMode, string> = {
  hours: 'Choose date and hours',
  time: 'Choose a time',
  intro: 'Book a free 30-minute introduction',
  counter: 'Suggest another time',
  reschedule: 'Propose a new time',
};

const SUBMIT: Record<ScheduleMode, string> = {
  hours: 'Propose this time',
  time: 'Propose this time',
  intro: 'Book the introduction',
  counter: 'Send suggestion',
  reschedule: 'Propose this time',
};

/** How far ahead the picker looks for the expert's next free days, and how many of them it offers. */
const UPCOMING_DAYS = 14;
const SHOWN_FREE_DAYS = 7;

/** A local day `days` after `day`'s, at midnight. */
const dayAfter = (day: Date, days: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);

/** The expert's free starts in one range (ISO bounds): undefined until known or when nothing is asked, `failed` when unknown. */
function useSlotsAnswer(expertId: string | undefined, from: string | undefined, to: string | undefined, minutes: number, timeZone: string) {
  const [answer, setAnswer] = useState<SlotsAnswer | 'failed'>();
  useEffect(() => {
    setAnswer(undefined);
    if (!expertId || !from || !to) return;
    let current = true;
    freeSlots(expertId, { from, to, minutes, timeZone }).then(
      (found) => current && setAnswer(found),
      () => current && setAnswer('failed'),
    );
    return () => {
      current = false;
    };
  }, [expertId, from, to, minutes, timeZone]);
  return answer;
}

/**
 * The expert's free starts, asked once for the next two weeks from the start of the viewer's day
 * (the free days, and the times of any day among them), and for a day after those alone:
 * `freeDays` the local days with a free start, undefined until known or for an expert without
 * hours; `daySlots` the chosen day's starts, undefined until known, `all` for an expert without
 * hours or when unknown (any half hour is proposed, and the server judges it).
 */
function useFreeSlots(expert: { id: string; firstName: string } | undefined, date: string, minutes: number, timeZone: string) {
  const [today] = useState(() => dayAfter(new Date(), 0));
  const end = dayAfter(today, UPCOMING_DAYS);
  const upcoming = useSlotsAnswer(expert?.id, today.toISOString(), end.toISOString(), minutes, timeZone);
  const day = localStart(date, '00:00');
  const later = day !== undefined && (day < today || day >= end);
  const alone = useSlotsAnswer(later ? expert?.id : undefined, day?.toISOString(), day && dayAfter(day, 1).toISOString(), minutes, timeZone);
  const answer = later ? alone : upcoming;

  const withHours = (found: SlotsAnswer | 'failed' | undefined): { slots: string[]; expertTimeZone: string } | undefined =>
    found && found !== 'failed' && found.hasHours && found.expertTimeZone ? { slots: found.slots, expertTimeZone: found.expertTimeZone } : undefined;
  const known = withHours(upcoming);
  const freeDays = known && [...new Set(known.slots.map((slot) => dateInputValue(new Date(slot))))];
  let daySlots: SlotOption[] | 'all' | undefined;
  if (!expert) daySlots = 'all';
  else if (day && answer) {
    const found = withHours(answer);
    daySlots = found
      ? slotOptions(
          found.slots.filter((slot) => dateInputValue(new Date(slot)) === date),
          timeZone,
          { firstName: expert.firstName, timeZone: found.expertTimeZone },
        )
      : 'all';
  }
  return { freeDays, daySlots };
}

/**
 * The date-and-hours picker (spec 2 sections 2, 5 and 9): a date (today or later), a start on a
 * 30-minute step of the viewer's own clock (the zone named), and for hourly sessions 1 to 8 hours
 * with the total. Refused: nothing picked, a time past, hours outside 1–8; a new time for a paid
 * session at least 24 hours ahead.
 */
export default function OrderScheduleDialog({
  mode,
  hourlyPrice,
  withHours,
  lengthMinutes,
  current,
  timeZone,
  expert,
  onSubmit,
  onClose,
}: ScheduleDialogProps) {
  const ids = { date: useId(), time: useId(), start: useId(), zone: useId() };
  const known = current?.scheduledDate ? new Date(current.scheduledDate) : undefined;
  const knownTime = known && `${String(known.getHours()).padStart(2, '0')}:${String(known.getMinutes()).padStart(2, '0')}`;
  const [date, setDate] = useState(known ? dateInputValue(known) : '');
  const [time, setTime] = useState(knownTime && TIME_STEPS.includes(knownTime) ? knownTime : '');
  const [hours, setHours] = useState(String(current?.scheduledHours ?? ORDER_RULES.minHours));
  const [errors, setErrors] = useState<{ start?: string; hours?: string }>({});
  const [busy, setBusy] = useState(false);

  const hoursValue = Number(hours);
  const hoursValid = withHours && !hoursProblem(hours);
  const minutes = withHours ? (hoursValid ? hoursValue : (current?.scheduledHours ?? ORDER_RULES.minHours)) * 60 : lengthMinutes;
  const { freeDays, daySlots } = useFreeSlots(expert, date, minutes, timeZone);
  // Every half hour until the expert's free times are known (or when they have no hours); then only those.
  const times: SlotOption[] = Array.isArray(daySlots) ? daySlots : TIME_STEPS.map((step) => ({ value: step, label: step }));
  const placeholder = Array.isArray(daySlots) && daySlots.length === 0 ? 'No free time on this day' : 'Choose a time';
  // The student starts on the expert's first free day, unless they chose a date already.
  const firstFreeDay = freeDays?.[0];
  useEffect(() => {
    if (firstFreeDay) setDate((chosen) => chosen || firstFreeDay);
  }, [firstFreeDay]);
  // A time picked before the free times arrived, and not among them, is not kept.
  useEffect(() => {
    if (Array.isArray(daySlots) && time && !daySlots.some((option) => option.value === time)) setTime('');
  }, [daySlots, time]);

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
            <option value="">{placeholder}</option>
            {times.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {freeDays && (
        <fieldset className="free-days">
          <legend>Next free days</legend>
          {freeDays.length === 0 ? (
            <p className="field-hint">No free time in the next {UPCOMING_DAYS} days: choose a later date.</p>
          ) : (
            freeDays.slice(0, SHOWN_FREE_DAYS).map((day) => (
              <button key={day} type="button" className="btn btn-secondary btn-small" aria-pressed={day === date} onClick={() => setDate(day)}>
                {formatDay(new Date(`${day}T12:00:00`).toISOString(), timeZone)}
              </button>
            ))
          )}
        </fieldset>
      )}
      {daySlots !== 'all' && daySlots !== undefined && (
        <p className="field-hint" aria-live="polite">
          {daySlots.length === 0
            ? 'No free time on this day: choose another date.'
            : `${daySlots.length} free ${daySlots.length === 1 ? 'time' : 'times'} on this day.`}
        </p>
      )}
      {errors.start && (
        <p id={ids.start} className="field-error" role="alert">
          {errors.start}
        </p>
      )}
      {withHours && (
        <WholeNumberField label="Hours" min={ORDER_RULES.minHours} max={ORDER_RULES.maxHours} required value={hours} onChange={setHours} error={errors.hours} />
      )}
      {withHours && hourlyPrice !== undefined && (
        <p className="order-total" aria-live="polite">
          Total: {hoursValid ? formatHoursTotal(hourlyPrice, hoursValue) : '—'}
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
