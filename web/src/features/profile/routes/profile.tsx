/**
 * /profile (spec 2): the tabs Profile, Change Password and Notifications (and an expert's
 * Availability, docs/bookings.md), the chosen one in the
 * address (`?tab=`), so a link or a reload opens it. Tabs follow the WAI-ARIA pattern: arrow keys,
 * Home and End move between them.
 */
import { lazy, Suspense, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { YourData } from '@/features/profile/components/your-data';
import { NotificationPreferencesPanel } from '@/features/profile/components/notification-preferences';
import { CalendarFeedPanel } from '@/features/profile/components/calendar-feed-panel';
import { SessionsPanel } from '@/features/profile/components/sessions-panel';
import { ProfileTab } from '@/features/profile/components/profile-tab';
import { TabList } from '@/features/profile/components/tab-list';
import { useSession } from '@/lib/session';
import '@/features/profile/profile.css';

// An expert's hours load with their tab: /profile's own chunk stays as it was.
const AvailabilityPanel = lazy(() => import('@/features/profile/components/availability-panel').then((module) => ({ default: module.AvailabilityPanel })));

const ALL_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'availability', label: 'Availability' },
  { key: 'password', label: 'Change Password' },
  { key: 'notifications', label: 'Notifications' },
] as const;
type Tab = (typeof ALL_TABS)[number]['key'];

export default function ProfileRoute() {
  useDocumentTitle('Profile settings');
  const [params, setParams] = useSearchParams();
  const { account } = useSession();
  // Availability is an expert's: a student has no hours to set.
  const tabs = ALL_TABS.filter((tab) => tab.key !== 'availability' || account?.role === 'professor');
  const requested = tabs.find((tab) => tab.key === params.get('tab'));
  const current: Tab = requested?.key ?? 'profile';
  const id = useId();
  const choose = (tab: Tab) => setParams(tab === 'profile' ? {} : { tab }, { replace: true });

  return (
    <section className="page narrow profile-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Profile settings</h1>
      <TabList tabs={tabs} current={current} onChoose={choose} idPrefix={id} label="Profile settings" className="profile-tabs" />
      {tabs.map((tab) => (
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
          ) : tab.key === 'availability' ? (
            <Suspense fallback={<p aria-busy="true">Loading your hours…</p>}>
              <AvailabilityPanel />
            </Suspense>
          ) : tab.key === 'password' ? (
            <>
              <ChangePasswordForm />
              <SessionsPanel />
            </>
          ) : (
            <>
              <NotificationPreferencesPanel />
              <CalendarFeedPanel />
            </>
          )}
        </div>
      ))}
      <YourData />
    </section>
  );
}
