import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';
import { expectPhrases } from './phrases';

/*
 * Article mode on listing pages and on the page layouts they come in: small fixtures shaped like
 * real pages (arXiv's listing, a podcast directory, a course catalogue).
 */

function article(html: string, url = 'https://example.org/list/recent'): string {
  return processHtml(html, { url, outputs: ['markdown'], mode: 'article' }).markdown as string;
}

const para = (s: string): string => `<p>${s} ${s}</p>`;

describe('article mode on listing pages', () => {
  it('a wrapper holding the whole page is its layout, not chrome, whatever its class name says', () => {
    // arXiv wraps its whole page in `div.flex-wrap-footer` (a sticky-footer layout): taking it for
    // a footer threw the page away, and the lenient passes then kept the page's side column too.
    const html = `<html><body><div class="flex-wrap-footer">
      <header><a href="/">Home</a> <a href="/about">About</a></header>
      <main><div id="content"><h1>Notes on the spring release</h1>
        ${para('The spring release reworks how the scheduler assigns work to the build agents, so that long jobs no longer starve the short ones.')}
        ${para('Queues are now weighted by the expected duration of each job, measured over the last twenty runs of the same pipeline.')}
        ${para('Agents report their load every few seconds, and the scheduler moves waiting jobs to idle agents in the same pool.')}
      </div>
      <div role="complementary">
        ${para('Great write-up, we saw our queue times drop by half after upgrading, thanks to the whole team for this.')}
        ${para('Does the weighting also apply to manually triggered jobs, or only to the ones started by a push to the branch?')}
        ${para('We are still on the autumn release and will wait for the first patch release before we upgrade our agents.')}
      </div></main>
      <footer><a href="/terms">Terms</a></footer>
    </div></body></html>`;
    const md = article(html);
    expectPhrases(
      md,
      ['The spring release reworks how the scheduler', 'Agents report their load every few seconds'],
      ['Great write-up, we saw our queue times', 'We are still on the autumn release'],
    );
  });

  it('an event listing keeps each card once: its mobile and desktop copies render the same text', () => {
    const events = [
      ['Reverse-Engineering for Modernization', 'Wednesday at 4:00 PM EDT', 'Tech Transformation Hub'],
      ['How to Get Clients from Networking', 'Tomorrow at 12:00 PM GMT', 'Rebellious Business'],
      ['International HR Tech Conference', 'Tue, Mar 17, 11:00 AM GMT+1', 'People Analytics Forum'],
      ['STEM Educators Tech Clinic', 'Wed, Mar 25, 2:00 PM GMT', 'Classroom Futures Network'],
      ['Tech Writing for Engineers', 'Wed, Apr 1, 10:00 AM PDT', 'Docs Guild'],
    ];
    const card = ([title, when, host]: string[], i: number): string =>
      `<div class="event-card-layout"><a href="/e/${i}"><h3>${title}</h3></a><p>${when}</p><p>Free</p>
        <p>${host}</p></div>`;
    const html = `<html><body><nav><a href="/">Find events</a> <a href="/create">Create events</a></nav>
      <main><h1>Online tech conferences</h1><p>Browse upcoming online events near you.</p>
      <ul class="search-results">${events
        .map(
          (e, i) =>
            `<li class="search-event"><section class="small-card-mobile">${card(e, i)}</section>
              <section class="event-card-desktop">${card(e, i)}</section></li>`,
        )
        .join('')}</ul></main>
      <footer><a href="/help">Help center</a></footer></body></html>`;
    const md = article(html, 'https://www.example.com/d/online/tech-conferences/');
    expectPhrases(md, events.flat(), ['Help center']);
    for (const [title] of events) expect(md.split(title as string).length - 1, title).toBe(1);
  });

  it('a catalogue laid out in rows of three cards keeps every card, each a description and a list of links', () => {
    const areas = [
      [
        'Accounting and Auditing',
        'Stakeholders depend on accountants to prepare timely and accurate financial reports.',
      ],
      [
        'Business Analytics',
        'Businesses thrive by using data to garner insights for strategic plans and decisions.',
      ],
      ['Finance', 'Financial acumen is expected at every organizational level, in good times and bad.'],
      [
        'Hospitality',
        'The hospitality and tourism industry, the largest service industry, employs millions.',
      ],
      ['Human Resources', 'Knowledgeable human resource professionals are always in high demand everywhere.'],
      [
        'Project Management',
        'Organizations are challenged with addressing new project ventures every single year.',
      ],
    ];
    const card = ([name, text]: string[]): string =>
      `<div class="col-md-4"><div class="card"><h4>${name}</h4><p>${text}</p>
        <ul><li><a href="/c/${name}-1">Certificate in ${name}</a></li><li><a href="/c/${name}-2">${name} Essentials</a></li></ul>
        <p><a class="button" href="/c/${name}">Read More</a></p></div></div>`;
    const row = (cards: string[][]): string =>
      `<div class="widget spotlight"><div class="row">${cards.map(card).join('')}</div></div>`;
    const html = `<html><body><header><a href="/">Executive Education</a></header>
      <div class="content-body"><h1>Professional Development</h1>
      ${para('Our programs offer over sixty national and international certification programs for working professionals.')}
      ${para('Designed and taught by subject matter experts, our programs prepare working professionals to master relevant knowledge.')}
      ${para('Whether you are ready to become a certified planner or pursue a project management certification, we have a program.')}
      <section>
        ${row(areas.slice(0, 3))}
        ${row(areas.slice(3))}
      </section></div>
      <footer><a href="/privacy">Privacy policy</a></footer></body></html>`;
    const md = article(html, 'https://business.example.edu/executive-education/');
    expectPhrases(
      md,
      [...areas.flat(), 'Certificate in Finance', 'Hospitality Essentials'],
      ['Privacy policy'],
    );
  });
});
