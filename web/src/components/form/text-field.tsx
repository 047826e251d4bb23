import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
}

/** The label, hint and announced error around one control; the control gets the ids to tie them. */
function Field({
  label,
  error,
  hint,
  optional,
  control,
}: FieldProps & { control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose error is announced and tied to it. */
export function TextField({
  label,
  error,
  hint,
  optional,
  ref,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <Field label={label} error={error} hint={hint} optional={optional} control={(aria) => <input ref={ref} {...aria} {...input} />} />;
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  ref,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <Field label={label} error={error} hint={hint} optional={optional} control={(aria) => <textarea ref={ref} {...aria} {...textarea} />} />;
}
