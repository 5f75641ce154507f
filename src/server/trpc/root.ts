import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createCallerFactory, router } from './init';
import { adminRouter } from './routers/admin';
import { aiRouter } from './routers/ai';
import { authRouter } from './routers/auth';
import { companyRouter } from './routers/company';
import { contactRouter } from './routers/contact';
import { ocrRouter } from './routers/ocr';
import { riderRouter } from './routers/rider';
import { trackingRouter } from './routers/tracking';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  company: companyRouter,
  rider: riderRouter,
  tracking: trackingRouter,
  ocr: ocrRouter,
  ai: aiRouter,
  contact: contactRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
