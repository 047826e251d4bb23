import { useEffect, useState } from 'react';
import { getPayoutStatus } from '@/api/payments';
import { useSession } from '@/lib/session';

export type PayoutStatus = { payouts_enabled: boolean; currentlyDue: string[] };

/**
 * The expert's payout account as the provider holds it (undefined while asking, 'unknown' when the
 * answer failed); the session learns at once whether payouts are enabled (the webhook may come later).
 */
export function usePayoutStatus(): PayoutStatus | 'unknown' | undefined {
  const { updateAccount } = useSession();
  const [status, setStatus] = useState<PayoutStatus | 'unknown'>();
  useEffect(() => {
    let current = true;
    getPayoutStatus().then(
      (found) => {
        if (!current) return;
        setStatus(found);
        updateAccount({ payoutsEnabled: found.payouts_enabled });
      },
      () => current && setStatus('unknown'),
    );
    return () => {
      current = false;
    };
  }, [updateAccount]);
  return status;
}
