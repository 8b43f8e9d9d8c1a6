import { describe, expect, it } from 'vitest';
import { compileSchema, extract } from '../src/index';

/** One page, one schema: the extracted data (the page's URL is https://news.example/story). */
function dataOf(html: string, properties: Record<string, unknown>, required: string[] = []) {
  const schema = compileSchema({ type: 'object', properties, required });
  return extract({ html, url: 'https://news.example/story', schema }).data as Record<string, unknown>;
}

const uri = { type: 'string', format: 'uri' };

describe('images', () => {
  it('a lead_image_url is the lead image, not the page URL', () => {
    const html = `<html><head><link rel="canonical" href="https://news.example/story">
      <meta property="og:url" content="https://news.example/story">
      <meta property="og:image" content="https://cdn.news.example/lead.jpg"></head>
      <body><h1>Story</h1></body></html>`;
    expect(dataOf(html, { lead_image_url: uri, author_name: { type: 'string' } })).toEqual({
      lead_image_url: 'https://cdn.news.example/lead.jpg',
    });
  });
});

describe('names and titles', () => {
  it("drops the site's name from the document title, and a logo h1 is not the page's heading", () => {
    const html = `<html><head><title>Beginner's guide to lenses | Amateur Photographer</title>
      <meta property="og:site_name" content="Amateur Photographer"></head>
      <body><h1>Amateur Photographer</h1><p>Text</p></body></html>`;
    expect(dataOf(html, { headline: { type: 'string' } })).toEqual({
      headline: "Beginner's guide to lenses",
    });
  });

  it('a name with decorations gives way to the heading it starts with, not to a shorter name', () => {
    const page = (name: string, h1: string) =>
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"${name}"}</script></head>
       <body><h1>${h1}</h1></body></html>`;
    const schema = { name: { type: 'string' } };
    expect(dataOf(page('Trail 25 Pack - Shadow Bay - XS - XL', 'Trail 25 Pack'), schema)).toEqual({
      name: 'Trail 25 Pack',
    });
    expect(dataOf(page('Nike Pegasus 41 Road Running Shoes', 'Nike Pegasus 41'), schema)).toEqual({
      name: 'Nike Pegasus 41 Road Running Shoes',
    });
  });

  it('a bare page without heading nor title is named by its first line', () => {
    const html = '<html><body>Kenmore White 17" Microwave\n<img src="m.jpg">\n$55.00</body></html>';
    expect(dataOf(html, { name: { type: 'string' } }, ['name'])).toEqual({
      name: 'Kenmore White 17" Microwave',
    });
  });
});

describe('bylines and dates', () => {
  const authors = { type: 'array', items: { type: 'string' } };
  it('reads a visible byline with two names and a date, before a meta author that is the site', () => {
    const html = `<html><head><title>Story</title><meta name="author" content="News Example">
      <meta property="og:site_name" content="News Example"></head><body><h1>Story</h1>
      <p class="byline">By Jane Doe and John Roe · <time datetime="2024-05-05T10:00:00Z">5 May</time></p>
      </body></html>`;
    expect(dataOf(html, { authors, date_published: { type: 'string', format: 'date' } })).toEqual({
      authors: ['Jane Doe', 'John Roe'],
      date_published: '2024-05-05',
    });
  });

  it("a forum thread's poster from its username link; a handle is no author", () => {
    const html = `<html><head><meta name="twitter:creator" content="@handle"></head><body><h1>Thread</h1>
      <p>started by <a href="/members/x.1" class="username">luizjr4</a>, Feb 24, 2024</p></body></html>`;
    expect(dataOf(html, { author: { type: 'string' } })).toEqual({ author: 'luizjr4' });
  });
});

describe('plain-text lines, the buy box, identifiers and dates in words', () => {
  it('reads "Label: value", price and stock lines of a page written in lines', () => {
    const html =
      '<html><body><h1>Mug</h1><div>\nRated 4/5\n$55.00\nIn stock\nColour: Blue\n</div></body></html>';
    const data = dataOf(html, {
      price: { type: 'number' },
      in_stock: { type: 'boolean' },
      colour: { type: 'string' },
    });
    expect(data).toEqual({ price: 55, in_stock: true, colour: 'Blue' });
  });

  it('an enabled Add to cart button means in stock; a Notify me button means out of stock', () => {
    const page = (button: string) => `<html><body><h1>Mug</h1><form>${button}</form></body></html>`;
    const schema = { in_stock: { type: 'boolean' } };
    expect(dataOf(page('<button type="submit">Add to cart</button>'), schema)).toEqual({ in_stock: true });
    expect(dataOf(page('<button>Notify me when available</button>'), schema)).toEqual({ in_stock: false });
    expect(dataOf(page('<button disabled>Add to cart</button>'), schema)).toEqual({});
  });

  it('an ISBN-13 with hyphens meets a digits-only pattern; a month and year meet a YYYY-MM pattern', () => {
    const html = `<html><body><h1>Book</h1><ul><li><b>ISBN-13:</b> 978-0-7352-1129-2</li>
      <li><b>Publication date:</b> June 2010</li></ul></body></html>`;
    const data = dataOf(html, {
      isbn_13: { type: 'string', pattern: '^97[89][0-9]{10}$' },
      publication_date: { type: 'string', pattern: '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$' },
    });
    expect(data).toEqual({ isbn_13: '9780735211292', publication_date: '2010-06' });
  });
});

describe('addresses and plain-text lists', () => {
  it("a business's city and postal code from its schema.org address", () => {
    const html = `<html><head><script type="application/ld+json">{"@type":"Plumber","name":"Aztec Plumbing",
      "address":{"@type":"PostalAddress","streetAddress":"12 Metro Pkwy","addressLocality":"Fort Myers","postalCode":"33966"}}
      </script></head><body><h1>Aztec Plumbing</h1></body></html>`;
    expect(dataOf(html, { city: { type: 'string' }, postal_code: { type: 'string' } })).toEqual({
      city: 'Fort Myers',
      postal_code: '33966',
    });
  });

  it('"Ingredients:" followed by "- item" lines is a list', () => {
    const html =
      '<html><body><h1>Banana bread</h1>\nIngredients:\n- 3 ripe bananas\n- 1 egg\n\nInstructions: mix.</body></html>';
    expect(dataOf(html, { ingredients: { type: 'array', items: { type: 'string' } } })).toEqual({
      ingredients: ['3 ripe bananas', '1 egg'],
    });
  });
});

describe('labels in other words, and fields marked by class', () => {
  it('a label naming the concept in other words fills the property ("Yield", "Employer", "Print length")', () => {
    const html = `<html><body><h1>Thing</h1><ul><li><b>Yield:</b> 12 rolls</li><li><b>Employer:</b> Acme Corp</li>
      <li><b>Print length:</b> 320 pages</li><li><b>Sort by:</b> Newest</li></ul></body></html>`;
    const data = dataOf(html, {
      servings: { type: 'integer' },
      company: { type: 'string' },
      number_of_pages: { type: 'integer' },
      authors: { type: 'array', items: { type: 'string' } },
    });
    expect(data).toEqual({ servings: 12, company: 'Acme Corp', number_of_pages: 320 });
  });

  it("an element's class names its field; an element classed as a label labels the next one", () => {
    const html = `<html><body><div class="event-wrapper"><div class="event-title">Typhoon live</div>
      <div class="event-venue">The Hi-Dive<div class="address">7 S. Broadway<br>Denver, CO 80209</div></div></div>
      <div class="stat"><div class="label">Prep</div><span>10 mins</span></div>
      <div class="stat"><div class="label">Bake</div><span>45 to 55 mins</span></div></body></html>`;
    const data = dataOf(html, {
      name: { type: 'string' },
      venue: { type: 'string' },
      city: { type: 'string' },
      prep_time_minutes: { type: 'integer' },
      cook_time_minutes: { type: 'integer' },
    });
    expect(data).toEqual({
      name: 'Typhoon live',
      venue: 'The Hi-Dive',
      city: 'Denver',
      prep_time_minutes: 10,
      cook_time_minutes: 45,
    });
  });

  it('a street line then "City, ST" gives the street and the city; "N pages" is a page count', () => {
    const html =
      '<html><body><h1>Beach shop</h1>\n3102 Highway 98\nMexico Beach, FL\n224 pages\n</body></html>';
    const data = dataOf(html, {
      street_address: { type: 'string' },
      city: { type: 'string' },
      number_of_pages: { type: 'integer' },
    });
    expect(data).toEqual({ street_address: '3102 Highway 98', city: 'Mexico Beach', number_of_pages: 224 });
  });

  it('a price beside a stock phrase on one line is both; a lone price range is neither', () => {
    const schema = { price: { type: 'number' }, in_stock: { type: 'boolean' } };
    expect(dataOf('<html><body><h1>Balls</h1><p>$29.99 - In stock</p></body></html>', schema)).toEqual({
      price: 29.99,
      in_stock: true,
    });
    expect(dataOf('<html><body><h1>Room</h1><p>$100 - $240</p></body></html>', schema)).toEqual({});
  });
});

describe('bare pages, shop names, images and bylines', () => {
  it("a bare page's name is its first line that is neither a link (a breadcrumb) nor a date", () => {
    const html = `<html><body><a href="/books">Books</a> &gt; <a href="/classics">Classics</a>
      <div>Sat Sep 14</div><div>The Catcher in the Rye</div></body></html>`;
    expect(dataOf(html, { title: { type: 'string' } }, ['title'])).toEqual({
      title: 'The Catcher in the Rye',
    });
  });

  it("a book's name loses the shop's binding, date and the 'by' of an author the page names", () => {
    const page = (h1: string) =>
      `<html><body><h1>${h1}</h1><ul><li><b>Author:</b> J. B. MacKinnon</li></ul></body></html>`;
    const schema = { title: { type: 'string' } };
    expect(dataOf(page('Once and Future World by J. B. MacKinnon (2013, Hardcover)'), schema)).toEqual({
      title: 'Once and Future World',
    });
    expect(dataOf(page('Atomic Habits Hardcover – October 16, 2018'), schema)).toEqual({
      title: 'Atomic Habits',
    });
    // "by" someone the page does not name as an author stays: it may be the name itself.
    expect(dataOf(page('Killed by Police'), schema)).toEqual({ title: 'Killed by Police' });
  });

  it("a name's trailing date is dropped where the date has its own property", () => {
    const html =
      '<html><body><h1>Book</h1><p>Publisher: Little, Brown, and Company - May 1, 1991</p></body></html>';
    const data = dataOf(html, {
      publisher: { type: 'string' },
      publication_date: { type: 'string', format: 'date' },
    });
    expect(data).toEqual({ publisher: 'Little, Brown, and Company', publication_date: '1991-05-01' });
  });

  it("the content's first picture, never a logo, a header's image or a small icon; og:image first", () => {
    const body = `<header><img src="/hero-banner-top.jpg"></header><img src="/logo.png">
      <img src="/tiny.jpg" width="16" height="16"><article><img src="/cover.jpg" width="600"></article>`;
    const schema = { image_url: uri };
    expect(dataOf(`<html><body><h1>Cover</h1>${body}</body></html>`, schema)).toEqual({
      image_url: 'https://news.example/cover.jpg',
    });
    const og = '<head><meta property="og:image" content="https://cdn.news.example/og.jpg"></head>';
    expect(dataOf(`<html>${og}<body><h1>Cover</h1>${body}</body></html>`, schema)).toEqual({
      image_url: 'https://cdn.news.example/og.jpg',
    });
  });

  it('a button\'s words in a byline box ("Follow the author") are no author', () => {
    const html = `<html><body><h1>Book</h1><div class="author"><span class="author-name">James Clear</span></div>
      <div class="author"><a>Follow the author</a></div></body></html>`;
    expect(dataOf(html, { authors: { type: 'array', items: { type: 'string' } } })).toEqual({
      authors: ['James Clear'],
    });
  });
});

describe('dates written alone, catalogue names, label lines', () => {
  const event = { name: { type: 'string' }, start_date: { type: 'string', format: 'date' } };

  it('a line that is only a day, with its weekday or time, gives the date a page writes without a label', () => {
    const spans = `<html><body><div><span>Julius Caesar at the Globe</span>
      <span>Wed 01 October 2014 19:30</span></div></body></html>`;
    expect(dataOf(spans, event, ['name', 'start_date'])).toEqual({
      name: 'Julius Caesar at the Globe',
      start_date: '2014-10-01',
    });
    const broken = `<html><body><h1>Rinse</h1><p><strong>Date and Time:</strong><br>
      January 22, 2026, 8:00 PM - 9:00 PM</p></body></html>`;
    expect(dataOf(broken, event, ['start_date']).start_date).toBe('2026-01-22');
    // A sentence that holds a date is not a date line: nothing is invented for a required date.
    const sentence =
      '<html><body><h1>Open day</h1><p>We opened on 5 May 2024 with a party.</p></body></html>';
    expect(() => dataOf(sentence, event, ['start_date'])).toThrow();
  });

  it("a bare page's first line is not a label that ends in a colon", () => {
    const html =
      '<html><body><pre>Your tickets:\nFoo Fighters Concert\n2017-03-06T19:30:00-08:00\nAT&amp;T Park</pre></body></html>';
    expect(dataOf(html, event, ['name', 'start_date'])).toEqual({
      name: 'Foo Fighters Concert',
      start_date: '2017-03-06',
    });
  });

  it('an author written surname first is one person; initials spelled out after them go', () => {
    const authors = { type: 'array', items: { type: 'string' } };
    const table = (name: string) =>
      `<html><body><h1>Le concerto</h1><table><tr><th>Main Author:</th><td>${name}</td></tr></table></body></html>`;
    expect(dataOf(table('Ferchault, Guy'), { authors })).toEqual({ authors: ['Ferchault, Guy'] });
    expect(dataOf(table('Tolkien, J. R. R. (John Ronald Reuel)'), { authors })).toEqual({
      authors: ['Tolkien, J. R. R.'],
    });
    expect(dataOf(table('Anna Martel, Lea Wagner'), { authors })).toEqual({
      authors: ['Anna Martel', 'Lea Wagner'],
    });
  });
});

describe('ratings written out', () => {
  const rated = {
    rating: { type: 'number', minimum: 0, maximum: 5 },
    review_count: { type: 'integer', minimum: 0 },
  };

  it('reads "Rated 3.5/5 based on 11 customer reviews" and "4 stars - 33 reviews", not a later review\'s stars', () => {
    const lines = `<html><body>Kenmore Microwave\nRated 3.5/5 based on 11 customer reviews\n$55.00\n
      Not a happy camper - by Ellie\n1/5 stars\n</body></html>`;
    expect(dataOf(lines, rated)).toEqual({ rating: 3.5, review_count: 11 });
    const spans = `<html><body><h1>Monopoly</h1><div><span>4</span> stars - <span>33</span> reviews</div>
      <ul><li>5 stars - great game</li></ul></body></html>`;
    expect(dataOf(spans, rated)).toEqual({ rating: 4, review_count: 33 });
  });

  it('five stars inside a sentence are no rating', () => {
    const html =
      '<html><body><h1>Hotel</h1><p>Guests gave us 5 stars last year, thank you!</p></body></html>';
    expect(dataOf(html, rated)).toEqual({});
  });
});

describe('a label line between blocks', () => {
  it('a telephone property gets one number of a list ("+34983878011, +34659843463")', () => {
    const html = '<html><body><h1>Bodegas</h1><p>Telephone: +34983878011, +34659843463</p></body></html>';
    expect(dataOf(html, { telephone: { type: 'string' }, notes: { type: 'string' } })).toEqual({
      telephone: '+34983878011',
    });
  });

  it('reads "Phone: …" written between a block and an image of its parent', () => {
    const html = `<html><body><div><h1>ACME Hotel</h1><div><span>Technikerstrasse 21</span></div>
      Phone: +43 512 8000-0
      <img src="front.png" alt="Front"></div></body></html>`;
    expect(dataOf(html, { name: { type: 'string' }, telephone: { type: 'string' } })).toEqual({
      name: 'ACME Hotel',
      telephone: '+43 512 8000-0',
    });
  });
});

describe("a work's lead sentence", () => {
  const book = {
    title: { type: 'string' },
    authors: { type: 'array', items: { type: 'string' }, minItems: 1 },
    publisher: { type: 'string' },
    publication_date: { type: 'string', pattern: '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$' },
  };
  const bare = (paragraphs: string) => `<html><body>${paragraphs}</body></html>`;

  it('"<Title> is a … novel by <Person>" gives the title and the author, the role words left out', () => {
    const html = bare(
      "<p>The <strong>Hobbit</strong> is a 1937 children's fantasy novel by English author J. R. R. Tolkien (1892-1973).</p>",
    );
    expect(dataOf(html, book, ['title', 'authors'])).toEqual({
      title: 'The Hobbit',
      authors: ['J. R. R. Tolkien'],
    });
  });

  it('"<Title> was written by <Person> and … published in <year> by <Publisher>" gives all four', () => {
    const html = bare(`<p><em>The Fellowship of the Ring</em> was written by J.R.R Tolkien and
      was originally published in the United Kingdom in 1954 by George Allen &amp; Unwin.</p>
      <p>It was republished by Ballantine in 1984.</p>`);
    expect(dataOf(html, book, ['title', 'authors'])).toEqual({
      title: 'The Fellowship of the Ring',
      authors: ['J.R.R Tolkien'],
      publisher: 'George Allen & Unwin',
      publication_date: '1954',
    });
  });

  it('two authors joined by "and" are two people', () => {
    const html = bare('<p>Good Omens is a 1990 novel written by Terry Pratchett and Neil Gaiman.</p>');
    expect(dataOf(html, { authors: book.authors })).toEqual({ authors: ['Terry Pratchett', 'Neil Gaiman'] });
  });

  it('a pronoun, a lower-case subject or a thing done "by hand" yields no author', () => {
    const authors = { authors: book.authors };
    expect(dataOf(bare('<p>It is a moving novel by Jane Austen, read by millions.</p>'), authors)).toEqual(
      {},
    );
    expect(dataOf(bare('<p>The book is a short story by Anne Roe about her garden.</p>'), authors)).toEqual(
      {},
    );
    expect(
      dataOf(bare('<p>The Garden Diary was written by hand in 1901 and never printed.</p>'), authors),
    ).toEqual({});
  });

  it("a page's byline wins over its lead sentence", () => {
    const html = `<html><body><h1>Review: The Hobbit</h1><p class="byline">By Jane Doe</p>
      <p>The Hobbit is a 1937 fantasy novel by J. R. R. Tolkien, and it has aged well.</p></body></html>`;
    expect(dataOf(html, { authors: book.authors })).toEqual({ authors: ['Jane Doe'] });
  });
});

describe('markup read as the page writes it', () => {
  const book = { title: { type: 'string' }, authors: { type: 'array', items: { type: 'string' } } };
  const trilogy = (visibleName: string) => `<html><body><p itemscope itemtype="https://schema.org/Book">
    The <strong itemprop="name">Lord of the Rings</strong> is a fantasy trilogy by
    <span itemprop="author" itemscope itemtype="https://schema.org/Person">
    <meta itemprop="name" content="Tolkien, J. R. R. (John Ronald Reuel)">${visibleName} (1892-1973)</span>.</p></body></html>`;

  it("a hidden surname-first name is given names first where the page's text writes it so; a marked title keeps its article", () => {
    expect(dataOf(trilogy('J. R. R. Tolkien'), book)).toEqual({
      title: 'The Lord of the Rings',
      authors: ['J. R. R. Tolkien'],
    });
  });

  it('a surname-first name the text does not write otherwise stays as the markup has it', () => {
    expect(dataOf(trilogy('the Oxford professor'), book).authors).toEqual(['Tolkien, J. R. R.']);
  });
});

describe('a place with its state', () => {
  const job = { title: { type: 'string' }, city: { type: 'string', description: 'Where the job is' } };
  const page = (location: string) =>
    `<html><body><h2>Software Engineer</h2><p><strong>Location:</strong> ${location}</p></body></html>`;

  it('"Location: Kirkland WA" and "Location: Ottawa, ON" give the city without its state or province', () => {
    expect(dataOf(page('Kirkland WA'), job)).toEqual({ title: 'Software Engineer', city: 'Kirkland' });
    expect(dataOf(page('Ottawa, ON'), job).city).toBe('Ottawa');
  });

  it('a place whose last word is no state code stays whole', () => {
    expect(dataOf(page('Leeds UK'), job).city).toBe('Leeds UK');
  });
});

describe('a bold label before a block', () => {
  it('"<strong>Venue:</strong> Azrieli Studio <div>address</div>" gives the venue, not the address', () => {
    const html = `<html><body><h1>Rinse</h1><div><strong>Venue:</strong> Azrieli Studio
      <div>1 Elgin Street, Ottawa, ON K1P 5W1</div></div></body></html>`;
    expect(dataOf(html, { venue: { type: 'string', description: 'Name of the venue' } })).toEqual({
      venue: 'Azrieli Studio',
    });
  });

  it('a bold heading without a colon labels nothing', () => {
    const html = `<html><body><h1>Rinse</h1><div><strong>Venue</strong> notes
      <div>Doors open at 7</div></div></body></html>`;
    expect(dataOf(html, { venue: { type: 'string', description: 'Name of the venue' } })).toEqual({});
  });
});

describe("other items' authors", () => {
  it("a carousel slide's or a listed review's author is not the page's; the page's own byline is", () => {
    const authors = { authors: { type: 'array', items: { type: 'string' } } };
    const html = `<html><body><h1>Atomic Habits</h1><div class="author">James Clear</div>
      <ol class="a-carousel"><li><div class="book-author">William Spears</div></li></ol>
      <div aria-roledescription="carousel"><div><a href="/author/ann-roe">Ann Roe</a></div></div>
      <ul><li class="review"><a href="/profile/abc">Haical Haddad</a> Five stars</li></ul></body></html>`;
    expect(dataOf(html, authors)).toEqual({ authors: ['James Clear'] });
  });

  it("a testimonial's or a quotation's author is the speaker, not the page's author", () => {
    const html = `<html><body><h1>Grow your business</h1><div class="post-hero__author">Lisa Pham</div>
      <div class="pullquote-testimonial"><p>Networking is everything.</p>
      <div class="pullquote-testimonial__author">Christine Hodge</div></div>
      <blockquote><p>Say yes.</p><span class="author">Clover Hubbard</span></blockquote></body></html>`;
    expect(dataOf(html, { authors: { type: 'array', items: { type: 'string' } } })).toEqual({
      authors: ['Lisa Pham'],
    });
  });

  it('a byline outside any slide or review is read as before', () => {
    const html = `<html><body><h1>Story</h1><ul><li class="meta"><a href="/author/ann-roe">Ann Roe</a></li></ul></body></html>`;
    expect(dataOf(html, { authors: { type: 'array', items: { type: 'string' } } })).toEqual({
      authors: ['Ann Roe'],
    });
  });
});

describe('navigation markup', () => {
  it("a data-vocabulary.org Breadcrumb's title is no page's title", () => {
    const html = `<html><head><meta property="og:title" content="Do forums still matter?"></head><body>
      <div itemscope itemtype="http://data-vocabulary.org/Breadcrumb"><a itemprop="url" href="/">
      <span itemprop="title">Home</span></a></div><h1>Do forums still matter?</h1></body></html>`;
    expect(dataOf(html, { title: { type: 'string' } })).toEqual({ title: 'Do forums still matter?' });
  });
});

describe("forum software's title lead-ins", () => {
  it('"Site • View topic - <title>" is the title; a title that only starts with the word "Topic" keeps it', () => {
    const page = (title: string) =>
      `<html><head><title>${title}</title><meta property="og:site_name" content="NationStates"></head><body><p>Post</p></body></html>`;
    const schema = { title: { type: 'string' } };
    expect(dataOf(page('NationStates • View topic - 2025-26 Season: MLS is Back!'), schema)).toEqual({
      title: '2025-26 Season: MLS is Back!',
    });
    expect(dataOf(page('Topical creams that work'), schema)).toEqual({ title: 'Topical creams that work' });
  });
});

describe('author pages on other sites', () => {
  it("a /profile/ link to another site (a social account) is no author; the site's own author page is", () => {
    const authors = { authors: { type: 'array', items: { type: 'string' } } };
    const html = (href: string) =>
      `<html><body><h1>Story</h1><ul><li><a href="${href}">Hunter Dukes</a></li></ul></body></html>`;
    expect(dataOf(html('https://bsky.app/profile/hunter'), authors)).toEqual({});
    expect(dataOf(html('https://www.news.example/authors/hunter-dukes'), authors)).toEqual({
      authors: ['Hunter Dukes'],
    });
  });
});
