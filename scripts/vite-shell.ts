/**
 * The first paint without JavaScript (issue 10, item 5; docs/decisions/004-front-end-budgets.md, "First paint").
 * In a build, index.html gets:
 *
 * - `/` and `/login` as React renders them for a signed-out English visitor (scripts/prerender-shell.tsx), each
 *   in a <template> (inert until used: no duplicate ids or test ids in the page), its root made `inert` (it shows,
 *   it does not work: a click or a keystroke waits for React's copy);
 * - boot.js (src/client/boot/boot.js) after them: a classic script, as the CSP allows no inline one, that sets the
 *   language, direction and theme and moves the template the address names into #app before the first paint;
 *   on other pages it writes the loading text (both languages' are in the page) under the logo and spinner, so
 *   that the browser's first text layout (its fonts: the longest layout of a load) happens before the first
 *   paint, not while the app renders.
 *
 * React renders the same markup over it (src/client/main.tsx renders once the session and the route's code are
 * in), so the page paints its largest text as soon as the HTML and the CSS are in, not after the JavaScript, and
 * nothing moves when React takes over. Other pages, other languages and the dark theme keep the logo and spinner.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import { ar } from '../src/shared/i18n/ar/index.ts';
import { en } from '../src/shared/i18n/en/index.ts';
import { shellTemplate } from '../src/shared/shell-template.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const BOOT_SOURCE = resolve(root, 'src/client/boot/boot.js');
export const SHELL_IDS: Record<string, string> = { '/': 'shell-home', '/login': 'shell-login' };

/** Routes whose code boot.js asks for with the HTML (as modulepreload), rather than after the app's module has run. */
export const PRELOAD_ROUTES: Record<string, string> = { '/': 'routes/index.tsx', '/login': 'routes/login.tsx', '/app': 'routes/app.tsx' };

/** The chunks a route's split component needs (its own and their static imports), minus the entry's. */
export function routeChunks(bundle: Rollup.OutputBundle, routeFile: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = new Set<string>();
  const walk = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    for (const i of byName.get(name)?.imports ?? []) walk(i, into);
  };
  for (const c of chunks) if (c.isEntry) walk(c.fileName, entry);
  const found = new Set<string>();
  const target = resolve(root, routeFile);
  for (const c of chunks) if (c.facadeModuleId?.split('?')[0] === target && c.facadeModuleId.includes('tsr-split')) walk(c.fileName, found);
  return [...found].filter((f) => !entry.has(f));
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function prerender(): Record<string, string> {
  const run = Bun.spawnSync([process.execPath, resolve(root, 'scripts/prerender-shell.tsx')], { cwd: root, stdout: 'pipe', stderr: 'pipe' });
  if (run.exitCode !== 0) throw new Error(`kwt-shell: pre-rendering failed:\n${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString()) as Record<string, string>;
}

export function prerenderShell(): Plugin {
  let boot = { fileName: '', source: '' };
  let templates = '';
  return {
    name: 'kwt-shell',
    apply: 'build',
    buildStart() {
      if (typeof Bun === 'undefined') throw new Error('kwt-shell: the build pre-renders with Bun (bunx --bun vite build)');
      // Minified: it is part of every page's first download (the budgets in tests/e2e/bundle-budget.e2e.ts).
      const source = new Bun.Transpiler({ loader: 'js', minifyWhitespace: true }).transformSync(readFileSync(BOOT_SOURCE, 'utf8'));
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      boot = { fileName: `assets/boot-${hash}.js`, source };
      const html = prerender();
      templates = Object.entries(SHELL_IDS)
        .map(([path, id]) => shellTemplate(id, html[path] ?? ''))
        .join('');
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: boot.fileName, source: boot.source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const marker = '<!-- kwt-shell -->';
        if (!html.includes(marker)) throw new Error(`kwt-shell: index.html has no ${marker}`);
        const preload = Object.entries(PRELOAD_ROUTES)
          .map(([path, file]) => {
            const files = ctx.bundle ? routeChunks(ctx.bundle, file) : [];
            return files.length ? `<meta name="kwt-preload" data-path="${path}" content="${files.map((f) => `/${f}`).join(' ')}">` : '';
          })
          .join('');
        // The loading screen's words in both languages; boot.js shows the visitor's.
        const label = `data-boot-label data-en="${escapeAttr(en['app.loading'])}" data-ar="${escapeAttr(ar['app.loading'] ?? en['app.loading'])}"`;
        if (!html.includes('data-boot-label>')) throw new Error('kwt-shell: index.html has no loading label (data-boot-label)');
        return html.replace('data-boot-label>', `${label}>`).replace(marker, `${templates}${preload}<script src="/${boot.fileName}"></script>`);
      },
    },
  };
}
