import type { TRPCRouterRecord } from '@trpc/server';
import { documentIdInput, riderIdInput, saveDocumentInput } from '../../../shared/schemas/documents';
import { deleteRiderDocument, documentsOverview, riderDocumentList, saveRiderDocument } from '../../services/compliance';
import { companyProcedure } from '../init';

/**
 * Issue 9: rider documents with expiry, company side. Always the caller's own company's riders: another
 * company's rider or document answers NOT_FOUND. Photos go through REST (rest/document-photos.ts).
 */
export const companyDocumentProcedures = {
  /** The fleet's "Expiring and expired" list (sends any reminders that are due). */
  documentsOverview: companyProcedure.query(({ ctx }) => documentsOverview(ctx.db, ctx.companyId)),
  /** One rider's documents with their standing today. */
  riderDocuments: companyProcedure.input(riderIdInput).query(({ ctx, input }) => riderDocumentList(ctx.db, input.riderId, { companyId: ctx.companyId })),
  /** Add or update (one per rider and type). */
  saveDocument: companyProcedure
    .input(saveDocumentInput)
    .mutation(({ ctx, input }) => saveRiderDocument(ctx.db, ctx.actor, input)),
  deleteDocument: companyProcedure
    .input(documentIdInput)
    .mutation(({ ctx, input }) => deleteRiderDocument(ctx.db, ctx.actor, input.id, ctx.config.CAPTURES_DIR)),
} satisfies TRPCRouterRecord;
