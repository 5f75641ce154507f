/// <reference types="vite/client" />

/** The build's id (vite.config.ts `define`): a new deploy discards the rider's persisted query cache. */
declare const __BUILD_ID__: string;
