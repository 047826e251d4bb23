import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { formatEuros } from '@shared/money';
import type { AdminWithdrawal } from '@shared/schemas/earnings';
import { DialogFrame } from '@/components/dialog-frame';
import { TextAreaField } from '@/components/form/text-field';
import { LIMITS } from '@shared/limits';
import { rejectWithdrawalSchema } from '@/features/admin/api/withdrawals';

type RejectForm = z.input<typeof rejectWithdrawalSchema>;
type RejectBody = z.output<typeof rejectWithdrawalSchema>;

interface RejectWithdrawalDialogProps {
  withdrawal: AdminWithdrawal;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** Asks before a rejection, with the reason the expert will read (optional). */
export function RejectWithdrawalDialog({ withdrawal, onConfirm, onCancel }: RejectWithdrawalDialogProps) {
  const titleId = useId();
  const { professor } = withdrawal;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectForm, unknown, RejectBody>({ resolver: zodResolver(rejectWithdrawalSchema), defaultValues: { reason: '' } });

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={onCancel}>
      <form className="form" noValidate onSubmit={handleSubmit(({ reason }) => onConfirm(reason))}>
        <h2 id={titleId} className="modal-message">
          Reject the withdrawal of {formatEuros(withdrawal.amount)} by {professor.firstName} {professor.lastName}?
        </h2>
        <p>The amount becomes available to the expert again.</p>
        <TextAreaField
          label="Reason"
          optional
          hint={`Up to ${LIMITS.withdrawalReasonMax} characters. The expert reads it with the withdrawal.`}
          rows={4}
          maxLength={LIMITS.withdrawalReasonMax}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger">
            Reject
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
