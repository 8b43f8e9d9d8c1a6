import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * Service and product pages as columns of sibling sections (page-sections.ts), modelled on WCXB
 * pages (a SaaS landing page's hero, feature blocks and testimonials; a product page's
 * description beside its specifications), trimmed to the structure that matters.
 */

function expectAll(md: string, phrases: string[]): void {
  for (const phrase of phrases) expect(md).toContain(phrase);
}

const article = articleAt('https://example.com/crm');

const NAV = `<div class="navbar"><ul>${['Features', 'Pricing', 'Integrations', 'Blog', 'Login']
  .map((t) => `<li><a href="/${t.toLowerCase()}">${t}</a></li>`)
  .join('')}</ul></div>`;

const FOOTER = `<footer><ul>${['About', 'Careers', 'Privacy', 'Terms', 'Contact']
  .map((t) => `<li><a href="/${t.toLowerCase()}">${t}</a></li>`)
  .join('')}</ul><p>© 2026 Example CRM Inc. All rights reserved.</p></footer>`;

function feature(title: string, text: string): string {
  return `<div class="container m-t-xl"><div class="row img-alternate">
    <div class="col-sm-4"><h3>${title}</h3><p>${text}</p></div>
    <div class="col-sm-8"><img src="/img/${title.length}.png" alt=""></div></div></div><hr>`;
}

const SERVICE = `<!doctype html><html><head><title>Free CRM Software for SMBs</title></head><body>
${NAV}
<div class="container text-center"><h1>Free CRM Software for SMBs</h1>
  <p>Accelerate growth with the leading sales and marketing CRM for small business, from a team that answers.</p></div>
${feature('Free Contact Management', 'Our free CRM software gives you 360-degree contact views with timelines, social data and call histories, email integration and web analytics in one place.')}
${feature('Marketing Automation', 'A drag-and-drop workflow designer streamlines the creation of campaign workflows. Send newsletters, create autoresponders and nurture leads automatically.')}
${feature('Free Reports by Email', 'Set up custom email reports in just a few clicks and automatically receive reports on new leads, sales and campaign results every week.')}
${feature('Extensive API', 'Powerful front-end and back-end API in REST, JavaScript, Java, PHP and Ruby, so you can exchange data between your favourite tools easily.')}
${FOOTER}
</body></html>`;

