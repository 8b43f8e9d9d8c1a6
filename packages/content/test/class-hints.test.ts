import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * Class words that look like chrome but name the page's own blocks (article.ts `classHint`,
 * `UNLIKELY_IN_MAIN`), modelled on WCXB service pages: a theme's banner blocks holding a landing
 * page's sections, a page builder's widgets, layout utilities that clip overflow, Drupal fields
 * whose label is hidden.
 */

const article = articleAt('https://example.com/services/rentals/');

const HEADER = `<header id="header"><div class="top-bar"><ul>
  <li><strong>Business hours - Mon to Fri: 8:00 am - 4:30 pm.</strong></li>
  <li><a href="#newsletter">Newsletter</a></li><li><a href="/gallery/">Gallery</a></li>
  <li><a href="/contact/">Contact us</a></li></ul></div></header>`;

const FOOTER = `<footer><ul>${['About', 'Careers', 'Privacy', 'Terms']
  .map((t) => `<li><a href="/${t.toLowerCase()}">${t}</a></li>`)
  .join('')}</ul><p>© 2026 Example Rentals. All rights reserved.</p></footer>`;

/** A closing call to action long enough to pass for the page's content on its own. */
const CLOSING = `<section class="section"><div class="row"><div class="col"><p>Is your film shoot or
  corporate event coming up soon? Contact us today so we can discuss your requirements. We are eager
  to answer your questions and support you every step of the way. Our sales representatives have the
  knowledge and training to discuss the details of your proposal, including freight, delivery dates,
  installation and pick-up, and they will put together a quote that fits your budget and your
  schedule. Call us or fill in the form below and we will get back to you within one business day.</p>
  </div></div></section>`;

function page(main: string, region = 'main'): string {
  return `<!doctype html><html><head><title>Short-Term Fitness Rentals</title></head><body>
    ${HEADER}<${region} id="main">${main}${CLOSING}</${region}>${FOOTER}</body></html>`;
}

const SECTIONS: [string, string][] = [
  [
    'Multiple Rental Period Options',
    'Whether you are looking for a short-term rental to accommodate a special event or a longer rental to film a movie or a TV show, our team can meet your needs quickly and affordably, with flexible terms.',
  ],
  [
    'Wide Range of Gym Machines',
    'With a large warehouse facility, we have plenty of space to stock a wide assortment of strength and cardio equipment, so you do not have to wait around for items to arrive before your event.',
  ],
  [
    'Support With Installation',
    'Our staff possesses the knowledge and training needed to install your machines and teach you the techniques for operating them safely, so you will not be left to set them up on your own.',
  ],
];

function expectSections(md: string): void {
  for (const [title, text] of SECTIONS) {
    expect(md).toContain(title);
    expect(md).toContain(text.slice(0, 60));
  }
  expect(md).toContain('Is your film shoot or corporate event coming up soon?');
  expect(md).not.toContain('All rights reserved');
}

describe('class words that name the page’s own blocks', () => {
  it('keeps the banner blocks of the main region: a landing page’s sections', () => {
    const sections = SECTIONS.map(
      ([title, text]) => `<section class="section"><div class="banner has-hover"><div class="banner-inner">
        <div class="banner-layers container"><div class="text-box banner-layer"><div class="text-inner">
        <h3>${title}</h3><p>${text}</p></div></div></div></div></div></section>`,
    ).join('');
    expectSections(article(page(sections)));
  });

  it('still drops a banner outside the main region', () => {
    const md = article(
      page(
        SECTIONS.map(([title, text]) => `<section><h3>${title}</h3><p>${text}</p></section>`).join(''),
      ).replace(
        '<main',
        '<div class="promo-banner"><p>Free delivery on every rental this month, use the code SPRING.</p></div><main',
      ),
    );
    expect(md).not.toContain('Free delivery on every rental');
    expectSections(md);
  });

  it('keeps a page builder’s widgets (elementor-widget)', () => {
    const sections = SECTIONS.map(
      ([title, text]) => `<div class="elementor-element e-con-full e-flex e-con">
        <div class="elementor-element elementor-widget elementor-widget-icon-box">
        <div class="elementor-widget-container"><div class="elementor-icon-box-wrapper">
        <div class="elementor-icon-box-content"><h3 class="elementor-icon-box-title">${title}</h3>
        <p class="elementor-icon-box-description">${text}</p></div></div></div></div></div>`,
    ).join('');
    expectSections(article(page(sections)));
  });

  it('keeps blocks whose class clips overflow or hides a field’s label', () => {
    const sections = SECTIONS.map(
      ([title, text], i) =>
        `<div class="${i % 2 ? 'w-full overflow-x-hidden' : 'field field--name-body field--label-hidden'}">
        <div class="feature"><h3>${title}</h3><p>${text}</p></div></div>`,
    ).join('');
    expectSections(article(page(sections)));
  });

  it('keeps blocks whose class clips overflow in camelCase (bose-panel--overflowHidden)', () => {
    const sections = SECTIONS.map(
      ([title, text]) => `<div class="bose-panel bose-panel--overflowHidden bose-panel--centered">
        <div class="bose-panel__content"><h3>${title}</h3><div class="bose-richText"><p>${text}</p></div></div></div>`,
    ).join('');
    expectSections(article(page(sections)));
  });

  it('keeps a banner holding a heading over a paragraph of prose outside any main region', () => {
    const sections = SECTIONS.map(
      ([title, text]) => `<div class="cta cmp-cta cmp-cta__banner"><div class="cmp-cta__container">
        <div class="cmp-cta__container-text"><h2>${title}</h2><div class="cmp-text"><p>${text}</p></div></div>
        <a class="cmp-cta__button" href="/contact">Contact us</a></div></div>`,
    ).join('');
    expectSections(article(page(sections, 'div')));
  });

  it('keeps sections named for their scrolling (scroll_section)', () => {
    const sections = SECTIONS.map(
      ([title, text]) =>
        `<div class="scroll_section"><div class="feature"><h3>${title}</h3><p>${text}</p></div></div>`,
    ).join('');
    expectSections(article(page(sections)));
  });
});
