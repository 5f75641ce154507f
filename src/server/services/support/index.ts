/**
 * Support: tickets, the contact form and sales leads.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { listContactMessages } from './contact-messages';
export { submitContact } from './contact';
export { notifyLead } from './lead-notify';
export { listLeads } from './leads';
export { addComment, createTicket, getTicket, listTickets, setStatus } from './tickets';
