/**
 * The Availability tab of an expert's /profile (docs/bookings.md): their time zone, weekly hours
 * with several ranges a day, date overrides (a day off or other hours), the buffer after each
 * session, the minimum notice and the booking horizon. Saved whole; the server's schema is the
 * one judge of what is valid, and says what is not. Below it, the expert's own calendar, whose busy
 * times keep their slots. Loaded with its tab only.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { BOOKING_RULES } from '@shared/limits';
import { type Availability, type BusyCalendarState, type DateOverride, type TimeRange, WEEKDAYS, type Weekday } from '@shared/schemas/bookings';
import { MSG } from '@shared/web-texts';
import { FormFailure } from '@/components/form/form-failure';
import { LoadProblem } from '@/components/load-problem';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { loadAvailability } from '@/api/availability';
import { saveAvailability } from '@/features/profile/api/availability';
import { BusyCalendarPanel } from './busy-calendar-panel';

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
const pad = (n: number) => String(n).padStart(2, '0');
/** "00:00" … "24:00" on the ranges' quarter hours. */
const CLOCK = Array.from({ length: (24 * 60) / BOOKING_RULES.rangeStepMinutes + 1 }, (_, index) => {
  const minutes = index * BOOKING_RULES.rangeStepMinutes;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});
const WORKDAY: TimeRange = { start: '09:00', end: '17:00' };

/** A first availability: the browser's zone, weekdays 9 to 5, the defaults. */
const starting = (): Availability => ({
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, day === 'sat' || day === 'sun' ? [] : [WORKDAY]])) as Availability['weekly'],
  overrides: [],
  bufferMinutes: BOOKING_RULES.defaultBufferMinutes,
  minNoticeHours: BOOKING_RULES.defaultMinNoticeHours,
  horizonDays: BOOKING_RULES.defaultHorizonDays,
});

/** Whether any day has hours: an expert may save none (a break), and students then find no free time (decision 253). */
const hasAnyHours = (availability: Availability) =>
  WEEKDAYS.some((day) => availability.weekly[day].length > 0) || availability.overrides.some((entry) => entry.ranges.length > 0);

const zones = (current: string): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
};

