import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * Breadcrumb trails inside the chosen region (breadcrumbs.ts), modelled on WCXB pages: a course
 * index and an auction listing, whose trail sits in the same column as the text, above it.
 */

const article = articleAt('https://learn.example/courses/testing');

const text = `
  <p>Learn how to test web applications, from unit tests of single functions to end-to-end tests
  that drive a real browser through the flows your users depend on every day.</p>
  <p>Each module explains one kind of test, shows when it pays off and walks through a worked example
  in a small project, so that you can bring the same habits to your own code base afterwards.</p>
  <p>The course assumes you have written some JavaScript before; no earlier experience of testing
  frameworks is needed, and every tool it uses is free and open source.</p>`;

function page(trail: string): string {
  return `<!doctype html><html><head><title>Learn Testing</title></head><body>
  <main><div class="course">${trail}<h1>Learn Testing</h1>${text}</div></main>
  <footer><p>© Learn</p></footer></body></html>`;
}

describe('breadcrumb trails', () => {
  it('drops a trail named by its label or its class', () => {
    for (const trail of [
      '<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/courses">Courses catalogue</a></li></ol></nav>',
      '<div class="x-breadcrumb__wrapper"><ul><li><a href="/">Home</a></li><li><a href="/courses">Courses catalogue</a></li></ul></div>',
    ]) {
      const md = article(page(trail));
      expect(md).toContain('end-to-end tests');
      expect(md).not.toContain('Courses catalogue');
    }
  });

  it('drops a trail marked up as a schema.org BreadcrumbList', () => {
    const trail = `<ol itemscope itemtype="https://schema.org/BreadcrumbList">
      <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/"><span itemprop="name">Home</span></a></li>
      <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/courses"><span itemprop="name">Courses catalogue</span></a></li></ol>`;
    expect(article(page(trail))).not.toContain('Courses catalogue');
  });

  it('keeps a wrapper whose class mentions its trail but which holds the text', () => {
    const html = page('').replace('class="course"', 'class="course has-breadcrumbs"');
    expect(article(html)).toContain('end-to-end tests');
  });
});
