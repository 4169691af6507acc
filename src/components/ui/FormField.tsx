import { ErrorMessage, Field } from 'formik';

/** A labelled formik field with its error and an optional hint, linked for screen readers. */
export interface FormFieldProps {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  /** Renders a textarea instead of an input. */
  multiline?: boolean;
}

export function FormField({ name, label, type = 'text', autoComplete, hint, multiline }: FormFieldProps) {
  const describedBy = [hint ? `${name}-hint` : null, `${name}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <Field
        id={name}
        name={name}
        as={multiline ? 'textarea' : 'input'}
        type={multiline ? undefined : type}
        autoComplete={autoComplete}
        aria-describedby={describedBy}
      />
      {hint && (
        <p className="field-hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <ErrorMessage name={name}>
        {(message) => (
          <p className="field-error" id={`${name}-error`}>
            {message}
          </p>
        )}
      </ErrorMessage>
    </div>
  );
}
