import { ErrorMessage, Field, getIn, useFormikContext } from 'formik';

/**
 * A labelled formik field with its error and an optional hint, linked for screen readers: the
 * field is marked invalid while its error shows, and the error is announced when it appears.
 */
export interface FormFieldProps {
  name: string;
  /** The input's id when the name alone is not unique on the page (two forms of one kind). */
  id?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  /** Renders a textarea instead of an input. */
  multiline?: boolean;
  disabled?: boolean;
  /** Bounds of a number field. */
  min?: number;
  max?: number;
  /** A datalist of suggestions (its id). */
  list?: string;
}

/** An id from a field's name (`points.win` → `points-win`), usable in selectors. */
export const fieldId = (name: string) => name.replace(/[^\w-]/g, '-');

export function FormField(props: FormFieldProps) {
  const { name, label, type = 'text', autoComplete, hint, multiline, disabled, min, max, list } = props;
  const id = props.id ?? fieldId(name);
  const { errors, touched } = useFormikContext<Record<string, unknown>>();
  const invalid = Boolean(getIn(touched, name) && getIn(errors, name));
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Field
        id={id}
        name={name}
        as={multiline ? 'textarea' : 'input'}
        type={multiline ? undefined : type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        autoComplete={autoComplete}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        min={min}
        max={max}
        list={list}
      />
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
