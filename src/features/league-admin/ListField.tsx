/**
 * A list of values in a formik form (the schedule's kick-off times, its venues): one labelled
 * input per value, each with its Remove button, and an Add button. A new value's input takes
 * focus; a removed one's place goes to the one before it (or to Add). The list's own error (a
 * value twice) is announced under it.
 */
import { ErrorMessage, Field, FieldArray, getIn, useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { fieldId } from '../../components/ui/FormField';

export interface ListFieldProps {
  name: 'times' | 'venues';
  legend: string;
  hint: string;
  type: 'time' | 'text';
  /** The label of the value at `index` (0-based), e.g. "Kick-off time 2". */
  itemLabel: (index: number) => string;
  removeLabel: (index: number) => string;
  addLabel: string;
  disabled?: boolean;
}

export function ListField({ name, legend, hint, type, itemLabel, removeLabel, addLabel, disabled }: ListFieldProps) {
  const { values, errors, touched } = useFormikContext<Record<string, string[]>>();
  const list = values[name] ?? [];
  const listError = getIn(errors, name) as unknown;
  const container = useRef<HTMLFieldSetElement>(null);
  // Where focus goes once the list has its new length: an item's index, or -1 for Add.
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const index = focusNext.current;
    if (index === null) return;
    focusNext.current = null;
    const target =
      index >= 0
        ? container.current?.querySelector<HTMLElement>(`#${fieldId(`${name}.${index}`)}`)
        : container.current?.querySelector<HTMLElement>('[data-part="add"]');
    target?.focus();
  }, [name, list.length]);

  return (
    <fieldset className="list-field" ref={container} disabled={disabled} aria-describedby={`${name}-hint`}>
      <legend>{legend}</legend>
      <p className="field-hint" id={`${name}-hint`}>
        {hint}
      </p>
      <FieldArray name={name}>
        {(helpers) => (
          <>
            <ul className="list-field-items">
              {list.map((_, index) => {
                const item = `${name}.${index}`;
                const id = fieldId(item);
                const invalid = Boolean(getIn(touched, item) && getIn(errors, item));
                return (
                  <li key={index}>
                    <label htmlFor={id} className="visually-hidden">
                      {itemLabel(index)}
                    </label>
                    <Field
                      id={id}
                      name={item}
                      type={type}
                      aria-invalid={invalid || undefined}
                      aria-describedby={`${id}-error`}
                    />
                    <button
                      type="button"
                      className="secondary"
                      disabled={list.length === 1}
                      onClick={() => {
                        helpers.remove(index);
                        focusNext.current = index > 0 ? index - 1 : list.length > 1 ? 0 : -1;
                      }}
                    >
                      {removeLabel(index)}
                    </button>
                    <ErrorMessage name={item}>
                      {(message) => (
                        <p className="field-error" id={`${id}-error`} role="alert">
                          {message}
                        </p>
                      )}
                    </ErrorMessage>
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="secondary"
              data-part="add"
              onClick={() => {
                helpers.push('');
                focusNext.current = list.length;
              }}
            >
              {addLabel}
            </button>
          </>
        )}
      </FieldArray>
      {typeof listError === 'string' && (
        <p className="field-error" role="alert">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
