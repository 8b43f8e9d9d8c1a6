import { describe, expect, it } from 'vitest';
import { md } from './page';

const article = (html: string) => md(html, { mode: 'article' });
const para = (n: number) =>
  `<p>Paragraph ${n} of the essay, which goes on about the software, the install, the manuals, and the evening it took to get anything working at all.</p>`;

describe('article extraction', () => {
  it('scores the body like any other candidate: an essay of bare <p>s under <body> is kept whole', () => {
    // Old hand-written pages put the article's paragraphs straight under <body>. The body must
    // collect their scores; otherwise a quoted reader comment (the only scored container) wins
    // and the title line, short paragraphs and loose text around it are lost.
    const html = `<html><head><title>video on linux</title></head><body>
      <p><b>Video on Linux</b><br>2003 <a href="mailto:a@example.com">Jane Roe</a></p>
      ${[1, 2, 3, 4, 5, 6].map(para).join('\n')}
      <p><i>What are they thinking???</i></p>
      ${[7, 8].map(para).join('\n')}
      <hr> <b>And here is the reader mail:</b>
      <blockquote><b>Sam wrote:</b>
        <p>I tried it too, and honestly, it was worse, slower, and louder than what you describe here.</p>
        <p>Another reader note, with a comma, and another, and a few more words to make it count.</p>
      </blockquote>
    </body></html>`;
    const out = article(html);
    expect(out).toContain('Video on Linux');
    expect(out).toContain('Jane Roe');
    expect(out).toContain('What are they thinking???');
    expect(out).toContain('And here is the reader mail:');
    expect(out).toContain('Paragraph 1 of the essay');
    expect(out).toContain('Sam wrote:');
  });
});
