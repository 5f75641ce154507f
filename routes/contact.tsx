import { createFileRoute } from '@tanstack/react-router';
import { useT } from '../src/client/i18n';
import { Card } from '../src/client/ui/Card';
import { ContactForm } from './-components/ContactForm';

export const Route = createFileRoute('/contact')({ component: ContactPage });

function ContactPage() {
  const t = useT();
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
          </Card>
        </div>
        <Card title={t('contact.form.title')} className="lg:col-span-2">
          <ContactForm />
        </Card>
      </div>
    </main>
  );
}
