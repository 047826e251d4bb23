/**
 * Step-up for the admin's decisions that move money (decision 265): approving a withdrawal,
 * refunding a reported order, a ban that refunds orders. The server asks for a fresh code of the
 * admin's authenticator (403 step_up_required) once the last one is more than
 * AUTH_TIMINGS.adminStepUpSeconds old. `useStepUp().confirm(call)` runs the call; when the server
 * asks, a dialog takes the code and runs the call again with it, for as long as the code is wrong
 * (second_factor_wrong), until it goes through or the admin cancels. Cancelling resolves to
 * STEP_UP_CANCELLED, which callers treat as nothing done; any other failure is the caller's, as
 * before.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { SECOND_FACTOR } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { DialogFrame } from '@/components/dialog-frame';
import { TextField } from '@/components/form/text-field';
import { errorCode, errorText } from '@/lib/api-client';

/** What `confirm` resolves to when the admin cancels the code's dialog: nothing was done. */
export const STEP_UP_CANCELLED = Symbol('step-up cancelled');
export type StepUpCancelled = typeof STEP_UP_CANCELLED;

export interface StepUp {
  /** Runs `call()`; if the server asks for a code, asks the admin for it and runs `call(code)`. */
  confirm<T>(call: (code?: string) => Promise<T>): Promise<T | StepUpCancelled>;
}

const StepUpContext = createContext<StepUp | null>(null);

/** The step-up of the admin area (mounted by its layout). */
export function useStepUp(): StepUp {
  const stepUp = useContext(StepUpContext);
  if (!stepUp) throw new Error('useStepUp outside StepUpProvider');
  return stepUp;
}

/** A decision waiting for the admin's code. */
interface Asking {
  call(code: string): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface StepUpProviderProps {
  children: ReactNode;
  /** Where focus goes when the dialog closes and the control it came from is gone or disabled. */
  restoreFocusTo?: RefObject<HTMLElement | null>;
}

export function StepUpProvider({ children, restoreFocusTo }: StepUpProviderProps) {
  const [asking, setAsking] = useState<Asking>();
  // The decision asked about, read synchronously (a second one meanwhile is not asked for).
  const current = useRef<Asking>(undefined);
  // The outcome, told to the caller once the dialog is gone and focus is back.
  const outcome = useRef<() => void>(undefined);

  const finish = useCallback((tell: () => void) => {
    current.current = undefined;
    outcome.current = tell;
    setAsking(undefined);
  }, []);

  useEffect(() => {
    if (asking || !outcome.current) return;
    const tell = outcome.current;
    outcome.current = undefined;
    if (!document.activeElement || document.activeElement === document.body) restoreFocusTo?.current?.focus();
    tell();
  }, [asking, restoreFocusTo]);

  // Leaving the admin area with the dialog open: nothing was done.
  useEffect(
    () => () => {
      current.current?.resolve(STEP_UP_CANCELLED);
      current.current = undefined;
    },
    [],
  );

  const confirm = useCallback(async <T,>(call: (code?: string) => Promise<T>): Promise<T | StepUpCancelled> => {
    try {
      return await call();
    } catch (error) {
      if (errorCode(error) !== 'step_up_required' || current.current) throw error;
    }
    return new Promise<T | StepUpCancelled>((resolve, reject) => {
      const next: Asking = { call, resolve: (value) => resolve(value as T | StepUpCancelled), reject };
      current.current = next;
      setAsking(next);
    });
  }, []);

  /** The call again with the code: undefined once it is decided (the dialog closes), else what to say in the dialog. */
  async function retry(code: string): Promise<string | undefined> {
    if (!asking) return undefined;
    try {
      const value = await asking.call(code);
      finish(() => asking.resolve(value));
      return undefined;
    } catch (error) {
      if (errorCode(error) === 'second_factor_wrong') return MSG.secondFactorCodeWrong;
      if (errorCode(error) === 'step_up_required') return errorText(error, MSG.stepUpRequired);
      finish(() => asking.reject(error));
      return undefined;
    }
  }

  const value = useMemo(() => ({ confirm }), [confirm]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      {asking && <StepUpDialog onSubmit={retry} onCancel={() => finish(() => asking.resolve(STEP_UP_CANCELLED))} />}
    </StepUpContext.Provider>
  );
}

interface StepUpDialogProps {
  /** Undefined once decided, else the failure to show. */
  onSubmit(code: string): Promise<string | undefined>;
  onCancel(): void;
}

/** Asks for the authenticator's code (or a recovery code); focus starts in its field. */
function StepUpDialog({ onSubmit, onCancel }: StepUpDialogProps) {
  const titleId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = code.trim();
    if (!typed) {
      setFailure(MSG.adminCodeRequired);
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    const refused = await onSubmit(typed);
    // Decided: the dialog is closing.
    if (refused === undefined) return;
    setBusy(false);
    setFailure(refused);
    setCode('');
    fieldRef.current?.focus();
  }

  // While the code is being checked, the decision may go through: it cannot be cancelled then.
  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <DialogFrame role="dialog" labelledBy={titleId} onDismiss={cancel}>
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId} className="modal-message">
          {MSG.stepUpRequired}
        </h2>
        <TextField
          ref={fieldRef}
          label={recoveryCode ? 'Recovery code' : 'Authentication code'}
          hint={recoveryCode ? 'One of the recovery codes you saved; each works once.' : 'The 6-digit code of your authenticator app.'}
          inputMode={recoveryCode ? 'text' : 'numeric'}
          autoComplete={recoveryCode ? 'off' : 'one-time-code'}
          spellCheck={false}
          maxLength={SECOND_FACTOR.codeMax}
          error={failure}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <p className="form-aside">
          <button type="button" className="btn-link" onClick={() => setRecoveryCode(!recoveryCode)}>
            {recoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        </p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Checking…' : 'Confirm'}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
