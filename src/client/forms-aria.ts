const CONTROL = 'input:not([type=hidden]), select, textarea, [role=combobox]';

/** The first form control inside `box` (the label a FormField or FieldError sits in). */
export const firstControl = (box: Element | null | undefined) => box?.querySelector<HTMLElement>(CONTROL) ?? null;

/**
 * Marks `control` invalid, described by the message `errorId`; returns the undo. Ids the control is already
 * described by (a hint) are kept. One mechanism for every form: FormField and FieldError call it, whatever
 * component renders the control.
 */
export function markInvalid(control: HTMLElement | null, errorId: string): (() => void) | undefined {
  if (!control) return undefined;
  const before = control.getAttribute('aria-describedby');
  const invalidBefore = control.getAttribute('aria-invalid');
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', [before, errorId].filter(Boolean).join(' '));
  return () => {
    if (invalidBefore === null) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', invalidBefore);
    if (before) control.setAttribute('aria-describedby', before);
    else control.removeAttribute('aria-describedby');
  };
}
