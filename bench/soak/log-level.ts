/**
 * Preloaded into the bench server (`bun --preload`): its request log at the level of LOG_LEVEL, as
 * src/server/index.ts sets it (bench/api/server.ts does not). The soak runs at `warn` by default.
 */
import { configureLog } from '../../src/server/log';
import { loadEnv } from '../../src/server/env';

configureLog({ level: loadEnv().LOG_LEVEL });
