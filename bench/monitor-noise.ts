/**
 * Monitors' change detection against noise (issue 26): real pages from WCXB's dev split
 * (../shared/corpus/wcxb) each served through a noise generator — a relative time and the clock,
 * a visitor counter, a render time, a session token, cache-busting link query strings, an ad
 * block, shuffled list items, re-ordered JSON-LD — for 20 checks, then four planted real edits (a
 * changed price, a changed sentence, an added paragraph, a removed list item), each against the
 * baseline. Counted: false positives (a noisy check reported changed; goal 0) and missed edits
 * (goal 0), for packages/changes and, in the same run, for a plain line diff of the markdown.
 * In-process, no server: the content engine (article mode) then the comparison, as a check runs them
 * — a change found is confirmed by a second fetch through the noise generator (confirmTextChange,
 * as packages/scraping/src/monitors/run-check.ts does), and how many checks needed one is printed.
 *
 * Usage: npx tsx bench/monitor-noise.ts [--pages N] [--checks N]
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  baselineVolatility,
  compareText,
  confirmTextChange,
  type TextSnapshot,
  textSnapshot,
  type VolatileState,
} from '../packages/changes/src/index';
import { processHtml } from '../packages/content/src/index';

const WCXB = '/work/shared/corpus/wcxb';
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAGES = arg('pages', 40);
const CHECKS = arg('checks', 20);

const random = (n: number) => Math.floor(Math.random() * n);
const hex = (n: number) => Array.from({ length: n }, () => random(16).toString(16)).join('');

/** The page as one request would see it: the same content, different noise. */
function noisy(html: string): string {
  let out = html
    // Cache-busting query strings on every link.
    .replace(/href="([^"#?]+)"/g, (_m, url: string) => `href="${url}?cb=${hex(8)}&utm_source=${hex(4)}"`)
    // Shuffled list items.
    .replace(/<ul([^>]*)>([\s\S]*?)<\/ul>/g, (_m, attrs: string, inner: string) => {
      const items = inner.match(/<li[\s\S]*?<\/li>/g);
      if (!items || items.join('').length < inner.trim().length * 0.9) return `<ul${attrs}>${inner}</ul>`;
      items.sort(() => Math.random() - 0.5);
      return `<ul${attrs}>${items.join('')}</ul>`;
    })
    // Re-ordered JSON-LD.
    .replace(
      /(<script[^>]*application\/ld\+json[^>]*>)([\s\S]*?)(<\/script>)/g,
      (_m, open: string, body: string, close: string) => {
        try {
          const data = JSON.parse(body) as Record<string, unknown>;
          const keys = Object.keys(data).sort(() => Math.random() - 0.5);
          return `${open}${JSON.stringify(Object.fromEntries(keys.map((k) => [k, data[k]])))}${close}`;
        } catch {
          return `${open}${body}${close}`;
        }
      },
    );
  const banner = `<p class="meta">Updated ${random(58) + 2} minutes ago · ${new Date(Date.now() - random(1e9)).toUTCString()} · You are visitor number ${random(1e6)} · ${random(900) + 12} people are viewing this</p>`;
  const ad = `<div class="advertisement ad-slot"><a href="/ad/${hex(6)}">Sponsored: offer ${hex(4)}</a></div>`;
  const footer = `<p class="debug">Page generated in ${random(400) + 5} ms · session ${hex(24)} · csrf_token=${hex(32)}</p>`;
  out = out.replace(/<body([^>]*)>/, (m) => `${m}${banner}${ad}`);
  out = out.includes('</body>') ? out.replace('</body>', `${footer}</body>`) : `${out}${footer}`;
  return out;
}

const PRICE = (value: string) => `<p>Our price today: ${value} per unit, tax included.</p>`;

/** The page with a price line after its longest paragraph (the price edit's anchor). */
function withPrice(html: string, value: string): string | null {
  const paragraphs = html.match(/<p[^>]*>[^<]{80,}<\/p>/g);
  const longest = paragraphs?.sort((a, b) => b.length - a.length)[0];
  return longest ? html.replace(longest, `${longest}${PRICE(value)}`) : null;
}

const EDITS: Record<string, (html: string) => string | null> = {
  price: (html) => html.replace(PRICE('$49.00'), PRICE('$39.00')),
  sentence: (html) => {
    const match = /(<p[^>]*>)([^<]{80,}?)\./.exec(html);
    return match ? html.replace(match[0], `${match[1]}${match[2]}, as the editor added today.`) : null;
  },
  paragraph: (html) =>
    html.replace(
      PRICE('$49.00'),
      `${PRICE('$49.00')}<p>A new paragraph the editor wrote: the product now ships in recycled packaging.</p>`,
    ),
  list_item: (html) => {
    // One \s* per repetition: two adjacent ones backtrack exponentially on a long near-miss list.
    const lists = html.match(/<ul[^>]*>(?:\s*<li>[^<]{6,}<\/li>){3,}\s*<\/ul>/g);
    const list = lists?.[0];
    const item = list?.match(/<li>[^<]{6,}<\/li>/)?.[0];
    return list && item ? html.replace(list, list.replace(item, '')) : null;
  },
};

/**
 * A check as the service runs it: compared with the baseline, and a change found confirmed by a
 * second fetch of the page (through the noise generator again) before it is reported.
 */
function check(baseline: TextSnapshot, html: string, volatile: VolatileState) {
  const markdown = markdownOf(noisy(html));
  const current = textSnapshot(markdown);
  const found = compareText(baseline, current, volatile);
  if (found.status === 'same') return { result: found, markdown, current, refetched: false };
  const again = textSnapshot(markdownOf(noisy(html)));
  return {
    result: confirmTextChange(baseline, current, again, volatile),
    markdown,
    current,
    refetched: true,
  };
}

const markdownOf = (html: string) =>
  processHtml(html, { url: 'https://example.com/page', outputs: ['markdown'], mode: 'article' }).markdown ??
  '';
const plainLines = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

interface Tally {
  falsePositives: number;
  checks: number;
  /** Noisy checks whose first fetch found a change, so a second fetch was made to confirm it. */
  confirmations: number;
  missed: Record<string, number>;
  planted: Record<string, number>;
}
const tally = (): Tally => ({ falsePositives: 0, checks: 0, confirmations: 0, missed: {}, planted: {} });
const ours = tally();
const plain = tally();

const manifest = readFileSync(`${WCXB}/manifest.jsonl`, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { folder: string });
let used = 0;
const started = Date.now();
for (const { folder: id } of manifest) {
  if (used >= PAGES) break;
  const source = gunzipSync(readFileSync(`${WCXB}/${id}/source.html.gz`)).toString('utf8');
  const page = withPrice(source, '$49.00');
  if (!page || markdownOf(page).length < 500) continue;
  used++;
  const first = markdownOf(noisy(page));
  const second = markdownOf(noisy(page));
  let baseline: TextSnapshot = textSnapshot(first);
  let volatile: VolatileState = baselineVolatility(baseline, textSnapshot(second));
  const plainBaseline = plainLines(first);
  for (let n = 0; n < CHECKS; n++) {
    const { result, markdown, current, refetched } = check(baseline, page, volatile);
    volatile = result.volatile;
    if (refetched) ours.confirmations++;
    ours.checks++;
    plain.checks++;
    if (result.status === 'changed') {
      ours.falsePositives++;
      // Which page, and what it took for a change: the lines to look at when this is not 0.
      console.error(`false positive: ${id}, check ${n + 1}`, JSON.stringify(result.diff).slice(0, 600));
      baseline = current;
    }
    if (plainLines(markdown) !== plainBaseline) plain.falsePositives++;
  }
  for (const [name, edit] of Object.entries(EDITS)) {
    const edited = edit(page);
    if (!edited || edited === page) continue;
    // An edit the content engine drops (outside the main content) is nobody's to find.
    if (plainLines(markdownOf(edited)) === plainLines(markdownOf(page))) continue;
    for (const t of [ours, plain]) t.planted[name] = (t.planted[name] ?? 0) + 1;
    const { result, markdown } = check(baseline, edited, volatile);
    if (result.status !== 'changed') ours.missed[name] = (ours.missed[name] ?? 0) + 1;
    if (plainLines(markdown) === plainBaseline) plain.missed[name] = (plain.missed[name] ?? 0) + 1;
  }
}

const sum = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0);
console.log(
  `monitor noise: ${used} WCXB pages × ${CHECKS} noisy checks, planted edits per kind: ${JSON.stringify(ours.planted)} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
for (const [name, t] of [
  ['packages/changes', ours],
  ['plain markdown diff', plain],
] as const) {
  console.log(
    `${name.padEnd(20)} false positives ${t.falsePositives}/${t.checks}   missed edits ${sum(t.missed)}/${sum(t.planted)} ${JSON.stringify(t.missed)}`,
  );
}
console.log(
  `second fetches to confirm a change: ${ours.confirmations}/${ours.checks} noisy checks (each still one scrape)`,
);
const met = (count: number) => (count === 0 ? 'met' : 'NOT met');
console.log(
  `goals (issue 26): false positives 0 — ${met(ours.falsePositives)}; missed edits 0 — ${met(sum(ours.missed))}`,
);