describe('service and product pages: sibling content sections', () => {
  it('a service page keeps every feature section, not only the best-scored one', () => {
    const md = article(SERVICE);
    expectAll(md, [
      'Accelerate growth with the leading sales and marketing CRM',
      '## Free Contact Management',
      '360-degree contact views',
      'A drag-and-drop workflow designer',
      'Set up custom email reports',
      'Powerful front-end and back-end API',
    ]);
    expect(md).not.toContain('All rights reserved');
    expect(md).not.toContain('Careers');
  });

  it('a product page keeps its description, price and specifications beside each other', () => {
    const md = article(`<!doctype html><html><head><title>Staple Tee</title></head><body>
      ${NAV}
      <div class="product-main"><div class="gallery"><img src="/tee.jpg" alt="Staple Tee"></div>
        <div class="product-info"><h1>Staple Tee</h1><div class="price">$20.00</div>
          <p>The Staple Tee. Enduring comfort in a regular fit, crafted from 5.3 oz combed cotton, with neck ribbing, side seams and double needle hems for durability.</p></div></div>
      <div class="product-details"><h2>Details</h2><dl>
        <dt>Fit</dt><dd>Regular fit, true to size across the whole range</dd>
        <dt>Fabric</dt><dd>Mid weight, 5.3 oz, 28-singles, 100% combed cotton</dd>
        <dt>Construction</dt><dd>Neck ribbing, side seamed, shoulder to shoulder tape, preshrunk</dd></dl></div>
      <div class="product-care"><h2>Care</h2><p>Machine wash cold with like colours, tumble dry low, do not iron the print, do not dry clean.</p></div>
      ${FOOTER}</body></html>`);
    expectAll(md, [
      '$20.00',
      'Enduring comfort in a regular fit',
      '## Details',
      'Mid weight, 5.3 oz',
      'Machine wash cold',
    ]);
    expect(md).not.toContain('All rights reserved');
  });

  it('an article does not take its author box or a call to action as sections', () => {
    const paragraphs = Array.from(
      { length: 8 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of the story, long enough to be prose: the council voted on the budget, residents spoke, and the mayor answered questions about the new library, the roads and the parks.</p>`,
    ).join('');
    const md = article(`<!doctype html><html><head><title>Council passes budget</title></head><body>
      ${NAV}<div class="page"><div class="story-body">${paragraphs}</div>
      <div class="author-box"><h4>Jane Roe</h4><p>Jane Roe covers city hall and local politics for the paper; before that she reported on schools and transport for ten years.</p></div>
      <div class="cta"><h4>Work with us</h4><p>Whether you are ready to advertise or want to partner with our newsroom on events, our team will help you reach the readers that matter.</p></div>
      </div>${FOOTER}</body></html>`);
    expect(md).toContain('Paragraph 8 of the story');
    expect(md).not.toContain('covers city hall');
    expect(md).not.toContain('partner with our newsroom');
  });

  it('the "Learn more" closing each feature card goes; a link inside a sentence stays', () => {
    const card = (title: string, text: string, href: string): string =>
      `<div class="card feature-card"><h3>${title}</h3><p>${text}</p><p><a class="card-link" href="${href}">Learn more</a></p></div>`;
    const md = article(`<!doctype html><html><head><title>Help desk software</title></head><body>${NAV}
      <main><h1>Help desk software for every team</h1>
      <p>Answer every customer from one place: email, chat and phone arrive in a shared inbox, and your team sees the whole history of each conversation. Read the <a href="/guide">setup guide</a> to start.</p>
      <div class="cards">
      ${card('Ticketing', 'Turn every email, chat and call into a ticket that is assigned, tracked and answered on time, with rules that route it to the right agent.', '/ticketing')}
      ${card('Knowledge base', 'Publish answers to common questions so customers help themselves, and suggest the right article while they type their question.', '/knowledge-base')}
      ${card('Reporting', 'See response times, satisfaction scores and workload per agent in dashboards that refresh every minute, and share them with the team.', '/reporting')}
      </div></main>${FOOTER}</body></html>`);
    expectAll(md, ['Turn every email, chat and call', 'Publish answers to common questions', 'setup guide']);
    expect(md).not.toContain('Learn more');
  });

  it('a call to action closing one section goes too, not repeated', () => {
    const md = article(`<!doctype html><html><head><title>Help desk software</title></head><body>${NAV}
      <main><h1>Help desk software for every team</h1>
      <p>Answer every customer from one place: email, chat and phone arrive in a shared inbox, and your team sees the whole history of each conversation as it grows.</p>
      <section><h2>Automation</h2><p>Let the assistant sort, tag and route every ticket, suggest replies drawn from your knowledge base and close the conversations it can answer alone.</p>
      <p><a href="/automation">Voir la démo</a></p></section>
      <section><h2>Integrations</h2><p>Connect the tools your team already uses, from the shop to the phone system, and see orders, calls and tickets side by side in one view.</p></section>
      </main>${FOOTER}</body></html>`);
    expectAll(md, ['Let the assistant sort, tag and route', 'Connect the tools your team already uses']);
    expect(md).not.toContain('Voir la démo');
  });

  it('popover elements (hidden until opened) are not content', () => {
    const md = article(`<!doctype html><html><head><title>Thread</title></head><body>
      <div popover id="install-help"><h3>Install this app</h3><p>Tap the share icon in your browser, scroll the menu and tap Add to Home Screen, then confirm in the top-right corner.</p></div>
      <div class="thread"><p>First post of the thread, long enough to be the content of this page: a question about rockets, staging and the best way to reach orbit on a budget.</p>
      <p>Second paragraph with more detail about the question, the attempts made so far and what went wrong with each of them, including the fuel calculations.</p></div>
      </body></html>`);
    expect(md).toContain('First post of the thread');
    expect(md).not.toContain('Add to Home Screen');
  });
});

describe('content hidden until the page runs or a toggle is clicked', () => {
  const specs = `<dl><dt>Frame Material</dt><dd>Manufactured Wood</dd><dt>Seat Material</dt><dd>Upholstered vinyl</dd>
    <dt>Weight Capacity</dt><dd>275 lb.</dd><dt>Product Care</dt><dd>Spot clean</dd></dl>`;

  it('keeps a product description and specifications in collapsed tab and accordion panels', () => {
    const md = article(`<!doctype html><html><head><title>Executive Chair</title></head><body>
      ${NAV}<div class="product"><h1>Executive Chair</h1><div class="price">$659.99</div>
      <div class="tabs"><button aria-controls="d">Description</button><button aria-controls="s">Specifications</button>
      <div id="d" role="tabpanel"><p>A high-back executive chair with hand-applied antique brass nail trim, a padded seat and arms, and a tilt mechanism for long working days.</p></div>
      <div id="s" role="tabpanel" hidden>${specs}</div>
      <div class="tab-pane" style="display: none"><p>Warranty: five years on the frame and two years on the gas lift, registered online.</p></div></div>
      <div class="accordion"><button id="t1">Shipping</button><div aria-labelledby="t1" aria-hidden="true"><p>Ships in 3 to 5 business days from our warehouse; assembly takes about twenty minutes with the tools included in the box.</p></div></div>
      <div class="modal fade" role="dialog" aria-labelledby="m1" aria-hidden="true"><h4 id="m1">Sign in</h4><p>Sign in to your account to save items to your favourites and track your orders from any device.</p></div>
      </div>${FOOTER}</body></html>`);
    expectAll(md, [
      'antique brass nail trim',
      'Frame Material',
      'Ships in 3 to 5',
      'five years on the frame',
    ]);
    expect(md).not.toContain('track your orders');
  });

  it('keeps the hidden panels collapsed toggles name (aria-controls), not a collapsed table of contents', () => {
    // The disclosure pattern: nothing on the panel says it is one, only the toggle naming it.
    const md = article(`<!doctype html><html><head><title>Executive Chair</title></head><body>
      ${NAV}<main><h1>Executive Chair</h1><p>A high-back executive chair with hand-applied antique brass nail trim, a padded seat and arms, and a tilt mechanism.</p>
      <button aria-expanded="false" aria-controls="toc">Contents</button>
      <div id="toc" hidden><ol><li><a href="#care">How to care for leather</a></li><li><a href="#warranty">Warranty terms</a></li></ol></div>
      <h2><button type="button" aria-expanded="false" aria-controls="specs-panel">Specifications</button></h2>
      <div id="specs-panel" hidden>${specs}</div>
      <div id="unnamed" hidden><p>This hidden paragraph is named by no toggle and must not appear in the output at all.</p></div>
      </main>${FOOTER}</body></html>`);
    expectAll(md, ['Frame Material', 'Weight Capacity']);
    expect(md).not.toContain('How to care for leather');
    expect(md).not.toContain('named by no toggle');
  });

  it('keeps the collapsed answers of an FAQ, hidden by style right after their questions', () => {
    const faq = (q: string, a: string): string =>
      `<div class="sc-64912480-0 dYjwFA" style="cursor:pointer"><span>${q}</span><svg viewBox="0 0 8 8"><path d="M0 0"/></svg></div>
      <div class="sc-64912480-0 kAHMfN" style="visibility:hidden">${a}</div>`;
    const md = article(`<!doctype html><html><head><title>Trekking Backpack 40L</title></head><body>
      ${NAV}<main><h1>Trekking Backpack 40L</h1><p>A lightweight 40 litre pack with a ventilated back panel, hip belt pockets and a rain cover stowed in its base.</p>
      <h2>FAQs</h2>${faq('Is it durable for rugged trails?', 'Yes, tear-resistant fabric and reinforced stitching stand up to rocks, branches and years of use.')}
      ${faq('Can I track my order?', 'A tracking number is sent to your email within 24 hours of shipping.')}
      <p>For a week in the mountains, our 60 litre pack carries a tent and a stove as well.</p>
      <div style="display:none"><p>This hidden promotion follows no question and must not appear in the output.</p></div>
      <div class="gallery"><div class="media-block"><p>Hey Siri, when is the next game?</p></div>
      <div class="gallery-caption" aria-hidden="true"><p>This slide's caption is hidden from every reader until its slide is shown.</p></div></div>
      </main>${FOOTER}</body></html>`);
    expectAll(md, ['tear-resistant fabric and reinforced stitching', 'A tracking number is sent']);
    expect(md).not.toContain('hidden promotion');
    expect(md).not.toContain("slide's caption");
  });

  it("keeps an accordion FAQ's questions, labels of the buttons opening their answers", () => {
    const faq = (i: number, q: string, a: string): string =>
      `<div data-state="closed" class="border-b"><h3 class="flex"><button type="button" aria-controls="radix-a${i}" aria-expanded="false" data-state="closed" id="radix-q${i}" class="group flex flex-1">${q}<div class="accordion-icon"><svg aria-hidden="true"><use href="/icons/plus.svg#plus"></use></svg></div></button></h3>
      <div data-state="closed" id="radix-a${i}" hidden="" role="region" aria-labelledby="radix-q${i}"><p>${a}</p></div></div>`;
    const md = article(`<!doctype html><html><head><title>Magnetic Project Mat</title></head><body>
      ${NAV}<main><h1>Magnetic Project Mat</h1><p>A magnetic, dry-erase work surface that keeps every screw of a repair where you put it, with a grid to map them out.</p>
      <button type="button" aria-expanded="false" aria-controls="size-menu">Choose a size</button>
      <h2>Frequently Asked Questions</h2><div class="accordion">
      ${faq(1, 'Can the mat hold screws from all types of electronic devices?', 'It holds steel screws of every size; aluminium and brass screws are not magnetic and stay put on its textured surface only.')}
      ${faq(2, 'What are the best cleaning methods?', 'Wipe it with a damp cloth or a little isopropyl alcohol; avoid abrasive pads that would scratch the dry-erase layer.')}
      </div></main>${FOOTER}</body></html>`);
    expectAll(md, [
      'all types of electronic devices?',
      'best cleaning methods?',
      'aluminium and brass screws',
    ]);
    expect(md).not.toContain('Choose a size');
  });

  it('keeps a slider custom element hidden by visibility until its script starts, not a custom modal', () => {
    const md = article(`<!doctype html><html><head><title>EVO N24</title></head><body>
      ${NAV}<main><h1>EVO N24 Work Shoe</h1><p>A safety shoe for long shifts on hard floors, with a composite toe cap and an antistatic sole.</p>
      <rs-module-wrap id="slider_wrapper" style="visibility:hidden;background:transparent;padding:0"><rs-module><rs-slide>
      <h3>Pure Vibram sole</h3><p>The EVO N24 model features a full Vibram footbed with a high-grip compound that resists oils and hydrocarbons.</p>
      </rs-slide></rs-module></rs-module-wrap>
      <modal-dialog style="visibility:hidden"><p>Subscribe to our newsletter for ten percent off your first order of work shoes.</p></modal-dialog>
      </main>${FOOTER}</body></html>`);
    expectAll(md, ['full Vibram footbed with a high-grip compound']);
    expect(md).not.toContain('Subscribe to our newsletter');
  });

  it('keeps a buying guide in collapsed accordion panels named the BEM way (block__element)', () => {
    // A category page's guide below its grid: each answer is hidden from screen readers and
    // collapsed by style until its question is clicked; the design system names the panel
    // `accordion__content` with a version suffix.
    const panel = (id: number, q: string, a: string): string =>
      `<div class="cdr-accordion_15-1-0" id="accordion-${id}-accordion"><h3 class="cdr-accordion__header_15-1-0"><button class="cdr-accordion__button_15-1-0" id="accordion-${id}">${q}</button></h3>
      <div class="cdr-accordion__content-container_15-1-0 cdr-accordion--closed_15-1-0" style="max-height:0px;"><div class="cdr-accordion__content_15-1-0 cdr-accordion--closed_15-1-0" aria-hidden="true" id="accordion-${id}-content"><p>${a}</p></div></div></div>`;
    const md = article(`<!doctype html><html><head><title>Sleeping Bags</title></head><body>
      ${NAV}<main><h1>Sleeping Bags</h1><h2>How to Choose Sleeping Bag Liners</h2>
      ${panel(1, 'How will you be using your liner?', 'For backpackers, a mummy-shaped liner keeps your sleeping bag free of dirt and body oils, helping it last longer; in hot climates it can replace the bag.')}
      ${panel(2, 'Which liner material is right for you?', 'Silk is very lightweight, compact and insulates in cold weather; cotton is strong, durable and absorbent, but not the lightest or most compact.')}
      </main>${FOOTER}</body></html>`);
    expectAll(md, ['a mummy-shaped liner keeps your sleeping bag', 'Silk is very lightweight']);
  });

  it('places React streamed parts (hidden div S:n) where their placeholder (template B:n) is', () => {
    const md = article(`<!doctype html><html><head><title>Executive Chair</title></head><body>
      ${NAV}<main><h1>Executive Chair</h1><p>A high-back executive chair with antique brass nail trim, padded arms and a tilt lock, built for long working days at the desk.</p>
      <!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main>${FOOTER}
      <div hidden id="S:0"><h2>Specifications</h2>${specs}</div>
      <div hidden id="secret"><p>This hidden paragraph is not part of the page and must not appear in the output at all, whatever its length.</p></div>
      </body></html>`);
    expectAll(md, ['## Specifications', 'Frame Material', 'Weight Capacity']);
    expect(md.indexOf('A high-back')).toBeLessThan(md.indexOf('## Specifications'));
    expect(md).not.toContain('This hidden paragraph');
  });

  it('falls back to the page without its chrome when no prose is found (a product page of lists)', () => {
    const md = article(`<!doctype html><html><head><title>Roadcase</title></head><body>
      <div class="cookie-consent"><p>We use cookies to improve your experience, for site security and for marketing.</p><button>Accept</button></div>
      <div><h1>P1 Retro Roadcase, 4 units</h1><span>$659.99</span><ul><li>Expected availability: 2-4 weeks</li></ul>${specs}</div>
      </body></html>`);
    expectAll(md, ['$659.99', 'Expected availability: 2-4 weeks', 'Frame Material', 'Spot clean']);
    expect(md).not.toContain('We use cookies');
  });
});
