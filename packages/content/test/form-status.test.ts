import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * A service page modelled on WCXB pages built with a site builder: its contact form's plugin keeps
 * the status messages beside the form hidden by its stylesheet until the form is sent.
 */

const article = articleAt('https://plumbing.example/services/boiler-repair');

const body = `<main><h1>Boiler repair in Leeds</h1>
  <p>Our Gas Safe registered engineers repair every make of combi, system and regular boiler, most of them
  on the first visit, because our vans carry the parts that fail most often on the boilers we see.</p>
  <p>Every repair comes with a twelve month guarantee on parts and labour, and we quote a fixed price
  before any work starts, so there are no surprises on the invoice when the job is done.</p>`;

function page(form: string): string {
  return `<!doctype html><html><head><title>Boiler repair | Plumbing</title></head><body>
  <nav><a href="/">Home</a> <a href="/services">Services</a></nav>${body}
  <h2>Book a visit</h2>${form}</main><footer><p>© Plumbing</p></footer></body></html>`;
}

describe('form status messages', () => {
  it('drops the status blocks beside a form that its plugin shows only after a submission', () => {
    const md = article(
      page(`<div class="w-form"><form id="book" name="book"><input type="text" name="name" placeholder="Name"/>
      <input type="submit" value="Book now"/></form>
      <div class="w-form-done"><div>Thank you! Your submission has been received!</div></div>
      <div class="w-form-fail"><div>Oops! Something went wrong while submitting the form.</div></div></div>`),
    );
    expect(md).toContain('twelve month guarantee');
    expect(md).not.toContain('Thank you!');
    expect(md).not.toContain('Something went wrong');
  });

  it('keeps a block with such a class word away from any form', () => {
    const md = article(
      page(
        `<div class="form-success"><p>Over two thousand customers booked a repair with us last winter.</p></div>`,
      ),
    );
    expect(md).toContain('Over two thousand customers');
  });
});
