/**
 * Builds bench/ocr-real/manifest.json from the mirrors of the sources (sources.ts) and the hand labels in
 * bench/ocr-real/labels/*.json, and extracts every image to data/ocr-real/img/. Run once when a source or a
 * label changes: `bun bench/ocr-real/collect.ts`. The split is a hash of the group (one physical receipt or
 * one odometer reading), so a photo and its rescan never sit on both sides.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { mirrorOf, sourceById, type Source } from './sources';
import { IMG_DIR, MANIFEST_PATH, type Entry, type Label } from './manifest';

const git = (s: Source, ...args: string[]) => execFileSync('git', ['-C', mirrorOf(s), ...args], { maxBuffer: 64 << 20 });
const list = (s: Source, under: string) =>
  git(s, 'ls-tree', '-r', '--name-only', s.commit, under).toString().trim().split('\n').filter((p) => /\.(jpe?g|png)$/i.test(p));

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const splitOf = (group: string): 'dev' | 'test' => (createHash('sha256').update(`ocr-real:${group}`).digest()[0]! % 2 === 0 ? 'dev' : 'test');

/** Hand labels: { "<id>": Label | { skip: reason } }. */
function handLabels(): Record<string, Label | { skip: string }> {
  const dir = join(import.meta.dir, 'labels');
  const out: Record<string, Label | { skip: string }> = {};
  for (const f of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : []) Object.assign(out, JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return out;
}

const isoFromUs = (d: string) => {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})$/.exec(d.trim());
  if (!m) return undefined;
  const y = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  return `${y}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
};

const entries: Entry[] = [];
const hand = handLabels();
const seen = new Map<string, string>();
mkdirSync(IMG_DIR, { recursive: true });

function add(s: Source, path: string, id: string, group: string, kind: Entry['kind'], label: Label | undefined, tags: string[]) {
  const bytes = git(s, 'show', `${s.commit}:${path}`);
  const sum = sha256(bytes);
  if (seen.has(sum)) return; // the same blob under two names
  seen.set(sum, id);
  const h = hand[id];
  if (h && 'skip' in h) return;
  // A hand label completes or corrects the source's (a guide frame for a dashboard, a total for an unlabelled receipt).
  const l = { ...label, ...h } as Label;
  if (!('km' in l) && !('total' in l)) return;
  const file = `${id}${path.toLowerCase().endsWith('.png') ? '.png' : '.jpg'}`;
  writeFileSync(join(IMG_DIR, file), bytes);
  entries.push({ id, file, source: s.id, path, sha256: sum, kind, label: l, split: splitOf(group), tags });
}

// R1: US receipts, phone photos. 103 labelled by the source's author, the rest by hand (labels/srd-*.json).
{
  const s = sourceById('srd');
  const truth = JSON.parse(git(s, 'show', `${s.commit}:data_for_control/dataset_correct_data.json`).toString()) as Record<string, { total?: number; date?: string; company?: string }>;
  for (const path of list(s, 'dataset/large-receipt-image-dataset-SRD')) {
    const name = path.split('/').pop()!;
    const id = `srd-${name.replace('-receipt.jpg', '')}`;
    const t = truth[name];
    const label: Label | undefined =
      t?.total !== undefined ? { total: t.total.toFixed(2), currency: 'USD', ...(t.date && isoFromUs(t.date) ? { date: isoFromUs(t.date) } : {}), ...(t.company ? { merchant: t.company } : {}) } : undefined;
    add(s, path, id, id, 'receipt', label, ['photo', 'en']);
  }
}

// R2: German receipts, flatbed scans; total and date in the file name ($MERCHANT_$DDMMYYYY_$N_$CENTS).
{
  const s = sourceById('softmatic');
  for (const path of list(s, '2D/Receipts')) {
    const name = path.split('/').pop()!.replace(/\.jpg$/i, '');
    const parts = name.replace(/_B$/, '').split('_');
    const cents = parts.at(-1)!;
    const date = parts[1]!;
    const label: Label = {
      total: `${Number(cents.slice(0, -2))}.${cents.slice(-2)}`,
      currency: 'EUR',
      date: `${date.slice(4, 8)}-${date.slice(2, 4)}-${date.slice(0, 2)}`,
      merchant: parts[0]!,
    };
    const folder = path.split('/').at(-2)!;
    add(s, path, `sm-${folder}-${name}`, `sm-${parts.join('_')}`, 'receipt', label, ['scan', 'de', folder === 'A' ? 'cropped' : 'uncropped']);
  }
}

// O1: Thai truck dashboards (reading in the name, `_A` = analogue), and one Yazaki drum photographed 131 times (hand labels).
{
  const s = sourceById('odo-thai');
  for (const path of [...list(s, 'DigitalTestImage'), ...list(s, 'HazyDigitalImage'), ...list(s, 'TestImage')]) {
    const m = /\[(\d+)\]/.exec(path);
    if (!m) continue;
    const base = path.split('/').pop()!.replace(/\.[^.]+$/, '');
    const id = `odo-${base.replace(/\[\d+\]/, '').replace(/[^A-Za-z0-9_-]/g, '')}-${m[1]}`;
    const tags = ['photo', path.startsWith('Hazy') ? 'hazy' : 'clear', /_A\b|_A\[|\[\d+\]_A/.test(path) ? 'drum' : 'digital'];
    add(s, path, id, `odo-${m[1]}`, 'odometer', { km: Number(m[1]) }, tags);
  }
  for (const path of list(s, 'Mile_Blue')) {
    const id = `drum-${path.split('/').pop()!.replace(/\.[^.]+$/, '')}`;
    const h = hand[id];
    const group = h && 'km' in h ? `drum-${h.km}` : id;
    add(s, path, id, group, 'odometer', undefined, ['photo', 'drum', 'angled']);
  }
}

entries.sort((a, b) => a.id.localeCompare(b.id));
writeFileSync(MANIFEST_PATH, `${JSON.stringify(entries, null, 1)}\n`);
const count = (k: string, sp: string) => entries.filter((e) => e.kind === k && e.split === sp).length;
console.log(`manifest: ${entries.length} photos; receipts dev ${count('receipt', 'dev')} test ${count('receipt', 'test')}; odometers dev ${count('odometer', 'dev')} test ${count('odometer', 'test')}`);
