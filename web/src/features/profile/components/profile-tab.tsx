import { useSession } from '@/lib/session';
import { ExpertProfile } from '@/features/profile/components/expert-profile';
import { PhotoPanel } from '@/features/profile/components/photo-panel';
import { ProfileForm } from '@/features/profile/components/profile-form';

/** The Profile tab: an expert's About and Statistics side tabs, or a member's photo and details. */
export function ProfileTab() {
  const { account } = useSession();
  if (account?.role === 'professor') return <ExpertProfile />;
  return (
    <>
      <PhotoPanel />
      <ProfileForm />
    </>
  );
}
