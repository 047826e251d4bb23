/**
 * /profile (spec 2): the tabs Profile, Change Password and Notifications, the chosen one in the
 * address (`?tab=`), so a link or a reload opens it. Tabs follow the WAI-ARIA pattern: arrow keys,
 * Home and End move between them.
 */
import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { YourData } from '@/features/profile/components/your-data';
import { NotificationPreferencesPanel } from '@/features/profile/components/notification-preferences';
import { SessionsPanel } from '@/features/profile/components/sessions-panel';
import { ProfileTab } from '@/features/profile/components/profile-tab';
import '@/features/profile/profile.css';

const TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'password', label: 'Change Password' },
  { key: 'notifications', label: 'Notifications' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.key === value);

export default function ProfileRoute() {
  useDocumentTitle('Profile settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: Tab = isTab(requested) ? requested : 'profile';
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function choose(tab: Tab, focus = false) {
    setParams(tab === 'profile' ? {} : { tab }, { replace: true });
    if (focus) buttons.current[TABS.findIndex((candidate) => candidate.key === tab)]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.key === current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(TABS[(next + TABS.length) % TABS.length].key, true);
  }

  return (
    <section className="page narrow profile-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Profile settings</h1>
      <div className="profile-tabs" role="tablist" aria-label="Profile settings" onKeyDown={onKeyDown}>
        {TABS.map((tab, index) => (
          <button
            key={tab.key}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === current ? 0 : -1}
            className="btn btn-secondary profile-tab"
            onClick={() => choose(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== current}
          className="profile-panel"
        >
          {tab.key !== current ? null : tab.key === 'profile' ? (
            <ProfileTab />
          ) : tab.key === 'password' ? (
            <>
              <ChangePasswordForm />
              <SessionsPanel />
            </>
          ) : (
            <NotificationPreferencesPanel />
          )}
        </div>
      ))}
      <YourData />
    </section>
  );
}
