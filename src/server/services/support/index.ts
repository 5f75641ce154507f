/**
 * Support: tickets, the contact form, sales leads and the kept chats of the assistants.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { recordExchange, salesConversation, supportConversation } from './conversations';
export { listContactMessages } from './contact-messages';
export { submitContact } from './contact';
export { notifyLead } from './lead-notify';
export { listLeads } from './leads';
export { addComment, createTicket, getTicket, listTickets, setStatus } from './tickets';
