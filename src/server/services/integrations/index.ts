/**
 * Integrations: webhooks, Google Sheets sync and mail.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { mailConfigured, mailText, salesMail, sendMail, sendToSales } from './mailer';
export type { Mail } from './mailer';
export { syncWithRetry } from './sheets-retry';
export { lastSheetsSync } from './sheets-sync';
export { dispatchDue } from './webhook-dispatch';
export { blockedAddressReason, guardFromEnv } from './webhook-guard';
export { createWebhook, deleteWebhook, emitCashSubmitted, emitCompanyEvent, emitOrderEtaChanged, emitOrderEvent, emitOrderStatusChange, orderPayload, emitRiderCreated, listWebhooks, sendTestEvent, setWebhookActive, startWebhookDispatcher, stopWebhookDispatcher, webhookDeliveryLog } from './webhooks';
