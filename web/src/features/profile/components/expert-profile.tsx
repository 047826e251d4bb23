import { useId, useState } from 'react';
import { PayoutCard } from '@/components/payout-card';
import { ExpertEntries } from '@/features/profile/components/expert-entries';
import { ExpertStatistics } from '@/features/profile/components/expert-statistics';
import { PhotoPanel } from '@/features/profile/components/photo-panel';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { TabList } from '@/features/profile/components/tab-list';

const SIDE_TABS = [
  { key: 'about', label: 'About' },
  { key: 'statistics', label: 'Statistics' },
] as const;
type SideTab = (typeof SIDE_TABS)[number]['key'];

/**
 * An expert's Profile tab (spec 2): the side tabs About (photo, details, bio, education, work
 * experience and the payout card) and Statistics. Vertical WAI-ARIA tabs: arrow keys move.
 */
export function ExpertProfile() {
  const [current, setCurrent] = useState<SideTab>('about');
  const id = useId();
  return (
    <div className="expert-profile">
      <TabList<SideTab>
        tabs={SIDE_TABS}
        current={current}
        onChoose={setCurrent}
        idPrefix={id}
        label="Your expert profile"
        className="expert-profile-tabs"
        vertical
      />
      <div role="tabpanel" id={`${id}-panel-${current}`} aria-labelledby={`${id}-tab-${current}`} className="expert-profile-panel">
        {current === 'about' ? (
          <>
            <PhotoPanel texts="photo" />
            <ProfileForm expert />
            <ExpertEntries />
            <PayoutCard />
          </>
        ) : (
          <ExpertStatistics />
        )}
      </div>
    </div>
  );
}