function RangesEditor({ label, ranges, onChange }: { label: string; ranges: TimeRange[]; onChange(ranges: TimeRange[]): void }) {
  const id = useId();
  const set = (index: number, range: TimeRange) => onChange(ranges.map((current, at) => (at === index ? range : current)));
  return (
    <div className="availability-ranges">
      {ranges.length === 0 && <span className="field-hint">Unavailable</span>}
      {ranges.map((range, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a range has no id but its place in the day; a key from its times would remount the select being changed
        <span key={index} className="availability-range">
          <label htmlFor={`${id}-${index}-start`} className="visually-hidden">{`${label}, range ${index + 1}, from`}</label>
          <select className="input" id={`${id}-${index}-start`} value={range.start} onChange={(event) => set(index, { ...range, start: event.target.value })}>
            {CLOCK.slice(0, -1).map((time) => (
              <option key={time}>{time}</option>
            ))}
          </select>
          <span aria-hidden="true">–</span>
          <label htmlFor={`${id}-${index}-end`} className="visually-hidden">{`${label}, range ${index + 1}, until`}</label>
          <select className="input" id={`${id}-${index}-end`} value={range.end} onChange={(event) => set(index, { ...range, end: event.target.value })}>
            {CLOCK.slice(1).map((time) => (
              <option key={time}>{time}</option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            aria-label={`Remove ${label}, range ${index + 1}`}
            onClick={() => onChange(ranges.filter((_, at) => at !== index))}
          >
            Remove
          </button>
        </span>
      ))}
      {ranges.length < BOOKING_RULES.maxRangesPerDay && (
        <button
          type="button"
          className="btn btn-small btn-secondary"
          aria-label={`Add hours on ${label}`}
          onClick={() => onChange([...ranges, ranges.length === 0 ? WORKDAY : { start: '18:00', end: '20:00' }])}
        >
          Add hours
        </button>
      )}
    </div>
  );
}

function WholeNumberField({ label, min, max, value, onChange }: { label: string; min: number; max: number; value: number; onChange(value: number): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" inputMode="numeric" min={min} max={max} value={value} onChange={(event) => onChange(event.target.valueAsNumber)} />
    </div>
  );
}

export function AvailabilityPanel() {
  const id = useId();
  const [availability, setAvailability] = useState<Availability>();
  const [busyCalendar, setBusyCalendar] = useState<BusyCalendarState | null>(null);
  const [saved, setSaved] = useState(true);
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    setProblem(undefined);
    loadAvailability().then(
      (answer) => {
        setAvailability(answer.availability ?? starting());
        setSaved(answer.availability !== null);
        setBusyCalendar(answer.busyCalendar);
      },
      () => setProblem(MSG.availabilityLoadFailed),
    );
  }, []);
  useEffect(load, [load]);

  if (problem) return <LoadProblem problem={problem} onRetry={load} />;
  if (!availability) return <p aria-busy="true">Loading your hours…</p>;

  const change = (fields: Partial<Availability>) => setAvailability({ ...availability, ...fields });
  const setOverride = (index: number, entry: DateOverride) =>
    change({ overrides: availability.overrides.map((current, at) => (at === index ? entry : current)) });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!availability) return;
    setFailure(undefined);
    setSaving(true);
    try {
      const answer = await saveAvailability(availability);
      setAvailability(answer.availability);
      setSaved(true);
      notify.success(answer.msg);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <form className="form profile-form availability" onSubmit={onSubmit} aria-describedby={`${id}-intro`}>
        <p id={`${id}-intro`}>
          {saved
            ? 'Students book the free times within these hours. Your bookings, and the buffer after each, are never offered twice.'
            : 'You have not set your hours yet: students propose any time and you confirm it. Set your hours so that students choose among your free times.'}
        </p>
        <div className="field">
          <label htmlFor={`${id}-zone`}>Time zone</label>
          <select id={`${id}-zone`} value={availability.timeZone} onChange={(event) => change({ timeZone: event.target.value })}>
            {zones(availability.timeZone).map((zone) => (
              <option key={zone}>{zone}</option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Weekly hours</legend>
          {WEEKDAYS.map((day) => (
            <div key={day} className="availability-day">
              <span className="availability-day-name">{DAY_NAMES[day]}</span>
              <RangesEditor
                label={DAY_NAMES[day]}
                ranges={availability.weekly[day]}
                onChange={(ranges) => change({ weekly: { ...availability.weekly, [day]: ranges } })}
              />
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Date overrides</legend>
          <p className="field-hint">A day off, or other hours on one date.</p>
          {availability.overrides.map((entry, index) => (
            <div key={entry.date || `new-${index}`} className="availability-day">
              <label htmlFor={`${id}-override-${index}`} className="visually-hidden">{`Override ${index + 1}, date`}</label>
              <input
                className="input"
                id={`${id}-override-${index}`}
                type="date"
                value={entry.date}
                onChange={(event) => setOverride(index, { ...entry, date: event.target.value })}
              />
              <RangesEditor
                label={entry.date || `override ${index + 1}`}
                ranges={entry.ranges}
                onChange={(ranges) => setOverride(index, { ...entry, ranges })}
              />
              <button
                type="button"
                className="btn btn-small btn-secondary"
                aria-label={`Remove the override ${entry.date || index + 1}`}
                onClick={() => change({ overrides: availability.overrides.filter((_, at) => at !== index) })}
              >
                Remove the override
              </button>
            </div>
          ))}
          {availability.overrides.length < BOOKING_RULES.maxOverrides && (
            <button
              type="button"
              className="btn btn-small btn-secondary"
              onClick={() => change({ overrides: [...availability.overrides, { date: '', ranges: [] }] })}
            >
              Add a date
            </button>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-buffer`}>Buffer after each session</label>
          <select id={`${id}-buffer`} value={availability.bufferMinutes} onChange={(event) => change({ bufferMinutes: Number(event.target.value) })}>
            {BOOKING_RULES.bufferChoices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? 'None' : `${minutes} minutes`}
              </option>
            ))}
          </select>
        </div>
        <WholeNumberField
          label="Minimum notice (hours)"
          min={0}
          max={BOOKING_RULES.maxMinNoticeHours}
          value={availability.minNoticeHours}
          onChange={(minNoticeHours) => change({ minNoticeHours })}
        />
        <WholeNumberField
          label="Booking horizon (days ahead)"
          min={1}
          max={BOOKING_RULES.maxHorizonDays}
          value={availability.horizonDays}
          onChange={(horizonDays) => change({ horizonDays })}
        />
        {!hasAnyHours(availability) && (
          <p className="field-hint" role="note">
            {MSG.availabilityNoHours}
          </p>
        )}
        <FormFailure text={failure} />
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save my hours'}
        </button>
      </form>
      <BusyCalendarPanel initial={busyCalendar} />
    </>
  );
}
