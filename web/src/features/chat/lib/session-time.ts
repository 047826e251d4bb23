/**
 * A session's start as the student picks it (spec 2 sections 5 and 9): a date and a time on a
 * 30-minute step of their own clock, never in the past, sent as an ISO instant with their UTC offset
 * (2026-12-01T10:30:00+01:00), so that the server keeps the step of the student's own zone.
 */
import { ORDER_RULES } from '@shared/limits';
import { MSG } from '@shared/web-texts';

const pad = (n: number) => String(n).padStart(2, '0');

/** "00:00", "00:30" … "23:30". */
export const TIME_STEPS: string[] = Array.from({ length: (24 * 60) / ORDER_RULES.stepMinutes }, (_, i) => {
  const minutes = i * ORDER_RULES.stepMinutes;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

/** A date input's value for a local day: "2026-12-01". */
export const dateInputValue = (at: Date): string => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** The local instant a date input and a time step name, or undefined when either is missing or malformed. */
export function localStart(date: string, time: string): Date | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return undefined;
  const at = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** An instant as the API takes a start: local wall time with its UTC offset, "2026-12-01T10:30:00+01:00". */
export function withOffset(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${dateInputValue(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** What is wrong with a picked start: missing, off the 30-minute step, or not in the future. */
export function startProblem(date: string, time: string, now: number): string | undefined {
  const at = localStart(date, time);
  if (!at) return MSG.chooseDateHours;
  if (at.getMinutes() % ORDER_RULES.stepMinutes !== 0) return MSG.sessionStartStep;
  if (at.getTime() <= now) return MSG.sessionInPast;
  return undefined;
}

/** What is wrong with the typed number of hours: a whole number from 1 to 8. */
export function hoursProblem(text: string): string | undefined {
  if (!text.trim()) return MSG.chooseDateHours;
  const hours = Number(text);
  if (!Number.isInteger(hours) || hours < ORDER_RULES.minHours || hours > ORDER_RULES.maxHours) return MSG.sessionHoursRange;
  return undefined;
}
