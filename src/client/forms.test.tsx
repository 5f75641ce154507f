import { describe, expect, test } from 'bun:test';
import { TRPCClientError } from '@trpc/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { ZodError } from 'zod';
import { issuesToErrors, serverFieldError } from './forms';
import { markInvalid } from './forms-aria';
import { Field } from './ui/Field';
import { mapError } from '../server/http/errors';
import { newRiderInput } from '../shared/schemas/company-riders';

/** What a refusal of company.addRider with these values carries. */
function refusal(values: Record<string, string>) {
  const parsed = newRiderInput.safeParse(values);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error;
}

/** A control's attributes, as the DOM keeps them. */
function control(attrs: Record<string, string>) {
  const a = new Map(Object.entries(attrs));
  return { getAttribute: (k: string) => a.get(k) ?? null, setAttribute: (k: string, v: string) => void a.set(k, v), removeAttribute: (k: string) => void a.delete(k), attrs: a } as unknown as HTMLElement & { attrs: Map<string, string> };
}

describe('one mechanism marks the offending field with its message (issue 21 item 8)', () => {
  test('markInvalid (FormField, FieldError): aria-invalid and the message added to what describes the control; undone with the error', () => {
    const input = control({ 'aria-describedby': 'hint' });
    const undo = markInvalid(input, 'err-1')!;
    expect(Object.fromEntries(input.attrs)).toEqual({ 'aria-describedby': 'hint err-1', 'aria-invalid': 'true' });
    undo();
    expect(Object.fromEntries(input.attrs)).toEqual({ 'aria-describedby': 'hint' });
  });

  test('Field: its input marked and described by the message under it', () => {
    const html = renderToStaticMarkup(<Field id="pw" label="Password" aria-describedby="pw-hint" error="Too short" errorTestId="pw-err" />);
    expect(html).toContain('aria-describedby="pw-hint pw-error" aria-invalid="true"');
    expect(html).toContain('<p id="pw-error" class="mt-1 text-sm text-error" role="alert" data-field-error="true" data-testid="pw-err">Too short</p>');
    expect(renderToStaticMarkup(<Field id="pw" label="Password" />)).not.toContain('aria-invalid');
  });

  test('the client check: every field with its first message', () => {
    expect(issuesToErrors(refusal({ name: '', email: 'nope', phone: '', vehicleType: '', licenseNumber: '', region: 'KWD' }).issues)).toEqual({
      name: 'Name is required',
      email: 'Invalid email format',
      phone: 'Phone is required',
      vehicleType: 'Vehicle type is required',
      licenseNumber: 'License number is required',
    });
  });

  test('the server refusal: the REST body and tRPC data.fieldErrors name every refused field', () => {
    const err = refusal({ name: 'Aziz', email: 'nope', phone: '+96550001234', vehicleType: 'car', licenseNumber: '', region: 'KWD' });
    const body = mapError(err).body;
    expect(body.error.fields).toEqual({ email: 'Invalid email format', licenseNumber: 'License number is required' });
    expect(serverFieldError(body)).toEqual({ email: 'Invalid email format', licenseNumber: 'License number is required' });
    const trpc = TRPCClientError.from({ error: { message: 'email: Invalid email format', code: -32600, data: { code: 'BAD_REQUEST', field: 'email', fieldErrors: body.error.fields } } });
    expect(serverFieldError(trpc)).toEqual({ email: 'Invalid email format', licenseNumber: 'License number is required' });
    // A nested field is kept by its path and by its first segment.
    const nested = mapError(new ZodError([{ code: 'custom', path: ['deliveryAddressParts', 'area'], message: 'Area is required', input: '' }])).body;
    expect(serverFieldError(nested)).toEqual({ 'deliveryAddressParts.area': 'Area is required', deliveryAddressParts: 'Area is required' });
  });
});
