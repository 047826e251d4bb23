import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { PayoutCard } from '@/components/payout-card';
import { ExpertEntries } from '@/features/profile/components/expert-entries';
import { ExpertStatistics } from '@/features/profile/components/expert-statistics';
import { PhotoPanel } from '@/features/profile/components/photo-panel';
import { ProfileForm } from '@/features/profile/components/profile-form';

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
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = SIDE_TABS.findIndex((tab) => tab.key === current);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SIDE_TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + SIDE_TABS.length) % SIDE_TABS.length;
    setCurrent(SIDE_TABS[target].key);
    buttons.current[target]?.focus();
  }

  return (
    <div className="expert-profile">
      <div className="expert-profile-tabs" role="tablist" aria-label="Your expert profile" aria-orientation="vertical" onKeyDown={onKeyDown}>
        {SIDE_TABS.map((tab, index) => (
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
            onClick={() => setCurrent(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${current}`} aria-labelledby={`${id}-tab-${current}`} className="expert-profile-panel">
        {current === 'about' ? (
          <>
            <PhotoPanel />
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
