import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { MessageKey } from '../../src/shared/i18n';
import { CONTACT_PREFERENCES, contactInput, INQUIRY_TYPES } from '../../src/shared/schemas/contact';
import { useT } from '../../src/client/i18n';
import { serverFieldError, useSchemaForm } from '../../src/client/forms';
import { toast } from '../../src/client/toast';
import { FormField } from '../../src/client/ui/FormField';
import { trpc } from '../../src/client/trpc';

const EMPTY = { name: '', email: '', phone: '', company: '', inquiryType: '', message: '', preferredContact: 'email' };

/** The public contact form: validated by the shared schema (each refused field marked), stored by the server. */
export function ContactForm() {
  const t = useT();
  const { values: form, set, errors: err, setErrors, reset, validate } = useSchemaForm(contactInput, EMPTY);
  const submit = useMutation(
    trpc.contact.submit.mutationOptions({
      onSuccess: () => {
        reset();
        toast({ title: t('contact.success.title'), description: t('contact.success.text'), variant: 'success' });
      },
      onError: (error) => {
        setErrors(serverFieldError(error) ?? {});
        toast({ title: t('contact.failure'), variant: 'destructive' });
      },
    }),
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const data = validate(form);
    if (data) submit.mutate(data);
  }

  const input = 'input w-full';
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} data-testid="contact-form">
      <FormField label={t('contact.form.name')} error={err.name}>
        <input className={input} name="name" required value={form.name} onChange={set('name')} autoComplete="name" />
      </FormField>
      <FormField label={t('contact.form.email')} error={err.email}>
        <input className={input} name="email" type="email" required value={form.email} onChange={set('email')} autoComplete="email" />
      </FormField>
      <FormField label={t('contact.form.phone')} error={err.phone}>
        <input className={input} name="phone" type="tel" dir="ltr" value={form.phone} onChange={set('phone')} autoComplete="tel" />
      </FormField>
      <FormField label={t('contact.form.company')} error={err.company}>
        <input className={input} name="company" value={form.company} onChange={set('company')} autoComplete="organization" />
      </FormField>
      <FormField label={t('contact.form.inquiryType')} error={err.inquiryType}>
        <select className="select w-full" name="inquiryType" required value={form.inquiryType} onChange={set('inquiryType')}>
          <option value="" disabled>
            {t('contact.form.choose')}
          </option>
          {INQUIRY_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(`contact.inquiry.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('contact.form.preferredContact')} error={err.preferredContact}>
        <select className="select w-full" name="preferredContact" value={form.preferredContact} onChange={set('preferredContact')}>
          {CONTACT_PREFERENCES.map((k) => (
            <option key={k} value={k}>
              {t(`contact.pref.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label={t('contact.form.message')} error={err.message} className="sm:col-span-2">
        <textarea className="textarea h-32 w-full" name="message" required value={form.message} onChange={set('message')} />
      </FormField>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submit.isPending}>
          {submit.isPending ? t('contact.form.sending') : t('contact.form.submit')}
        </button>
      </div>
    </form>
  );
}
