import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FIELD_LABELS } from './formErrors.ts';
import type { YesNo } from './userFormValues.ts';

/** "Please correct the following errors" with a link to each field (SPEC §5); focused when it appears. */
export function ErrorSummary({ errors, idPrefix }: { errors: Record<string, string>; idPrefix: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const count = Object.keys(errors).length;
  const shown = count > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      className="error-summary"
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby={`${idPrefix}-error-summary`}
    >
      <h2 id={`${idPrefix}-error-summary`}>Please correct the following errors</h2>
      <ul>
        {Object.entries(errors).map(([field, text]) => (
          <li key={field}>
            <a href={`#${idPrefix}-${field}`}>
              {FIELD_LABELS[field] ?? field}: {text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

type FieldProps = {
  idPrefix: string;
  name: string;
  label: string;
  error: string | undefined;
  onClearError: (name: string) => void;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

/** A labelled input with its own error; focusing it clears that error. */
export function TextField({ idPrefix, name, label, error, onClearError, hint, ...input }: FieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        {...input}
        onFocus={(e) => {
          onClearError(name);
          input.onFocus?.(e);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type SelectProps = {
  idPrefix: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  error: string | undefined;
  onClearError: (name: string) => void;
  onChange: (value: string) => void;
  disabled?: boolean;
};

/** A labelled select with its own error. */
export function SelectField({
  idPrefix,
  name,
  label,
  value,
  options,
  placeholder,
  error,
  onClearError,
  onChange,
  disabled,
}: SelectProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => onClearError(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A Yes/No profile question as a radio group. */
export function YesNoQuestion({
  idPrefix,
  name,
  legend,
  value,
  onChange,
  hint,
}: {
  idPrefix: string;
  name: string;
  legend: string;
  value: YesNo;
  onChange: (v: YesNo) => void;
  hint?: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <fieldset className="yes-no" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className="yes-no-options">
        {(['yes', 'no'] as const).map((answer) => (
          <label key={answer} className="radio">
            <input
              type="radio"
              id={answer === 'yes' ? id : `${id}-no`}
              name={id}
              value={answer}
              checked={value === answer}
              onChange={() => onChange(answer)}
            />
            {answer === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
