import { useCallback, useEffect, useId, useState } from 'react';
import type { CalendarFeed } from '@shared/schemas/bookings';
import { LoadProblem } from '@/components/load-problem';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { notify } from '@/lib/toast';
import { loadCalendarFeed, renewCalendarFeed } from '@/features/profile/api/calendar-feed';

const LOAD_FAILED = 'Your calendar address could not be loaded.';
const RENEW_FAILED = 'A calendar address could not be made. Please try again.';

/**
 * The member's calendar feed (docs/bookings.md): a secret address their calendar app subscribes to,
 * listing their sessions. The server keeps only its hash, so the address is shown once, when made;
 * making a new one stops the old one at once.
 */
export function CalendarFeedPanel() {
  const id = useId();
  const [feed, setFeed] = useState<CalendarFeed>();
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [made, setMade] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setProblem(undefined);
    loadCalendarFeed().then(setFeed, () => setProblem(LOAD_FAILED));
  }, []);
  useEffect(load, [load]);

  async function renew() {
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await renewCalendarFeed();
      setMade(answer.url);
      setFeed({ active: true, createdAt: answer.createdAt });
      notify.success(answer.msg);
    } catch (error) {
      setFailure(errorText(error, RENEW_FAILED));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      notify.success('Copied.');
    } catch {
      notify.info('Select the address and copy it.');
    }
  }

  return (
    <section className="sessions-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Calendar feed</h2>
      <p>
        Subscribe to your sessions from Google Calendar, Outlook or Apple Calendar with a secret address. Anyone who has it sees your sessions' times and
        titles: keep it to yourself.
      </p>
      {problem && <LoadProblem problem={problem} onRetry={load} />}
      {made && (
        <div className="field">
          <label htmlFor={`${id}-address`}>Your calendar address</label>
          <input id={`${id}-address`} type="text" readOnly value={made} aria-describedby={`${id}-once`} onFocus={(event) => event.target.select()} />
          <p id={`${id}-once`} className="field-hint">
            Copy it now: it is shown only this once.
          </p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy()}>
            Copy the address
          </button>
        </div>
      )}
      {feed?.active && !made && (
        <p>Your calendar address was made on {formatDateTime(feed.createdAt)}. Make a new one if you need it again: the old one then stops working.</p>
      )}
      {feed && (
        <p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void renew()}>
            {feed.active ? 'Make a new address' : 'Make my calendar address'}
          </button>
        </p>
      )}
      <FormFailure text={failure} />
    </section>
  );
}
