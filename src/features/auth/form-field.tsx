// A labelled input with its message (the spec's validation texts), wired for screen readers: the
// message is the input's description and marks it invalid.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, type = 'text', ref, ...input }: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const secret = type === 'password';
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${error ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="auth-field__control">
        <input
          {...input}
          ref={ref}
          id={id}
          name={input.name}
          type={secret && shown ? 'text' : type}
          className="auth-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
        {secret && (
          <button
            type="button"
            className="auth-field__reveal"
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            disabled={input.disabled}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
      {hint && <div id={`${id}-hint`}>{hint}</div>}
      {error && (
        <p id={`${id}-error`} className="auth-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'children'> {
  readonly children: ReactNode;
  readonly error?: string | undefined;
  readonly ref?: Ref<HTMLInputElement>;
}

export function CheckboxField({ children, error, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`auth-check${error ? ' auth-check--invalid' : ''}`}>
      <input
        {...input}
        ref={ref}
        id={id}
        type="checkbox"
        className="auth-check__box"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label className="auth-check__label" htmlFor={id}>
        {children}
      </label>
      {error && (
        <p id={`${id}-error`} className="auth-field__error auth-check__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level message: the server's refusal, or a success that replaces the form. */
export function FormNotice({ tone, children }: { readonly tone: 'error' | 'ok'; readonly children: ReactNode }) {
  return (
    <div className={`auth-notice auth-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
