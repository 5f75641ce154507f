/**
 * Screenshots of every screen at phone (390x844) and desktop (1280x800) sizes,
 * for a person to look at. Usage: bun scripts/screenshots.ts [baseUrl] [outDir]
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? '.tmp/shots';
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

const PAGES: { name: string; path: string; as?: string }[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login?redirect=/admin' },
  { name: 'company-login', path: '/company-login' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'contact', path: '/contact' },
  { name: 'home-admin', path: '/', as: 'admin@kwtdelivery.com' },
  { name: 'admin', path: '/admin', as: 'admin@kwtdelivery.com' },
  { name: 'company', path: '/company', as: 'manager@fastdelivery.com' },
  { name: 'rider', path: '/rider', as: 'rider@example.com' },
  { name: 'app', path: '/app', as: 'rider.uae@example.com' },
  { name: 'support', path: '/support', as: 'manager@emiratesdelivery.ae' },
];

async function shoot(browser: Browser) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const p of PAGES) {
      const context = await browser.newContext({ viewport, baseURL: base });
      if (p.as) {
        const res = await context.request.post('/api/auth/login', { data: { email: p.as, password: 'Demo1234!' } });
        if (!res.ok()) throw new Error(`login ${p.as}: ${res.status()}`);
      }
      const page = await context.newPage();
      await page.goto(p.path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${p.name}-${size}.png`, fullPage: size === 'desktop' });
      await context.close();
    }
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await shoot(browser);
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
}
