/*
 * boot.js — the one classic script of index.html (the CSP allows no inline script), run before the first paint,
 * after the pre-rendered first screens (<template id="shell-…">, scripts/vite-shell.ts) are parsed and before
 * the app's module runs. It sets <html lang dir data-theme> as the app will, and when the page will start as a
 * signed-out English visitor on the light theme, puts the pre-rendered `/` or `/login` in #app in place of the
 * logo and spinner, so the first paint is the page itself; React renders the same markup over it. A signed-in
 * rider's `/app` comes with #app rendered by the server (src/server/ssr); boot.js puts the loading screen back
 * where the app's own first render would differ.
 * Kept in step with src/client/i18n.ts (initialLocale), src/client/shell/theme.ts, src/client/session.ts and the
 * rider app's stored state (routes/-components/app/region.ts, local.ts) by src/client/boot/boot.test.ts.
 */
(function () {
  var root = document.documentElement;
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  // The server renders the rider app (src/server/ssr) as a browser with nothing of it stored would: a region
  // choice, cached answers, a distance ledger or seen orders (routes/-components/app) make the app's own first
  // render differ.
  function riderState() {
    try {
      if (localStorage.getItem('rider-region') !== null) return true;
      for (var k = 0; k < localStorage.length; k++) if (String(localStorage.key(k)).indexOf('rider-app:') === 0) return true;
      return false;
    } catch {
      return true;
    }
  }
  function timeZone() {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return null;
    }
  }
  function base(tag) {
    return String(tag || '').trim().toLowerCase().split(/[-_]/)[0];
  }
  // The language: the stored choice, else the browser's first English or Arabic language, else English.
  var lang = base(stored('kwt.locale'));
  if (lang !== 'ar' && lang !== 'en') {
    lang = 'en';
    var langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (var i = 0; i < langs.length; i++) {
      var b = base(langs[i]);
      if (b === 'ar' || b === 'en') {
        lang = b;
        break;
      }
    }
  }
  // The theme: the stored choice, else the system's dark preference.
  var theme = stored('kwt-theme');
  if (theme !== 'kwt' && theme !== 'kwtdark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'kwtdark' : 'kwt';
  }
  // The route's code (scripts/vite-shell.ts lists it per address): fetched with the app's, not after it has run.
  var metas = document.querySelectorAll('meta[name="kwt-preload"]');
  for (var m = 0; m < metas.length; m++) {
    if (metas[m].getAttribute('data-path') !== location.pathname) continue;
    var hrefs = (metas[m].getAttribute('content') || '').split(' ');
    for (var h = 0; h < hrefs.length; h++) {
      if (!hrefs[h]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = hrefs[h];
      document.head.appendChild(link);
    }
  }
  root.lang = lang;
  root.dir = lang === 'ar' ? 'rtl' : 'ltr';
  root.setAttribute('data-theme', theme);

  // The service worker (the PWA's offline shell) once the page has loaded, as vite-plugin-pwa's registerSW.js did:
  // here it costs no request of its own.
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('/service-worker.js', { scope: '/' });
    });
  }

  // The browser's install offer can come before the app has mounted (the pre-rendered screen is up at once):
  // keep it, with when it came, for the install prompt and the rider app's button (src/client/shell/early-install.ts).
  window.addEventListener('beforeinstallprompt', function (e) {
    e.preventDefault();
    window.__kwtInstallOffer = { event: e, at: Date.now() };
  });
  window.addEventListener('appinstalled', function () {
    window.__kwtInstallOffer = null;
  });

  // A signed-in rider's /app comes with #app rendered by the server as a browser with nothing of the rider app
  // stored would render it in the light theme, the language it last started in and the rider's region's time zone;
  // any other browser gets the loading screen back. (Reading the zone makes the page's first date formatter, which
  // loads the locale's data: 20-90 ms on a phone, paid here before the first paint, not in the app's render.)
  var loading = document.getElementById('shell-loading');
  var app = document.getElementById('app');
  if (loading && app && loading.content) {
    if (lang !== loading.getAttribute('data-lang') || theme !== 'kwt' || riderState() || timeZone() !== loading.getAttribute('data-time-zone'))
      app.replaceChildren(loading.content.cloneNode(true));
    else app.setAttribute('data-server-screen', 'kept');
  }

  // Under the logo and spinner: the loading text in the page's language (index.html holds both).
  var label = document.querySelector('[data-boot-label]');
  if (label) label.textContent = label.getAttribute('data-' + lang) || '';

  // The pre-rendered screens are English, light and signed out; anyone else keeps the loading screen.
  if (lang !== 'en' || theme !== 'kwt') return;
  var path = location.pathname;
  var shell = null;
  if (path === '/' && !stored('kwt.signedIn')) shell = 'shell-home';
  else if (path === '/login' && !/[?&]error=/.test(location.search)) shell = 'shell-login';
  var template = shell && document.getElementById(shell);
  if (template && app && template.content) app.replaceChildren(template.content.cloneNode(true));
})();
