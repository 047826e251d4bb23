/**
 * Ban or Unban of a member's row. Ban opens a dialog that loads what the ban would refund (the
 * member's paid orders not yet delivered, refunded in full) and takes an optional reason, mailed to
 * the member; Unban asks once. Admin rows have neither. The reports queue asks a ban of a reported
 * item's author with the same dialog. A ban that refunds orders may ask for the admin's code again
 * (step-up); a cancelled one bans nothing.
 */
import { useEffect, useId, useState } from 'react';
import { MODERATION } from '@shared/limits';
import { formatEuros } from '@shared/money';
import type { BanPreview } from '@shared/schemas/admin';
import { MSG } from '@shared/web-texts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogFrame } from '@/components/dialog-frame';
import { TextAreaField } from '@/components/form/text-field';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { banUser, getBanPreview, unbanUser } from '@/features/admin/api/bans';
import { STEP_UP_CANCELLED, type StepUpCancelled, useStepUp } from '@/features/admin/components/step-up';

export interface BannableUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  isBanned?: boolean;
}

interface BanButtonProps {
  user: BannableUser;
  /** After a ban or an unban went through: the list shows the account as it is now. */
  onChanged?(): void;
}

const nameOf = (user: Pick<BannableUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

export function BanButton({ user, onChanged }: BanButtonProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { confirm } = useStepUp();
  if (user.role === 'admin') return null;

  async function run(action: () => Promise<{ msg: string } | StepUpCancelled>, done: string, failure: string) {
    setAsking(false);
    setBusy(true);
    try {
      const answer = await action();
      // The admin did not give the code the ban asked for: nothing was done.
      if (answer === STEP_UP_CANCELLED) return;
      notify.success(answer.msg || done);
      onChanged?.();
    } catch (error) {
      notify.error(errorText(error, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-small ${user.isBanned ? 'btn-secondary' : 'btn-danger'}`}
        disabled={busy}
        aria-label={`${user.isBanned ? 'Unban' : 'Ban'} ${nameOf(user)}`}
        onClick={() => setAsking(true)}
      >
        {user.isBanned ? 'Unban' : 'Ban'}
      </button>
      {asking && user.isBanned && (
        <ConfirmDialog
          message={`Unban ${nameOf(user)} (${user.email})? They can sign in again; orders cancelled by the ban stay cancelled.`}
          confirmLabel="Unban"
          cancelLabel="Cancel"
          onConfirm={() => void run(() => unbanUser(user._id), MSG.userUnbanned, MSG.unbanFailed)}
          onCancel={() => setAsking(false)}
        />
      )}
      {asking && !user.isBanned && (
        <BanDialog
          user={user}
          onConfirm={(reason) => void run(() => confirm((code) => banUser(user._id, reason, code)), MSG.userBanned, MSG.banFailed)}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

interface BanDialogProps {
  user: Pick<BannableUser, '_id' | 'firstName' | 'lastName' | 'email'>;
  onConfirm(reason: string): void;
  onCancel(): void;
}

export function BanDialog({ user, onConfirm, onCancel }: BanDialogProps) {
  const titleId = useId();
  const [preview, setPreview] = useState<BanPreview | 'failed'>();
  const [reason, setReason] = useState('');

  useEffect(() => {
    let current = true;
    getBanPreview(user._id).then(
      (answer) => current && setPreview(answer),
      () => current && setPreview('failed'),
    );
    return () => {
      current = false;
    };
  }, [user._id]);

  const orders = preview && preview !== 'failed' ? preview.orders : undefined;
  const reported = preview && preview !== 'failed' ? preview.reported : [];
  const total = orders?.reduce((sum, order) => sum + order.refundCents, 0) ?? 0;
  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onCancel}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason.trim());
        }}
      >
        <h2 id={titleId} className="modal-message">
          Ban {nameOf(user)} ({user.email})?
        </h2>
        <p>They are signed out at once on every device and cannot sign in; their offers leave the catalogue. They are told by e-mail.</p>
        <div aria-live="polite" aria-busy={preview === undefined}>
          {preview === undefined && <p role="status">{MSG.loading}</p>}
          {preview === 'failed' && (
            <p className="notice notice-error" role="alert">
              {MSG.banPreviewFailed}
            </p>
          )}
          {orders?.length === 0 && <p>No paid order waits for delivery: nothing is refunded.</p>}
          {orders && orders.length > 0 && (
            <>
              <p>
                {orders.length === 1 ? 'This order is' : `These ${orders.length} orders are`} cancelled and refunded in full ({formatEuros(total / 100)}):
              </p>
              <ul className="ban-refunds">
                {orders.map((order) => (
                  <li key={order._id}>
                    Order #{order.orderNumber}, {order.offerTitle} ({order.side === 'expert' ? 'as the expert' : 'as the student'}):{' '}
                    {formatEuros(order.refundCents / 100)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {reported.length > 0 && (
            <>
              <p>
                Not refunded: {reported.length === 1 ? 'this session, which both sides attended, goes' : 'these sessions, which both sides attended, go'} to an
                admin as a problem:
              </p>
              <ul className="ban-refunds">
                {reported.map((order) => (
                  <li key={order._id}>
                    Order #{order.orderNumber}, {order.offerTitle} ({order.side === 'expert' ? 'as the expert' : 'as the student'})
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <TextAreaField
          label="Reason"
          optional
          hint={`Up to ${MODERATION.reasonMax} characters. The member reads it in the e-mail.`}
          rows={3}
          maxLength={MODERATION.reasonMax}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={preview === undefined}>
            Ban
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
