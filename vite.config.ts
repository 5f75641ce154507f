import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { splitMessages } from './scripts/vite-messages.ts';
import { prerenderShell } from './scripts/vite-shell.ts';

const API_PORT = Number(process.env.API_PORT ?? 3000);
/** This build's id: the rider's persisted query cache (src/client/persist/rider-cache.ts) does not outlive a deploy. */
const BUILD_ID = Date.now().toString(36);

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    // The router plugin must come before react().
    tanstackRouter({
      target: 'react',
      routesDirectory: './routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    // The message catalog per screen: each chunk brings the English parts it names; Arabic only when chosen.
    splitMessages(),
    // `/` and `/login` pre-rendered into index.html: the first paint is the page, not a spinner.
    prerenderShell(),
    tailwindcss(),
    VitePWA({
      // Our own worker (src/client/sw/service-worker.ts): Workbox's precaching and routing, plus the navigation
      // fallback, Background Sync replay of the outbox and the map tile cache (issue 20, items 2, 4 and 6).
      strategies: 'injectManifest',
      srcDir: 'src/client/sw',
      filename: 'service-worker.ts',
      registerType: 'autoUpdate',
      // src/client/boot/boot.js registers the worker on load (what 'script-defer' did, without a request of its own).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'KWT Delivery',
        short_name: 'KWT Delivery',
        description: 'Delivery fleet management for Kuwait and the UAE',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        lang: 'en',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        // A classic script: /service-worker.js is registered without { type: 'module' } (src/client/boot/boot.js).
        rollupFormat: 'iife',
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @trpc/client's WebSocket link ends in `_defineProperty(WsConnection, 'connectCount', 0)`, a statement the
        // bundler must keep (with the whole connection class) once the file is imported, which index.mjs always
        // does. Nothing here uses WebSockets: a file none of whose exports is used may be left out.
        moduleSideEffects: [{ test: /@trpc[\\/]client[\\/]dist[\\/]wsLink-/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the query cache, the shell) is needed by
          // every page: one chunk, rather than the dozen small shared chunks automatic splitting makes of it,
          // compresses better and costs one request.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
