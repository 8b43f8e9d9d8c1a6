import { describe, expect, it } from 'vitest';
import { articleAt } from './page';

/*
 * A maker's product page (footnote-disclaimers.ts), modelled on WCXB pages of a robot vacuum maker
 * and a phone maker: feature copy with footnote markers, the footnotes gathered in disclaimer blocks.
 */

const article = articleAt('https://maker.example/vacuums/j9');

const features = `
  <h1>Roomba Combo j9+ Robot Vacuum and Mop</h1>
  <p>Our most powerful clean yet, with 100% more suction power* and a mop that lifts and stores itself
  on top of the robot, so carpets stay dry while hard floors get scrubbed in the same run.</p>
  <p>Dirt Detective learns which rooms get dirtiest and cleans them first, then empties its own bin
  into the clean base, which holds up to sixty days of debris before it needs your attention.</p>
  <p>PrecisionVision Navigation spots and avoids cords, socks and pet waste, and the app shows you a
  photo of each obstacle so you can tell the robot to skip it next time or clean around it for good.</p>
  <p>The mop pad presses down with up to one kilogram of force to lift dried kitchen spills, and the
  robot learns where your rugs are so it never carries a wet pad across them, even on a new floor plan.</p>
  <h2>Specifications</h2>
  <ul><li>Runtime: up to 120 minutes</li><li>Bin volume: 0.3 litres</li><li>Height: 8.7 cm</li></ul>`;

function page(disclaimers: string): string {
  return `<!doctype html><html><head><title>Roomba Combo j9+ | Maker</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/vacuums">Vacuums</a></nav></header>
  <main><div class="pdp">${features}${disclaimers}</div></main>
  <footer><p>© Maker</p></footer></body></html>`;
}

describe('footnote disclaimers', () => {
  it('drops a disclaimer block of footnotes under the content', () => {
    const md = article(
      page(`<div class="pdp-disclaimer"><p>† Rates are between 0%-36% APR. As an example, a $700 purchase
      might cost $63.24 a month over 12 months at 15% APR.</p><p>* Compared to the Roomba 600 series.
      Suction measured in laboratory conditions on hard floors.</p></div>`),
    );
    expect(md).toContain('Dirt Detective learns which rooms');
    expect(md).toContain('Runtime: up to 120 minutes');
    expect(md).not.toContain('Rates are between');
    expect(md).not.toContain('laboratory conditions');
  });

  it('drops a disclaimer block opening with a numbered list of footnotes, or with a superscript', () => {
    const md = article(
      page(`<div id="desc-section" class="common-bottom-disclaimer"><div class="common-bottom-disclaimer__inner">
      <ol class="common-bottom-disclaimer__list" role="list">
      <li class="common-bottom-disclaimer__list-item"><span>Compared to previous models. Suction measured in
      laboratory conditions on hard floors.</span><button type="button">Back to Location</button></li>
      <li class="common-bottom-disclaimer__list-item"><span>App requires a Wi-Fi connection and an account.</span></li>
      </ol></div></div>
      <div class="legal-disclaimer"><p><sup>2</sup> Runtime measured on the lowest power setting.</p></div>`),
    );
    expect(md).toContain('Dirt Detective learns which rooms');
    expect(md).not.toContain('laboratory conditions');
    expect(md).not.toContain('Wi-Fi connection');
    expect(md).not.toContain('lowest power setting');
  });

  it('keeps a disclaimer written as plain text, and footnotes in a block not named a disclaimer', () => {
    const md = article(
      page(`<div class="disclaimer"><p>Coverage is provided by Maker Care and subject to the terms of
      the plan you choose; claims are handled within five working days.</p></div>
      <div class="notes"><p>* Compared to the Roomba 600 series.</p></div>`),
    );
    expect(md).toContain('claims are handled within five working days');
    expect(md).toContain('Compared to the Roomba 600 series');
  });
});
