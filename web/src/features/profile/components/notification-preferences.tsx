import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { NotificationCategory, NotificationPreferences } from '@shared/schemas/notifications';
import { MESSAGE_MAILS } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { LoadProblem } from '@/components/load-problem';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { loadNotificationPreferences, saveNotificationPreferences } from '@/features/profile/api/notifications';

const CHOICES: { category: NotificationCategory; label: string; hint: string }[] = [
  {
    category: 'messages',
    label: 'New messages while I am offline',
    hint: `At most one e-mail per conversation every ${MESSAGE_MAILS.windowSeconds / 60} minutes, and none while the site is open.`,
  },
  { category: 'orders', label: 'Order updates', hint: 'New bookings, reminders, moved sessions, deliveries, completions and cancellations.' },
  { category: 'money', label: 'Money updates', hint: 'Withdrawals, payouts, disputes and earnings waiting to be withdrawn.' },
];

const ALWAYS_SENT = [
  'Receipts: booking confirmations, payments and refunds',
  'Security notices: account activation, password resets and changes, unusual sign-in attempts',
  'Legal and account notices',
];

/** The Notifications tab: which kinds of e-mail the member receives; the ones that always go out are listed as such. */
export function NotificationPreferencesPanel() {
  const id = useId();
  const [preferences, setPreferences] = useState<NotificationPreferences>();
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    setProblem(undefined);
    loadNotificationPreferences().then(setPreferences, () => setProblem(MSG.notificationPreferencesLoadFailed));
  }, []);
  useEffect(load, [load]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!preferences) return;
    setFailure(undefined);
    setSaving(true);
    try {
      const saved = await saveNotificationPreferences(preferences);
      setPreferences(saved.preferences);
      notify.success(saved.msg);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  }

  if (problem) return <LoadProblem problem={problem} onRetry={load} />;
  if (!preferences) return <p aria-busy="true">Loading your e-mail preferences…</p>;
  return (
    <form className="form profile-form notification-preferences" onSubmit={onSubmit}>
      <fieldset>
        <legend>E-mail me about</legend>
        {CHOICES.map(({ category, label, hint }) => (
          <div key={category} className="field field-checkbox">
            <input
              type="checkbox"
              id={`${id}-${category}`}
              aria-describedby={`${id}-${category}-hint`}
              checked={preferences[category]}
              onChange={(event) => setPreferences({ ...preferences, [category]: event.target.checked })}
            />
            <label htmlFor={`${id}-${category}`}>{label}</label>
            <p className="field-hint" id={`${id}-${category}-hint`}>
              {hint}
            </p>
          </div>
        ))}
      </fieldset>
      <section aria-labelledby={`${id}-always`}>
        <h2 id={`${id}-always`} className="notification-always-title">
          Always sent
        </h2>
        <p>These e-mails cannot be switched off:</p>
        <ul>
          {ALWAYS_SENT.map((kind) => (
            <li key={kind}>{kind}</li>
          ))}
        </ul>
      </section>
      <FormFailure text={failure} />
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? 'Saving…' : 'Save preferences'}
      </button>
    </form>
  );
}
