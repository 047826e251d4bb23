import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { WITHDRAWAL_RULES } from '@shared/limits';
import { cents, centsFromEuros, eurosFromCents, formatEuros, isWholeCents } from '@shared/money';
import { underWithdrawalMinimum } from '@shared/schemas/earnings';
import { withdrawSchema } from '@shared/schemas/users';
import { MSG } from '@shared/web-texts';
import { TextField } from '@/components/form/text-field';
import { ApiError, errorText } from '@/lib/api-client';
import { createSendKeys } from '@/lib/send-keys';
import { notify } from '@/lib/toast';
import { requestWithdrawal } from '@/features/earnings/api/earnings';

/** The server's rules (more than 0; under €10 only the whole balance), and what only the page knows: at most the available balance, in whole cents. */
const withdrawFormSchema = (available: number) =>
  z.object({
    amount: withdrawSchema.shape.amount.check(
      z.refine(isWholeCents, MSG.validAmount),
      z.refine((amount) => centsFromEuros(amount) <= centsFromEuros(available), MSG.withdrawalOverBalance),
      z.refine((amount) => !underWithdrawalMinimum(centsFromEuros(amount), centsFromEuros(available)), MSG.withdrawalUnderMinimum),
    ),
  });

type WithdrawForm = { amount: number };

/** The bounds before the first try: from the minimum (or the whole balance when it is less) up to the balance. */
function withdrawHint(available: number): string {
  const minimum = eurosFromCents(cents(WITHDRAWAL_RULES.minCents));
  if (available <= minimum) return `Your whole balance, ${formatEuros(available)}.`;
  return `From ${formatEuros(minimum)} up to ${formatEuros(available)}, with at most two decimals.`;
}

interface WithdrawFormProps {
  /** The available balance, euros. */
  available: number;
  pending: number;
  /** Whether the payout account can be paid out: without it, nothing can be withdrawn. */
  payoutsEnabled: boolean;
  /** After a request was made (reload the balances and withdrawals). */
  onRequested(): void;
  /** After the server refused it: the balances shown may be out of date. */
  onRefused(): void;
}

/** The withdrawal form (spec 1: POST /user/withdraw {amount}); disabled, saying why, when nothing is available. */
export function WithdrawForm({ available, pending, payoutsEnabled, onRequested, onRefused }: WithdrawFormProps) {
  const schema = useMemo(() => withdrawFormSchema(available), [available]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawForm>({ resolver: zodResolver(schema) });
  const whyId = useId();
  const nothing = available <= 0 || !payoutsEnabled;
  const sendKeys = useRef(createSendKeys());

  async function onSubmit({ amount }: WithdrawForm) {
    try {
      const { msg } = await requestWithdrawal(amount, sendKeys.current.keyFor(String(amount)));
      sendKeys.current.sent(String(amount));
      notify.success(msg || MSG.withdrawalSubmitted);
      reset();
      onRequested();
    } catch (error) {
      notify.error(errorText(error, MSG.withdrawalFailed));
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) onRefused();
    }
  }

  return (
    <form className="form withdraw-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-describedby={nothing ? whyId : undefined}>
      {!payoutsEnabled && (
        <p id={whyId} className="notice notice-info">
          Your payout account cannot receive payouts right now: it is not set up, or our payment provider needs more details from you.{' '}
          <Link to="/create">Check your payout account</Link>
        </p>
      )}
      {payoutsEnabled && nothing && (
        <p id={whyId} className="notice notice-info">
          Nothing is available to withdraw right now.
          {pending > 0 ? ' Your pending earnings can be withdrawn once our payment provider releases them.' : ''}
        </p>
      )}
      <fieldset className="withdraw-fields" disabled={nothing || isSubmitting}>
        <legend className="visually-hidden">Withdrawal request</legend>
        <TextField
          label="Amount (€)"
          hint={nothing ? undefined : withdrawHint(available)}
          type="number"
          inputMode="decimal"
          min={0.01}
          max={available > 0 ? available : undefined}
          step="0.01"
          error={errors.amount?.message}
          {...register('amount', { valueAsNumber: true })}
        />
        <button type="submit" className="btn btn-primary">
          {isSubmitting ? 'Requesting…' : 'Request withdrawal'}
        </button>
      </fieldset>
    </form>
  );
}
