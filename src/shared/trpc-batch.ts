/** The most calls one batched tRPC request may carry: the server refuses more (http/trpc-batch.ts), the client's batch link never sends more. */
export const TRPC_MAX_BATCH = 20;
