/**
 * /profile (spec 2): the tabs Profile, Change Password and Notifications, the chosen one in the
 * address (`?tab=`), so a link or a reload opens it. Tabs follow the WAI-ARIA pattern: arrow keys,
 * Home and End move between them.
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { YourData } from '@/features/profile/components/your-data';
import { NotificationPreferencesPanel } from '@/features/profile/components/notification-preferences';
import { SessionsPanel } from '@/features/profile/components/sessions-panel';
import { ProfileTab } from '@/features/profile/components/profile-tab';
import { TabList } from '@/features/profile/components/tab-list';
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
  const choose = (tab: Tab) => setParams(tab === 'profile' ? {} : { tab }, { replace: true });

  return (
    <section className="page narrow profile-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Profile settings</h1>
      <TabList tabs={TABS} current={current} onChoose={choose} idPrefix={id} label="Profile settings" className="profile-tabs" />
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
