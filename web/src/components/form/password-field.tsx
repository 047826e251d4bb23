import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { TextField } from './text-field';
import { useHydrated } from '@/lib/use-hydrated';

/** A password input with a show/hide toggle (typing blind on a phone is error-prone). */
export function PasswordField(props: { label: string; error?: string; hint?: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-field">
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button type="button" className="password-toggle" aria-pressed={visible} disabled={!hydrated} onClick={() => setVisible((v) => !v)}>
        {visible ? 'Hide' : 'Show'}
        <span className="visually-hidden"> {props.label.toLowerCase()}</span>
      </button>
    </div>
  );
}
