import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isOpenAt } from '../src/shared/business-hours';
import { useT } from '../src/client/i18n';
import { Badge } from '../src/client/ui/Badge';
import { Card } from '../src/client/ui/Card';
import { ContactForm } from './-components/ContactForm';

export const Route = createFileRoute('/contact')({ component: ContactPage });

function ContactPage() {
  const t = useT();
  // Decided after mount, so the clock used is the visitor's real one and a prerender never freezes it.
  const [open, setOpen] = useState<'open' | 'closed' | null>(null);
  useEffect(() => setOpen(isOpenAt(new Date()) ? 'open' : 'closed'), []);
  return (
    <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6" data-testid="contact-page">
      <header>
        <h1 className="text-3xl font-bold">{t('contact.title')}</h1>
        <p className="text-base-content/70">{t('contact.subtitle')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4">
          <Card title={t('contact.info.title')}>
            <ul className="space-y-2 text-sm">
              <li>
                <a className="link" href={`mailto:${t('contact.info.email')}`}>
                  {t('contact.info.email')}
                </a>
              </li>
              <li dir="ltr" className="text-start">
                <a className="link" href={`tel:${t('contact.info.phone').replace(/\s/g, '')}`}>
                  {t('contact.info.phone')}
                </a>
              </li>
              <li>{t('contact.info.address')}</li>
            </ul>
          </Card>
          <Card title={t('contact.hours.title')}>
            <ul className="space-y-1 text-sm" data-testid="business-hours">
              <li>{t('contact.hours.weekdays')}</li>
              <li>{t('contact.hours.weekend')}</li>
            </ul>
            <p className="flex flex-wrap items-center gap-2 text-xs text-base-content/70">
              <span>{t('contact.hours.timezone')}</span>
              {open ? (
                <Badge tone={open === 'open' ? 'success' : 'ghost'} testId="open-now">
                  {t(open === 'open' ? 'contact.hours.openNow' : 'contact.hours.closedNow')}
                </Badge>
              ) : null}
            </p>
          </Card>
        </div>
        <Card title={t('contact.form.title')} className="lg:col-span-2">
          <ContactForm />
        </Card>
      </div>
    </main>
  );
}
