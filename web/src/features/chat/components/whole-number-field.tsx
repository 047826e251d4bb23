import { useId } from 'react';

interface WholeNumberFieldProps {
  label: string;
  min: number;
  max: number;
  value: string;
  onChange(value: string): void;
  error?: string;
  required?: boolean;
}

/** A labelled field for a whole number (hours, a percentage), its error announced and tied to it. */
export function WholeNumberField({ label, min, max, value, onChange, error, required }: WholeNumberFieldProps) {
  const ids = { input: useId(), error: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      <input
        id={ids.input}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      />
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
