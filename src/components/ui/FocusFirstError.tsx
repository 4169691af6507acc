/**
 * Inside a formik form: when a submit is refused by the form's own rules, the first field in
 * error takes focus, so the member hears its error and can correct it at once.
 */
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

export function FocusFirstError() {
  const { submitCount, isValid } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (submitCount === 0 || isValid) return;
    const form = marker.current?.closest('form');
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isValid]);
  return <span ref={marker} hidden />;
}
