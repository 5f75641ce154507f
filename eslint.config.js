// @ts-check
/**
 * ESLint (flat config), run by `npm test` through `bun run lint`: every problem is an error and a warning fails
 * the run too (`--max-warnings 0`). A disable comment must name its rule and give its reason after `--`, and one
 * that no longer suppresses anything is itself an error (reportUnusedDisableDirectives).
 */
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Build output, scratch files, the router's generated route tree, and what tests and benches leave behind.
  globalIgnores(['dist/', '.tmp/', 'public/', 'src/routeTree.gen.ts', 'test-results/', 'playwright-report/', 'data/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  // The syntactic preset: the type-checked one builds a TypeScript program of the whole project inside ESLint,
  // on top of the separate `tsc --noEmit` the test command already runs.
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          // `const { code: _c, ...rest } = answer` is how a property is left out of a copy: the named one is the
          // point of the line, not an oversight.
          ignoreRestSiblings: true,
          // A bare `_` is a value deliberately not used: `for await (const _ of changeTicks(…))` acts on each tick.
          varsIgnorePattern: '^_$',
        },
      ],
    },
  },

  // React hooks: the two classic rules, both errors. eslint-plugin-react-hooks 7's `recommended` also turns on the
  // React Compiler's diagnostics (refs, purity, set-state-in-effect, static-components, preserve-manual-memoization,
  // incompatible-library, …). They are left off deliberately: this app is not compiled with the React Compiler,
  // and those rules report where the compiler would give up on a component. Run over this code they found 27
  // problems: 10 were the compiler not knowing a custom hook's result (`camera.status`, a state, read as if it
  // were the ref object `camera.video` beside it), 8 were advice to restructure state set in an effect (two of
  // them the deliberate read of the visitor's clock after mount, so a prerender never freezes it), 7 were
  // "latest callback" refs assigned during render, and 2 were `useState(Date.now())` initial values. They also
  // run the compiler over every file, which more than doubled lint's CPU time (about 75 s against 35 s).
  // Turn on `reactHooks.configs.recommended` if the app adopts the React Compiler: then those rules guard it.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Playwright reads a fixture function's first parameter to learn which fixtures it needs, and requires it to be
  // an object pattern: `async ({}, use) => …` is how a fixture that needs none says so.
  { files: ['tests/e2e/**/*.ts'], rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] } },

  // The few plain JavaScript files: the benches' load generators and this config run under Node; boot.js is the
  // classic script index.html runs in the browser before the app's module.
  { files: ['**/*.mjs', '*.js'], languageOptions: { globals: globals.node } },
  { files: ['src/client/boot/boot.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },
);
