import { useMemberRealtime } from '@/app/use-member-realtime';
import { Header } from '@/components/layout/header';
import { useSession } from '@/lib/session';

/** The header with what the app layout gives it: the realtime client of a signed-in member. */
export function LiveHeader() {
  useMemberRealtime(useSession().account);
  return <Header />;
}
