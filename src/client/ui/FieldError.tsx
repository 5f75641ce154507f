import { useId, useLayoutEffect, useRef } from 'react';
import { firstControl, markInvalid } from '../forms-aria';

/**
 * A field's error message for a form that lays out its own controls: shown under the control and marking it
 * (aria-invalid, aria-describedby naming this message), as FormField does. The control is `controlId`'s, else
 * the first control in the message's own container (the label it sits in).
 */
export function FieldError({ message, controlId, testId, className = 'mt-1 block text-sm text-error' }: { message: string | null | undefined; controlId?: string; testId?: string; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (!message) return undefined;
    return markInvalid(controlId ? document.getElementById(controlId) : firstControl(ref.current?.parentElement), id);
  }, [message, controlId, id]);
  if (!message) return null;
  return (
    <span ref={ref} id={id} role="alert" className={className} data-field-error data-testid={testId}>
      {message}
    </span>
  );
}
