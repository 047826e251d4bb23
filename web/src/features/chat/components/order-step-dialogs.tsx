import { useId, useState } from 'react';
import { LIMITS, ORDER_RULES } from '@shared/limits';
import { centsFromEuros, eurosFromCents, formatEuros, formatHoursTotal, shareOf } from '@shared/money';
import { MSG } from '@shared/web-texts';
import { CANCEL_TERMS } from '@/features/chat/lib/order-status';
import { OrderDialog } from './order-dialog';
import { WholeNumberField } from './whole-number-field';

interface StepProps {
  onClose(): void;
}

/** Runs a step; the dialog closes once it is done, and stays (usable again) when it failed. */
function useStep(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(step: () => Promise<boolean>) {
      setBusy(true);
      if (await step()) onClose();
      else setBusy(false);
    },
  };
}

/** Cancelling, with its terms stated before it is confirmed. */
export function CancelDialog({ terms, onConfirm, onClose }: StepProps & { terms: string; onConfirm(): Promise<boolean> }) {
  const step = useStep(onClose);
  return (
    <OrderDialog
      title="Cancel this order?"
      submitLabel="Cancel the order"
      closeLabel="Keep the order"
      danger
      busy={step.busy}
      onSubmit={() => void step.run(onConfirm)}
      onClose={onClose}
    >
      <p className="order-terms-now">
        <strong>{terms}</strong>
      </p>
      <p className="order-terms">{CANCEL_TERMS}</p>
    </OrderDialog>
  );
}

/** Reporting a problem: a short reason, for the admin who decides. */
export function ProblemDialog({ onConfirm, onClose }: StepProps & { onConfirm(reason: string): Promise<boolean> }) {
  const ids = { reason: useId(), error: useId(), hint: useId() };
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const step = useStep(onClose);
  function submit() {
    const text = reason.trim();
    if (!text) return setError(MSG.problemReasonRequired);
    setError(undefined);
    void step.run(() => onConfirm(text));
  }
  return (
    <OrderDialog title="Report a problem" submitLabel="Report the problem" busy={step.busy} onSubmit={submit} onClose={onClose}>
      <p id={ids.hint} className="field-hint">
        An admin reviews the order and decides: the payment goes to the expert, or is refunded in part or in full.
      </p>
      <div className="field">
        <label htmlFor={ids.reason}>What went wrong?</label>
        <textarea
          id={ids.reason}
          rows={4}
          maxLength={LIMITS.textCap}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
        />
        {error && (
          <p id={ids.error} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </OrderDialog>
  );
}

/** The expert's share of a late cancellation to refund, 0 to 100 %. */
export function RefundDialog({ paid, onConfirm, onClose }: StepProps & { paid?: number; onConfirm(percent: number): Promise<boolean> }) {
  const [percent, setPercent] = useState('100');
  const [error, setError] = useState<string>();
  const step = useStep(onClose);
  const value = Number(percent);
  const valid = percent.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 100;
  function submit() {
    if (!valid) return setError(MSG.refundPercentRange);
    setError(undefined);
    void step.run(() => onConfirm(value));
  }
  return (
    <OrderDialog title="Decide the refund" submitLabel="Refund this share" busy={step.busy} onSubmit={submit} onClose={onClose}>
      <p>The student cancelled late. Choose the share of the payment to refund; the rest is credited to you.</p>
      <WholeNumberField label="Refund (%)" min={0} max={100} value={percent} onChange={setPercent} error={error} />
      {paid !== undefined && valid && (
        <p className="order-total" aria-live="polite">
          Refunded to the student: {formatEuros(eurosFromCents(shareOf(centsFromEuros(paid), value)))}
        </p>
      )}
    </OrderDialog>
  );
}

/** Hours of work on an hourly Document offer, chosen as the student pays: the total follows the hours. */
export function WorkHoursDialog({
  rate,
  hours: current,
  onConfirm,
  onClose,
}: StepProps & { rate: number; hours?: number; onConfirm(hours: number): Promise<boolean> }) {
  const [hours, setHours] = useState(String(current ?? ORDER_RULES.minHours));
  const [error, setError] = useState<string>();
  const step = useStep(onClose);
  const value = Number(hours);
  const valid = hours.trim() !== '' && Number.isInteger(value) && value >= ORDER_RULES.minHours && value <= ORDER_RULES.maxWorkHours;
  function submit() {
    if (!valid) return setError(MSG.chooseWorkHours);
    setError(undefined);
    void step.run(() => onConfirm(value));
  }
  return (
    <OrderDialog title="Hours of work" submitLabel="Continue to payment" busy={step.busy} onSubmit={submit} onClose={onClose}>
      <p>
        Choose how many hours of work you buy, from {ORDER_RULES.minHours} to {ORDER_RULES.maxWorkHours}. The work is delivered as files in this conversation.
      </p>
      <WholeNumberField label="Hours" min={ORDER_RULES.minHours} max={ORDER_RULES.maxWorkHours} value={hours} onChange={setHours} error={error} />
      <p className="order-total" aria-live="polite">
        Total: {valid ? `${formatHoursTotal(rate, value)} (${formatEuros(rate)} × ${value} h)` : '—'}
      </p>
    </OrderDialog>
  );
}
