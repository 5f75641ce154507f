/**
 * The English message catalog, one file per area. Spec strings are verbatim
 * (product-spec.md); Arabic goes beside it with the same keys. Placeholders are written {name}.
 */
import { shell } from './shell';
import { publicPages } from './public';
import { auth } from './auth';
import { admin } from './admin';
import { rider } from './rider';
import { company } from './company';
import { assistant } from './assistant';
import { support } from './support';
import { analysis } from './analysis';
import { mcpTokens } from './mcp';
import { gulf } from './gulf';
import { errors } from './errors';
import { handover } from './handover';
import { reconcile } from './reconcile';
import { documents } from './documents';
import { rules } from './rules';
import { notices } from './notices';
import { account } from './account';
import { conflicts } from './conflicts';
import { answers } from './answers';
import { managers } from './managers';
import { proof } from './proof';
import { shopApi } from './shop-api';
import { dispatchScreens } from './dispatchScreens';

export const en = { ...shell, ...publicPages, ...auth, ...admin, ...rider, ...company, ...assistant, ...support, ...analysis, ...mcpTokens, ...gulf, ...errors, ...handover, ...reconcile, ...documents, ...rules, ...notices, ...account, ...conflicts, ...answers, ...managers, ...proof, ...shopApi, ...dispatchScreens } as const;

export type MessageKey = keyof typeof en;
