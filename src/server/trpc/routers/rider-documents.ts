import type { TRPCRouterRecord } from '@trpc/server';
import { riderDocumentList } from '../../services/compliance';
import { riderProcedure } from '../init';

/** Issue 9: the rider's own documents, read-only (the company keeps them: docs/spec-decisions.md). */
export const riderDocumentProcedures = {
  documents: riderProcedure.query(({ ctx }) => riderDocumentList(ctx.db, ctx.riderId)),
} satisfies TRPCRouterRecord;
