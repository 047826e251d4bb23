import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deviceOf } from '@shared/device';
import type { SignedInSession } from '@shared/schemas/sessions';
import { MSG } from '@shared/web-texts';
import { PasswordField } from '@/components/form/password-field';
import { LoadProblem } from '@/components/load-problem';
import { FormFailure } from '@/components/form/form-failure';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { endSession, loadSessions, signOutEverywhere } from '@/features/profile/api/sessions';

/**
 * Where the member is signed in (decision 188): each device with its masked address and last use,
 * each of which can be signed out, and "Sign out everywhere", this device included, after the password.
 */
export function SessionsPanel() {
  const id = useId();
  const navigate = useNavigate();
  const { logout } = useSession();
  const [sessions, setSessions] = useState<SignedInSession[]>();
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setProblem(undefined);
    loadSessions().then(
      (found) => setSessions(found.sessions),
      () => setProblem(MSG.sessionsLoadFailed),
    );
  }, []);
  useEffect(load, [load]);

  async function end(session: SignedInSession) {
    setFailure(undefined);
    try {
      notify.success((await endSession(session.id)).msg);
    } catch (error) {
      setFailure(errorText(error));
    }
    load();
  }

  async function everywhere(event: FormEvent) {
    event.preventDefault();
    if (!password) return setFailure(MSG.passwordRequired);
    setFailure(undefined);
    setBusy(true);
    try {
      const { msg } = await signOutEverywhere(password);
      await logout();
      notify.success(msg);
      navigate('/auth');
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  }

  return (
    <section className="sessions-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Where you are signed in</h2>
      {problem ? (
        <LoadProblem problem={problem} onRetry={load} />
      ) : !sessions ? (
        <p aria-busy="true">Loading your sessions…</p>
      ) : (
        <ul className="sessions-list">
          {sessions.map((session) => (
            <li key={session.id} className="sessions-item">
              <div>
                <strong>{deviceOf(session.userAgent)}</strong>
                {session.current && <span className="sessions-current"> · This device</span>}
                <p className="sessions-detail">
                  {session.place} · Last active {formatDateTime(session.lastUsedAt)} · Signed in {formatDateTime(session.startedAt)}
                </p>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={`Sign out ${deviceOf(session.userAgent)}`}
                  onClick={() => void end(session)}
                >
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FormFailure text={failure} />
      {confirming ? (
        <form className="form profile-form" onSubmit={everywhere} aria-label="Sign out everywhere">
          <p>{MSG.signOutEverywhereConfirm}</p>
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setConfirming(false);
                setPassword('');
                setFailure(undefined);
              }}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Signing out…' : 'Sign out everywhere'}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </button>
      )}
    </section>
  );
}
