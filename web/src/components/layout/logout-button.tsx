import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/lib/toast';
import { SHELL_MSG } from '@shared/shell-texts';
import { useSession } from '@/lib/session';

// The question loads when first asked: the shell's first load does not carry the dialog.
const ConfirmDialog = lazy(() => import('@/components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/** Logout asks first (spec 1 section 2), then always ends the session and says so. */
interface LogoutButtonProps {
  className?: string;
  redirectTo?: string;
  /** The question is on screen (a menu holding the button may close). */
  onAsk?: () => void;
  /** The answer was No. */
  onCancel?: () => void;
}

export function LogoutButton({ className, redirectTo = '/', onAsk, onCancel }: LogoutButtonProps) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);

  async function confirm() {
    setAsking(false);
    await logout();
    notify.success(SHELL_MSG.loggedOut);
    navigate(redirectTo);
  }

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setAsking(true);
          onAsk?.();
        }}
      >
        Logout
      </button>
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            message={SHELL_MSG.logoutConfirm}
            onConfirm={() => void confirm()}
            onCancel={() => {
              setAsking(false);
              onCancel?.();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
