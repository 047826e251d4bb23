import { useId, type Ref, type SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  /** The empty first choice, shown until one is picked. */
  placeholder: string;
  /** What an option reads as, when not its value. */
  optionLabel?(option: string): string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select whose error is announced and tied to it, like the shared text fields. */
export function SelectField({ label, options, placeholder, optionLabel, error, ref, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel ? optionLabel(option) : option}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
