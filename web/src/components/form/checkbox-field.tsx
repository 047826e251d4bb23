import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export function CheckboxField({
  label,
  error,
  ref,
  ...input
}: { label: ReactNode; error?: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field field-checkbox">
      <input type="checkbox" id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
