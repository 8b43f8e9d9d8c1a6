/**
 * Measures the stats.tokens estimator against OpenAI's o200k_base tokenizer (gpt-tokenizer) on
 * the Markdown we produce for both corpora. Usage: npx tsx bench/content-tokens.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer';
import { decodeHtml, estimateTokens, processHtml } from '../packages/content/src/index';

const docs: string[] = [];
for (const f of readdirSync('/work/shared/corpus/pages').filter((n) => n.endsWith('.html'))) {
  const html = decodeHtml(readFileSync(join('/work/shared/corpus/pages', f))).html;
  docs.push(
    processHtml(html, { url: 'https://example.com/', outputs: ['markdown'], mode: 'raw' }).markdown ?? '',
  );
}
for (const d of readdirSync('/work/shared/corpus/readability', { withFileTypes: true }).filter((e) =>
  e.isDirectory(),
)) {
  const html = readFileSync(join('/work/shared/corpus/readability', d.name, 'source.html'), 'utf8');
  docs.push(processHtml(html, { url: 'https://example.com/', outputs: ['markdown'] }).markdown ?? '');
}

const errors: number[] = [];
let totalTrue = 0;
let totalEst = 0;
let estMs = 0;
let bpeMs = 0;
for (const md of docs) {
  if (md.length < 200) continue;
  let t0 = performance.now();
  const truth = encode(md).length;
  bpeMs += performance.now() - t0;
  t0 = performance.now();
  const est = estimateTokens(md);
  estMs += performance.now() - t0;
  totalTrue += truth;
  totalEst += est;
  errors.push((est - truth) / truth);
}
const abs = errors.map(Math.abs).sort((a, b) => a - b);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
console.log(`\nstats.tokens estimator vs o200k_base (gpt-tokenizer), ${errors.length} Markdown documents\n`);
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| total tokens (o200k_base) | ${totalTrue} |`);
console.log(`| total tokens (estimate) | ${totalEst} (${pct((totalEst - totalTrue) / totalTrue)}) |`);
console.log(`| mean signed error per document | ${pct(errors.reduce((s, e) => s + e, 0) / errors.length)} |`);
console.log(`| median absolute error | ${pct(abs[Math.floor(abs.length / 2)] ?? 0)} |`);
console.log(`| p90 absolute error | ${pct(abs[Math.floor(abs.length * 0.9)] ?? 0)} |`);
console.log(`| max absolute error | ${pct(abs[abs.length - 1] ?? 0)} |`);
console.log(`| time: estimator / BPE | ${estMs.toFixed(0)} ms / ${bpeMs.toFixed(0)} ms |`);
