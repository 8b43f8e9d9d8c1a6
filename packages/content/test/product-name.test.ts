import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * One product's page whose content is its description without its name (product-description.ts
 * `carryProductName`), modelled on WCXB course and marketplace pages: the product's name, price and
 * enrol button in a hero above the description's sections, the shop's other courses after them;
 * the name repeats the document's title, and went as a story's headline does. Trimmed to the
 * structure that matters.
 */

const article = articleAt('https://learn.example/courses/open-source-basics');

const sections = [
  [
    'Who Is It For',
    'This course is addressed to software developers seeking to understand the rules of the road of creating open source software, either as newcomers or as people with experience mostly in proprietary code.',
  ],
  [
    'What You Will Learn',
    'You will learn the key concepts of developing open source software, its benefits compared with proprietary products, how to behave in open source projects, licensing and compliance, and how to keep a project sustainable.',
  ],
  [
    'What It Prepares You For',
    'The course prepares you to use open source software in your development work in a sustainable and compliant manner, and to take part in the communities that maintain it.',
  ],
]
  .map(([h, p]) => `<section class="component"><h3>${h}</h3><p>${p}</p></section>`)
  .join('');

const others = ['Git Basics', 'Kubernetes Essentials', 'Linux Fundamentals', 'Secure Coding']
  .map(
    (t) =>
      `<div class="card"><a href="/courses/${t.length}"><img src="/i/${t.length}.png" alt=""></a><a href="/courses/${t.length}">${t}</a> <span>$299</span></div>`,
  )
  .join('');

function page(
  hero: string,
  title = 'Open Source Basics (OSB101) | Learn Example',
  heroAttrs = 'class="hero"',
): string {
  return `<!doctype html><html><head><title>${title}</title>
  <meta property="og:type" content="product"></head><body>
  <header><nav><a href="/">Home</a> <a href="/courses">Courses</a> <a href="/about">About</a></nav></header>
  <main>
    <div ${heroAttrs}>${hero}<span class="price">Free</span><form action="/cart/add"><button type="submit">Enroll now</button></form></div>
    <div class="content"><div class="column">${sections}</div>
      <div class="sidebar"><h4>Course rating</h4><p>4.7 out of 5 from 1,204 learners</p></div></div>
    <div class="more"><h2>More courses</h2><div class="cards">${others}</div></div>
  </main>
  <footer><p>© Learn Example</p></footer></body></html>`;
}

describe("a product page's name", () => {
  it('opens the content when it went as a copy of the document title', () => {
    const md = article(page('<h1>Open Source Basics (OSB101)</h1>'));
    expect(md).toContain('rules of the road');
    expect(md.trimStart().startsWith('# Open Source Basics (OSB101)')).toBe(true);
  });

  it('is not repeated when the content keeps it', () => {
    // A document title naming only the shop: the headline is no copy of it and stays in the content.
    const md = article(page('<h1>Open Source Basics (OSB101)</h1>', 'Learn Example'));
    expect(md).toContain('rules of the road');
    expect(md.match(/Open Source Basics/g)).toHaveLength(1);
  });
});

/* The same page whose hero is named a header (article.ts `isProductHeader`), as a course platform's is. */
describe("a product page's header", () => {
  const summary =
    '<h1>Open Source Basics (OSB101)</h1><div class="text-column"><p>This free course introduces developers to the key concepts of open source software: who makes it, what it is, why it pays, where it lives and how to take part in it.</p></div>';

  it('keeps the summary under the name, named a header but no site header', () => {
    const md = article(page(summary, undefined, 'id="pdp-header" class="row"'));
    expect(md).toContain('This free course introduces developers');
    expect(md).toContain('rules of the road');
  });

  it("still drops a header whose links outweigh its prose (the shop's)", () => {
    const menu = ['Catalogue', 'Certifications', 'Bootcamps', 'Corporate', 'Support', 'Account']
      .map(
        (t) => `<a href="/${t.toLowerCase()}">${t} for teams, individuals and enterprises of every size</a>`,
      )
      .join(' ');
    const md = article(
      page(
        `<h2>Menu</h2><p>${menu}</p>${summary.replace(/<h1>.*<\/h1>/, '')}`,
        undefined,
        'class="site-header"',
      ),
    );
    expect(md).not.toContain('Certifications for teams');
  });
});
