import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MessageKey } from '../../src/shared/i18n';
import { CONTACT_PREFERENCES, contactInput, INQUIRY_TYPES } from '../../src/shared/schemas/contact';
import { useT } from '../../src/client/i18n';
import { toast } from '../../src/client/toast';
import { trpc } from '../../src/client/trpc';

const EMPTY = { name: '', email: '', phone: '', company: '', inquiryType: '', message: '', preferredContact: 'email' };

/** The public contact form: validated by the shared schema, stored by the server. */
export function ContactForm() {
  const t = useT();
  const [form, setForm] = useState(EMPTY);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = useMutation(
    trpc.contact.submit.mutationOptions({
      onSuccess: () => {
        setForm(EMPTY);
        toast({ title: t('contact.success.title'), description: t('contact.success.text'), variant: 'success' });
      },
      onError: () => toast({ title: t('contact.failure'), variant: 'destructive' }),
    }),
  );
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = contactInput.safeParse(form);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    submit.mutate(parsed.data);
  }

  const input = 'input w-full';
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} data-testid="contact-form">
      {fieldError ? (
        <div role="alert" className="alert alert-error text-sm sm:col-span-2">
          {fieldError}
        </div>
      ) : null}
      <label className="fieldset">
        <span className="fieldset-legend">{t('contact.form.name')}</span>
        <input className={input} name="name" required value={form.name} onChange={set('name')} autoComplete="name" />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">{t('contact.form.email')}</span>
        <input className={input} name="email" type="email" required value={form.email} onChange={set('email')} autoComplete="email" />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">{t('contact.form.phone')}</span>
        <input className={input} name="phone" type="tel" dir="ltr" value={form.phone} onChange={set('phone')} autoComplete="tel" />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">{t('contact.form.company')}</span>
        <input className={input} name="company" value={form.company} onChange={set('company')} autoComplete="organization" />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">{t('contact.form.inquiryType')}</span>
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
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">{t('contact.form.preferredContact')}</span>
        <select className="select w-full" name="preferredContact" value={form.preferredContact} onChange={set('preferredContact')}>
          {CONTACT_PREFERENCES.map((k) => (
            <option key={k} value={k}>
              {t(`contact.pref.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label className="fieldset sm:col-span-2">
        <span className="fieldset-legend">{t('contact.form.message')}</span>
        <textarea className="textarea h-32 w-full" name="message" required value={form.message} onChange={set('message')} />
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={submit.isPending}>
          {submit.isPending ? t('contact.form.sending') : t('contact.form.submit')}
        </button>
      </div>
    </form>
  );
}
