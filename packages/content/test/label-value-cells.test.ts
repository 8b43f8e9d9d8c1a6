import { describe, expect, it } from 'vitest';
import { md } from './page';

/*
 * Item specifics laid out as label and value cells (markdown.ts), modelled on a marketplace's
 * product details: spans classed for the label and the value, with no whitespace between them in
 * the markup.
 */
describe('label and value cells', () => {
  it('separates a value from the label cell before it', () => {
    const out = md(`<div class="product-details"><h3>Product Identifiers</h3>
      <div class="details_row"><div class="details_col"><span class="details_name"><span>Publisher</span></span><span class="details_value"><span>Houghton Mifflin Harcourt</span></span></div>
      <div class="details_col"><span class="details_name"><span>ISBN-10</span></span><span class="details_value"><span>054410305X</span></span></div></div>
      <p><span class="spec-label">Colour:</span><span class="spec-value">Black</span></p></div>`);
    expect(out).toContain('Publisher Houghton Mifflin Harcourt');
    expect(out).toContain('ISBN-10 054410305X');
    expect(out).toContain('Colour: Black');
  });

  it('leaves inline markup and unlabelled values as they are', () => {
    const out = md(`<p><b>Price</b>less advice, <span class="name">Ada</span>'s notes and
      <span class="value">12</span><span class="value">.5</span> kg, a <span class="key">tab</span>le.</p>`);
    expect(out).toContain("**Price**less advice, Ada's notes and 12.5 kg, a table.");
  });
});
