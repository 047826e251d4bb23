import { type FormEvent, useId, useState } from 'react';
import { BUSY_CALENDARS } from '@shared/limits';
import { BUSY_CALENDAR_FAILURE_TEXTS, type BusyCalendarState } from '@shared/schemas/bookings';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { connectBusyCalendar, disconnectBusyCalendar } from '@/features/profile/api/availability';

/**
 * Busy times from the expert's own calendar (docs/bookings.md): the secret iCal address Google,
 * Outlook and Apple publish. Read at once and every 15 minutes; its busy events keep those times
 * out of the free slots. The address is a secret: once saved, only its hint is shown. A read that
 * fails shows here with the time of the last good one, whose busy times still apply.
 */
export function BusyCalendarPanel({ initial }: { initial: BusyCalendarState | null }) {
  const id = useId();
  const [calendar, setCalendar] = useState(initial);
  const [editing, setEditing] = useState(initial === null);
  const [address, setAddress] = useState('');
  const [failure, setFailure] = useState<string>();
  const [working, setWorking] = useState(false);

  async function onConnect(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    setWorking(true);
    try {
      const answer = await connectBusyCalendar(address);
      setCalendar(answer.busyCalendar);
      setEditing(false);
      setAddress('');
      notify.success(answer.msg);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setWorking(false);
    }
  }

  async function onDisconnect() {
    setFailure(undefined);
    setWorking(true);
    try {
      const answer = await disconnectBusyCalendar();
      setCalendar(null);
      setEditing(true);
      notify.success(answer.msg);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setWorking(false);
    }
  }

  return (
    <section className="sessions-panel busy-calendar" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Busy times from your calendar</h2>
      <p>
        Connect your Google, Outlook or Apple calendar so that students never see a time you are busy. We read it every {BUSY_CALENDARS.readPeriodMinutes}{' '}
        minutes; your sessions booked here are not counted twice.
      </p>
      {calendar && (
        <div className="busy-calendar-state">
          <p>
            Connected: <span className="busy-calendar-hint">{calendar.addressHint}</span>
          </p>
          {calendar.failure ? (
            <p className="form-failure" role="status">
              The read of {formatDateTime(calendar.lastReadAt)} failed: {BUSY_CALENDAR_FAILURE_TEXTS[calendar.failure]}{' '}
              {calendar.lastGoodReadAt ? `The busy times read on ${formatDateTime(calendar.lastGoodReadAt)} still apply.` : 'No busy times have been read yet.'}
            </p>
          ) : (
            <p role="status">
              Read on {formatDateTime(calendar.lastReadAt)}: {calendar.busyCount === 1 ? '1 busy time' : `${calendar.busyCount} busy times`} ahead.
            </p>
          )}
          {!editing && (
            <div className="busy-calendar-actions">
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(true)}>
                Use another address
              </button>
              <button type="button" className="btn btn-secondary btn-small" disabled={working} onClick={() => void onDisconnect()}>
                Disconnect my calendar
              </button>
            </div>
          )}
        </div>
      )}
      {editing && (
        <form className="form" onSubmit={onConnect}>
          <div className="field">
            <label htmlFor={`${id}-address`}>Secret address in iCal format</label>
            <input
              id={`${id}-address`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={BUSY_CALENDARS.maxAddressLength}
              placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
              aria-describedby={`${id}-where`}
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
            <p id={`${id}-where`} className="field-hint">
              Google Calendar: Settings, your calendar, "Secret address in iCal format". Outlook: Calendar settings, Shared calendars, Publish a calendar (ICS
              link). Apple: share the calendar publicly and copy its webcal:// link.
            </p>
          </div>
          <FormFailure text={failure} />
          <div className="busy-calendar-actions">
            <button type="submit" className="btn btn-primary" disabled={working}>
              {working ? 'Reading your calendar…' : 'Connect my calendar'}
            </button>
            {calendar && (
              <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
                Keep the current address
              </button>
            )}
          </div>
        </form>
      )}
      {!editing && <FormFailure text={failure} />}
    </section>
  );
}
