/**
 * A labelled formik select with its error, linked for screen readers like FormField: marked
 * invalid while its error shows, the error announced when it appears.
 */
import { ErrorMessage, Field, getIn, useFormikContext } from 'formik';
import type { ChangeEvent } from 'react';

export interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  /** The first, empty choice ("Choose a team"); none when a value is always chosen. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  /** Runs after the value changed (e.g. to clear a field that depends on it). */
  onPicked?: (value: string) => void;
}

export function SelectField({ id, name, label, placeholder, options, hint, onPicked }: SelectFieldProps) {
  const { errors, touched, handleChange } = useFormikContext<Record<string, unknown>>();
  const invalid = Boolean(getIn(touched, name) && getIn(errors, name));
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Field
        as="select"
        id={id}
        name={name}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          handleChange(event);
          onPicked?.(event.target.value);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Field>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <ErrorMessage name={name}>
        {(message) => (
          <p className="field-error" id={`${id}-error`} role="alert">
            {message}
          </p>
        )}
      </ErrorMessage>
    </div>
  );
}
