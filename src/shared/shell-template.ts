/**
 * A screen React rendered to a string, made into what index.html carries for the first paint: its root made `inert`
 * (it shows, it does not work: a click or a keystroke waits for React's own copy, rendered over it), React's hoisted
 * <link rel=preload> dropped. `/` and `/login` are rendered at build time into <template>s (inert until used: no
 * duplicate ids or test ids in the page) that boot.js (src/client/boot/boot.js) shows (scripts/vite-shell.ts); a
 * signed-in rider's `/app` is rendered per request straight into #app (src/server/ssr).
 */
export function inertScreen(name: string, html: string): string {
  // (Under a test run, the router wraps the root in a Suspense boundary: its markers go too.)
  const body = html.replace(/^(<link\b[^>]*>)+/, '').replace(/^<!--\$-->([\s\S]*)<!--\/\$-->$/, '$1');
  if (!body.startsWith('<div ')) throw new Error(`kwt-shell: ${name} does not start with the root layout's <div>`);
  return `<div inert ${body.slice('<div '.length)}`;
}

export const shellTemplate = (id: string, html: string): string => `<template id="${id}">${inertScreen(id, html)}</template>`;
