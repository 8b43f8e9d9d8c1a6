import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';
import { expectPhrases } from './phrases';

/*
 * Article mode on trimmed real pages of every WCXB page type (fixtures/SOURCES.md): the main
 * content of each kind of page stays, the page's chrome goes. Phrases come from the page's WCXB
 * reference text (with_snippets / without_snippets and its own wording).
 */

function article(name: string, url: string): string {
  const html = readFileSync(join(import.meta.dirname, 'fixtures', `${name}.html`), 'utf8');
  return processHtml(html, { url, outputs: ['markdown'], mode: 'article' }).markdown ?? '';
}

describe('article mode on every page type', () => {
  it('forum thread: keeps every post with its author, not only the longest', () => {
    const md = article('wcxb-4564', 'https://permies.com/t/123270/Year-Tiny-House-real-world');
    expectPhrases(
      md,
      [
        'For the past year, we have found out. We are a family of (6)',
        'So how tiny is tiny? How many square feet are we talking about?',
        'Travis, what are the dimensions of your Tiny House?',
        'Our current Tiny House is 18 x 22 feet.',
        'That is too funny...probably because it is true!',
        'Travis Johnson',
        'Kathleen Sanderson',
      ],
      ['Powered by JForum', 'Register / Login'],
    );
  });

  it('listing: keeps its link-dense items (title and link) instead of dropping them as navigation', () => {
    const md = article('wcxb-2911', 'https://news.ycombinator.com/jobs');
    expectPhrases(
      md,
      [
        'These are jobs at YC startups.',
        'SigNoz (YC W21) is hiring for engineering, growth and product roles',
        'Roboflow (YC S20) Is Hiring a Security Engineer for AI Infra',
        'Bild AI (YC W25) Is Hiring Interns to Make Housing Affordable',
        'Structured AI (YC F25) Is Hiring',
      ],
      ['Apply to YC', 'Guidelines'],
    );
    expect(md).toContain('](https://signoz.io/careers)');
  });

  it('collection: keeps every product of the grid', () => {
    const md = article('wcxb-4207', 'https://club.target.com/a/kristyna.r');
    expectPhrases(
      md,
      [
        'Check out my favorites!',
        "Dr. Praeger's Frozen Gluten Free Pizza Stars - 9oz",
        'Kidfresh Frozen Fish Sticks - 8.45oz',
        'Once Upon a Farm Tractor Wheels Apple Sweet Potato & Spinach Baby Snacks - 3.35oz',
      ],
      [],
    );
  });

  it('product: keeps the description, the feature list and the specifications', () => {
    const md = article('wcxb-4017', 'https://www.prosourcefit.com/products/extra-thick-yoga-and-pilates-mat');
    expectPhrases(
      md,
      [
        'Struggling with discomfort in your knees, elbows, or wrists during yoga or Pilates?',
        'Choose between 1-inch or ½-inch of premium cushioning to suit your comfort level',
        'Moisture-resistant NBR foam makes cleaning easy',
        'Measurements:',
        'Material: NBR Foam',
        'Care: Wipe mat with a wet cloth or sponge.',
      ],
      ['Toning Balls', 'Item added to your cart'],
    );
  });

  it('documentation: keeps headings and code blocks with their line breaks', () => {
    const md = article('wcxb-0661', 'https://docs.djangoproject.com/en/5.1/ref/middleware/');
    expect(md).toMatch(/^#{2,3} Security middleware\b/m);
    expect(md).toMatch(/```\nMIDDLEWARE = \[\n\s+"\.\.\.",\n/);
    expectPhrases(md, ['LoginRequiredMiddleware'], ['Getting Help', 'Support Django!']);
  });

  it('service page: keeps its feature sections, not its menu', () => {
    const md = article('wcxb-4848', 'https://www.artistsandfleas.com/');
    expect(md).toMatch(/^### Williamsburg$/m);
    expect(md).toMatch(/^### Chelsea$/m);
    expectPhrases(
      md,
      ['Since our founding in 2003', 'Indoors with heat, AC, electricity and WiFi'],
      ['Merchant FAQs', 'Partnerships'],
    );
  });
});
