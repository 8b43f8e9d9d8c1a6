import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * Template filler (placeholder-text.ts), modelled on WCXB pages: a research firm's report page whose
 * landing-page template keeps its unfilled promotion boxes, and a shop's feature tour with sample
 * cards of a material it does not sell, one per breakpoint.
 */

const article = articleAt('https://research.example/2025-insurance-rankings');

const filler =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.';

const story = `
  <h1>2025 Top P&amp;C Insurance Company Performance Rankings</h1>
  <p>Each year, we release a series of performance rankings for property and casualty insurance
  companies based in the United States. These rankings evaluate the top 100 net written premium
  writers for the previous year, with distinct rankings for personal and commercial lines.</p>
  <p>Underwriting results improved across most of the group as rate increases outpaced loss-cost
  trends, and the commercial lines writers again posted the stronger combined ratios of the two.</p>
  <p>Personal auto remained the weakest line: repair costs and claim severity kept climbing, and
  only the largest writers returned to an underwriting profit after two difficult years.</p>
  <p>Reserve development was favourable in aggregate, though several mid-sized writers added to
  their casualty reserves for older accident years as social inflation lifted liability awards.</p>
  <p>Lorem ipsum is the scrambled Latin that typesetters have used as filler since the 1500s; the
  rankings' methodology note explains why we replaced it in last year's sample tables.</p>`;

function page(extra: string, body = story): string {
  return `<!doctype html><html><head><title>2025 Top P&amp;C Insurance Rankings</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/insights">Insights</a></nav></header>
  <main><article>${body}${extra}</article></main>
  <footer><p>© Research</p></footer></body></html>`;
}

const box = (n: number) => `<div class="row editable${n}Sec"><h5>Head Line ${n}</h5><p>${filler}</p>
  <ul><li>Lorem ipsum 1</li><li>Lorem ipsum 2</li><li>Lorem ipsum 3</li></ul><a href="#">Learn More</a></div>`;

describe('placeholder text', () => {
  it('drops blocks of template filler with their headings, lists and links', () => {
    const md = article(page(box(1) + box(2)));
    expect(md).toContain('Underwriting results improved');
    expect(md).not.toContain('consectetur adipiscing');
    expect(md).not.toContain('Head Line 1');
    expect(md).not.toContain('Lorem ipsum 2');
    // A text naming the filler is not filler.
    expect(md).toContain('scrambled Latin that typesetters');
  });

  it('drops sample cards made mostly of filler, not the block of real copy holding them', () => {
    const card = (width: string) =>
      `<div class="${width}"><p>MATERIAL Carbon Fiber</p><p>WEIGHT 1.6 oz</p><p>${filler}</p></div>`;
    const tour = `<div class="tour"><p>The Ridge is a minimalist, front pocket wallet designed to remain as
      slim as possible; its patented dual-track design expands to hold one to twelve cards.</p>
      ${card('desktop')}${card('mobile')}</div>`;
    const md = article(page(tour));
    expect(md).toContain('patented dual-track design');
    expect(md).not.toContain('Carbon Fiber');
    expect(md).not.toContain('consectetur adipiscing');
  });

  it('keeps the filler of a page that shows nothing else (a template demo, a test page)', () => {
    const md = article(
      page(box(1) + box(2), '<h1>Sample article</h1><p>A short introduction to the layout.</p>'),
    );
    expect(md).toContain('consectetur adipiscing');
  });
});
