import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';
import { dropMemberStats } from '../src/clutter/post-clutter';
import { bodyOf, innerText, parseHtml } from '../src/parse';
import { expectPhrases } from './phrases';

/*
 * Article mode on what forums and Q&A sites repeat around every post: comments under questions
 * and answers, member signatures. Small fixtures shaped like WCXB's Stack Exchange, phpBB and
 * XenForo pages.
 */

function article(html: string, url = 'https://qa.example/questions/429163/how-does-it-work'): string {
  return processHtml(html, { url, outputs: ['markdown'], mode: 'article' }).markdown as string;
}

const para = (text: string): string => `<p>${text}</p>`;

describe('post clutter on threads and Q&A pages', () => {
  const comment = (who: string, text: string): string =>
    `<li class="comment" itemprop="comment" itemscope itemtype="https://schema.org/Comment"><div class="comment-body"><span class="comment-copy" itemprop="text">${text}</span> – <div itemprop="author" itemscope itemtype="https://schema.org/Person"><a href="/users/${who}" class="comment-user">${who}</a></div> <span class="comment-date">Commented Mar 26, 2019 at 16:40</span></div></li>`;
  const qaPage = (): string => {
    const question = `<div id="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">How does residential electricity work?</h1><div class="s-prose js-post-body" itemprop="text">${para('I am trying to understand how the electricity works in my house. I live in the US and I know that at the transformer the primary winding induces a current in the secondary winding, which is center tapped with a neutral line.')}${para('When the circuit is closed, are hot and neutral both carrying a current that alternates back and forth, and what happens when it is open?')}</div><div class="comments"><ul class="comments-list">${comment('tony', 'When would you expect the neutral wire to ever become hot in a normal installation?')}${comment('elliot', 'Current does not alternate in a wire that is not part of a closed circuit, think again.')}</ul></div>`;
    const answer = (n: number, text: string, remark: string): string =>
      `<div id="answer-${n}" class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div class="s-prose js-post-body" itemprop="text">${para(text)}</div><div class="comments"><ul class="comments-list">${comment('rich', remark)}</ul></div></div>`;
    const answers = `<div id="answers"><h2>2 Answers</h2>${answer(1, 'The neutral is bonded to earth at the service panel, so it sits near zero volts while the hot conductor swings one hundred and seventy volts either side of it sixty times each second.', 'People in the USA often say current when they mean voltage, I blame Edison for it.')}${answer(2, 'Electrons in an open conductor do not flow; the field along the wire changes with the supply while the charges only drift a tiny distance back and forth as the voltage alternates.', 'This is the clearest explanation of drift velocity I have read on this site so far.')}</div>`;
    return `<html itemscope itemtype="https://schema.org/QAPage"><body><header><a href="/">Q&amp;A</a></header><div id="mainbar">${question}${answers}</div></div><div id="sidebar"><a href="/q/1">Hot network question one</a></div></body></html>`;
  };

  it('Q&A page: the question and every answer stay, the comments under them go', () => {
    expectPhrases(
      article(qaPage()),
      [
        'I am trying to understand how the electricity works in my house',
        'The neutral is bonded to earth at the service panel',
        'Electrons in an open conductor do not flow',
      ],
      [
        'When would you expect the neutral wire to ever become hot',
        'Current does not alternate in a wire',
        'People in the USA often say current',
        'clearest explanation of drift velocity',
        'Commented Mar 26',
      ],
    );
  });

  it('forum thread declared as DiscussionForumPosting: replies that are schema.org Comments stay', () => {
    const reply = (who: string, text: string): string =>
      `<div class="topic-post" itemprop="comment" itemscope itemtype="http://schema.org/Comment"><span itemprop="author"><a href="/u/${who}">${who}</a></span><div class="post" itemprop="text">${para(text)}</div></div>`;
    const md = article(
      `<html><body><div id="main-outlet" itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Stuck on starting after the update</h1><div class="topic-post"><span itemprop="author"><a href="/u/raoul">raoul</a></span><div class="post" itemprop="text">${para('I have just installed the new version, but at every reboot the message that the system is starting remains visible and several devices are not available at all.')}</div></div>${reply('bill', 'Looks like it is something to do with the custom integration you installed last week; try disabling it and restarting the whole system.')}${reply('raoul', 'I found a thread already open on the project tracker about this; it seems to be a general problem and is being discussed there.')}</div></body></html>`,
      'https://forum.example/t/stuck-on-starting/724779',
    );
    expectPhrases(md, ['something to do with the custom integration', 'I found a thread already open'], []);
  });

  it('Q&A page: the notices after the last answer go; a FAQ of questions holding their answers keeps what follows', () => {
    const answer = (n: number, text: string): string =>
      `<div id="answer-${n}" class="answer js-answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div class="s-prose js-post-body" itemprop="text">${para(text)}</div></div>`;
    const qa = `<html><body><div id="mainbar" itemscope itemtype="https://schema.org/QAPage"><div id="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><h1 itemprop="name">Catering an event for sixty people</h1><div class="s-prose" itemprop="text">${para('I have agreed to cater a party for about sixty guests and wonder how far ahead I can cook, and how to keep everything at a safe temperature.')}</div></div><div id="answers">${answer(1, 'Make a timeline working back from the time the food is served, and cook everything that reheats well the day before the event.')}${answer(2, 'Rent chafing dishes for the hot food and keep cold dishes on trays of ice; it is far easier than juggling ovens on the day.')}<div class="js-bottom-notice d-flex w100"><div class="flex--item"><p class="fs-body2 fw-bold">Start asking to get answers</p><p class="fs-body1">Find the answer to your question by asking.</p><a class="s-btn" href="/questions/ask">Ask question</a></div><div class="flex--item"><p class="fs-body2 fw-bold">Explore related questions</p><p class="fs-body1">See similar questions with these tags.</p></div></div></div></div></body></html>`;
    expectPhrases(
      article(qa),
      ['Make a timeline working back', 'Rent chafing dishes for the hot food'],
      ['Start asking to get answers', 'See similar questions with these tags'],
    );
    const faq = (q: string, a: string): string =>
      `<div class="faq-item" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><h3 itemprop="name">${q}</h3><div itemprop="acceptedAnswer" itemscope itemtype="https://schema.org/Answer"><div itemprop="text">${para(a)}</div></div></div>`;
    const service = `<html><body><main><h1>Office cleaning</h1>${para('We clean offices of every size across the region, in the evening or at weekends, with our own staff, equipment and eco-certified products.')}<section itemscope itemtype="https://schema.org/FAQPage"><h2>Questions</h2>${faq('Do you bring your own products?', 'Yes, every team arrives with its own equipment and certified products, included in the price.')}${faq('Can you clean at weekends?', 'Yes, we clean on Saturdays and Sundays at no extra charge for contracts of three visits a week.')}<p class="faq-note">Our team answers other questions by phone on weekdays between eight and six, and by email within a day.</p></section></main></body></html>`;
    expectPhrases(
      processHtml(service, { url: 'https://cleaning.example/services/offices', outputs: ['markdown'] })
        .markdown ?? '',
      ['we clean on Saturdays and Sundays', 'Our team answers other questions by phone'],
      [],
    );
  });

  it('forum thread: its run of same-shaped posts is the content, and the related topics beside it go', () => {
    const texts = [
      'Containers on the default bridge network cannot resolve each other by name, while on a user-defined network they can; I do not understand why.',
      'It depends on the kind of network you use. On the default bridge the resolver file of the host is mounted into the containers.',
      'On a user-defined bridge network you see the embedded DNS server address, which is how the engine refers to its own internal resolver.',
      'Thank you, that explains it. I moved both containers to a network of their own and they now find each other by name.',
      'Note that links between containers on the default bridge are a legacy feature and may be removed in a future release.',
      'Good point; I will use the network aliases instead, which also let me give the database a second name for the old clients.',
    ];
    const post = (n: number, who: string, text: string): string =>
      `<div id="post_${n}" itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator" itemprop="author"><a href="/u/${who}"><span itemprop="name">${who}</span></a></span><span class="crawler-post-infos"><time itemprop="datePublished" datetime="2024-11-0${n}T20:42:42Z">November ${n}, 2024</time><span itemprop="position">${n}</span></span></div><div class="post" itemprop="text">${para(text)}</div></div>`;
    const related = `<div id="related-topics" class="more-topics__list" role="complementary"><h3>Related topics</h3><table><thead><tr><th>Topic</th><th>Replies</th><th>Views</th></tr></thead><tbody>${[1, 2, 3, 4, 5].map((n) => `<tr><td><a href="/t/dns-question-${n}/${n}">Name resolution question number ${n} on the bridge</a></td><td>${n}</td><td>${n * 100}</td></tr>`).join('')}</tbody></table></div>`;
    const md = article(
      `<html><body><header><a href="/">Forums</a></header><div id="main-outlet" class="wrap" role="main"><div itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Container name resolution on the bridge network</h1>${texts.map((t, i) => post(i + 1, i % 2 ? 'rimelek' : 'fd', t)).join('')}</div>${related}</div></body></html>`,
      'https://forum.example/t/container-name-resolution/1234',
    );
    expectPhrases(
      md,
      ['cannot resolve each other by name', 'use the network aliases instead'],
      ['Related topics', 'Name resolution question number'],
    );
  });

  it('undeclared forum thread: a run of posts each saying more than a teaser is content, so the strict pass keeps it', () => {
    const texts = [
      'The proposal would require every member state to publish its defence budget each year, broken down by branch and by the share spent on procurement, personnel and research.',
      'I oppose this. Publishing procurement figures in that detail tells every rival exactly which programmes we are funding, and the assembly has no business setting that rule for sovereign nations.',
      'The figures are already public in most member states; the resolution only asks for them in one format so that the assembly can compare them and spot the states that underreport.',
      'Comparison is the point. Without a common format the numbers cannot be added up, and the states that claim to spend the least on arms are often the ones that spend the most.',
      'Then the resolution should say what happens to a state that refuses. As drafted it has no enforcement clause at all, which makes the whole exercise a voluntary survey.',
      'A voluntary survey is still better than nothing; most of the reporting rules the assembly passed began that way and became binding later, once enough states were used to them.',
    ];
    const post = (n: number, who: string, text: string): string =>
      `<div id="p${n}" class="post bg${(n % 2) + 1}"><div class="inner"><div class="postbody"><h3><a href="#p${n}">Re: Transparency in Defence Spending</a></h3><p class="author">by <strong><a href="./memberlist.php?u=${n}">${who}</a></strong> » Sun Aug 1${n}, 2024 10:0${n} pm</p><div class="content">${text} ${text}</div></div><dl class="postprofile"><dt><a href="./memberlist.php?u=${n}">${who}</a></dt><dd>Posts: ${n * 137}</dd></dl></div></div><hr class="divider">`;
    const md = article(
      `<html><head><title>Transparency in Defence Spending</title></head><body><div class="navbar"><ul>${['Board index', 'FAQ', 'Search'].map((t) => `<li><a href="/${t}">${t}</a></li>`).join('')}</ul></div><div id="page-body"><h2><a href="./viewtopic.php?t=1">Transparency in Defence Spending</a></h2><div class="topic-actions"><div class="pagination">6 posts • Page <strong>1</strong> of <strong>1</strong></div></div>${texts.map((t, i) => post(i + 1, `Nation ${i % 3}`, t)).join('')}</div></body></html>`,
      'https://forum.example/viewtopic.php?t=1',
    );
    expectPhrases(
      md,
      ['publish its defence budget each year', 'A voluntary survey is still better'],
      ['6 posts', 'Board index'],
    );
  });

  it('the "Last edited" note under a post goes, the post stays', () => {
    const post = (n: number, who: string, text: string): string =>
      `<article class="message message--post" data-author="${who}"><div class="message-inner"><div class="message-cell message-cell--user"><h4 class="message-name"><a href="/members/${who}.${n}/">${who}</a></h4></div><div class="message-cell message-cell--main"><div class="message-content"><div class="message-userContent"><article class="message-body"><div class="bbWrapper">${text} ${text}</div></article></div><div class="message-lastEdit">Last edited: <time datetime="2024-07-25T13:05:02-0400">Jul 25, 2024</time></div></div></div></div></article>`;
    const md = article(
      `<html><body><div class="p-body"><h1 class="p-title-value">Projector for a bright living room</h1><div class="block-body">${post(1, 'ridwan', 'I want to replace my old projector and the room gets a lot of daylight; which brightness should I look for, and does a grey screen help?')}${post(2, 'mark', 'Look for at least three thousand lumens and an ambient light rejecting screen; a grey screen helps a little but the screen material matters more.')}${post(3, 'ridwan', 'Thanks, that helps. The wall is about four metres from the seats, so I will measure the throw distance before I choose between the two models you suggested.')}</div></div></body></html>`,
      'https://forum.example/threads/projector.3291860/',
    );
    expectPhrases(
      md,
      ['which brightness should I look for', 'ambient light rejecting screen'],
      ['Last edited'],
    );
  });

  it('a schema.org InteractionCounter under a post ("7 Likes") goes, the post stays', () => {
    const post = (who: string, text: string, likes: number): string =>
      `<div class="topic-body crawler-post" itemprop="comment" itemscope itemtype="http://schema.org/Comment"><div class="crawler-post-meta"><span class="creator" itemprop="author"><a href="/u/${who}">${who}</a></span></div><div class="post" itemprop="text">${para(text)}</div><div itemprop="interactionStatistic" itemscope itemtype="http://schema.org/InteractionCounter"><meta itemprop="interactionType" content="http://schema.org/LikeAction"/><meta itemprop="userInteractionCount" content="${likes}" /><span class="post-likes">${likes} Likes</span></div></div>`;
    const md = article(
      `<html><body><div id="main-outlet" itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Is changing the MSRV a non-breaking change?</h1>${post('alice', 'I maintain a library and wonder whether raising the minimum supported compiler version must come with a new major release.', 3)}${post('bob', 'Bumping the minimum version has never been broadly considered a breaking change; some projects treat it as such, but they are a minority.', 7)}</div></body></html>`,
      'https://forum.example/t/msrv/1234',
    );
    expectPhrases(
      md,
      ['raising the minimum supported compiler version', 'never been broadly considered'],
      ['7 Likes', '3 Likes'],
    );
  });

  const thread = (signature: (who: string) => string): string => {
    const post = (n: number, who: string, text: string): string =>
      `<div id="p${n}" class="post bg${n % 2}"><div class="inner"><div class="postbody"><h3><a href="#p${n}">Re: VM fails to start after the host upgrade</a></h3><p class="author">by <strong><a href="/memberlist.php?u=${n}">${who}</a></strong> » 12. Jan 2024, 10:0${n}</p><div class="content">${text}</div>${signature(who)}</div></div></div>`;
    const posts = [
      post(
        1,
        'mpack',
        'Since the host upgrade my virtual machine stops at the boot screen with a guru meditation, and the log shows the hypervisor could not allocate the requested memory for the guest.',
      ),
      post(
        2,
        'fth0',
        'Please zip the log of a failing start and attach it; the part you pasted ends before the error, so it is hard to tell which setting the new version rejects.',
      ),
      post(
        3,
        'mpack',
        'Here it is. Reducing the guest memory from sixteen to eight gigabytes lets it boot again, so the host now reserves more than before.',
      ),
    ];
    return `<html><body><div id="wrap"><div id="page-header"><a href="/">Forums</a></div><div id="page-body"><h2 class="topic-title">VM fails to start after the host upgrade</h2>${posts.join('')}</div><div id="page-footer">Powered by a forum</div></div></body></html>`;
  };

  it('forum thread: member signatures under the posts go, the posts stay', () => {
    const md = article(
      thread(
        (who) =>
          `<div id="sig-${who}" class="signature">Host: Windows 11 Pro, 64 GB RAM, VirtualBox 7.0.14 with the extension pack; guests: Ubuntu, Debian and FreeBSD (${who})</div>`,
      ),
      'https://forums.example/viewtopic.php?t=112320',
    );
    expectPhrases(
      md,
      [
        'my virtual machine stops at the boot screen',
        'Please zip the log of a failing start',
        'Reducing the guest memory',
      ],
      ['Host: Windows 11 Pro', 'with the extension pack'],
    );
  });

  it('article: a single signature block (the author signing off) stays', () => {
    const body = Array.from(
      { length: 4 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of a letter from the editor about the year the magazine had, the readers who wrote in, the stories that mattered most to them and what comes next for the newsroom.</p>`,
    ).join('');
    const md = article(
      `<html><body><article><h1>A letter from the editor</h1>${body}<div class="signature">With gratitude to every reader who wrote to us this year, Jane Roe, editor in chief</div></article></body></html>`,
      'https://magazine.example/letter',
    );
    expect(md).toContain('With gratitude to every reader who wrote to us this year');
  });
  const xfThread = (posts: [string, string][], extra = ''): string => {
    const details = (who: string): string =>
      `<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt><dd>Dec 23, 2009</dd></dl><dl class="pairs pairs--justified"><dt>Member Type</dt><dd>Student or Learner</dd></dl><dl class="pairs pairs--justified"><dt><span title="Messages"><i class="fa fa-comments"></i></span></dt><dd>887</dd></dl><dl class="pairs pairs--justified"><dt>Home Country</dt><dd>Country of ${who}</dd></dl></div>`;
    const body = posts
      .map(
        ([who, text], i) =>
          `<article class="message message--post" id="post-${i}"><div class="message-inner"><div class="message-cell message-cell--user"><h4 class="message-name"><a href="/members/${who}">${who}</a></h4>${details(who)}</div><div class="message-cell message-cell--main"><div class="message-content"><div class="bbWrapper">${text}</div></div></div></div></article>`,
      )
      .join('');
    const ld =
      '{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Car rental or car rent?"}';
    return `<html><head><script type="application/ld+json">${ld}</script></head><body><header><a href="/">Forum</a></header><div class="p-body"><h1>Car rental or car rent?</h1><div class="block-body">${body}</div>${extra}</div><footer>Community platform</footer></body></html>`;
  };

  it("forum thread: the author panels' details repeated under every post go, a post's own list stays", () => {
    const md = article(
      xfThread([
        [
          'tomas',
          '<p>I need a name for the front page of a course for car rental companies.</p><dl><dt>Course length</dt><dd>Twelve weeks</dd><dt>Audience</dt><dd>Rental desk staff</dd></dl>',
        ],
        ['bhaisahab', '<p>I would rather say an English course in car rental.</p>'],
        ['tdol', '<p>I would use car hire as the noun and rent a car as the verb.</p>'],
      ]),
      'https://forum.example/threads/car-rental-or-car-rent.115684/',
    );
    expectPhrases(
      md,
      [
        'need a name for the front page',
        'an English course in car rental',
        'car hire as the noun',
        'Course length',
        'Twelve weeks',
      ],
      ['Joined', 'Dec 23, 2009', 'Member Type', 'Student or Learner', 'Home Country', '887'],
    );
  });

  it('short forum thread (no attempt finds enough prose): a repeated quote goes from the whole-page fallback too', () => {
    const first = 'Which sounds better for the course title: car rental English, or English for car rental?';
    const md = article(
      xfThread([
        ['tomas', first],
        [
          'bhaisahab',
          `<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-content">${first}</div></blockquote>English for car rental businesses.`,
        ],
        ['tdol', 'Car hire is what British speakers say.'],
      ]),
      'https://forum.example/threads/car-rental-or-car-rent.115684/',
    );
    expectPhrases(md, ['English for car rental businesses', 'Car hire is what British speakers say'], []);
    expect(md.split('Which sounds better for the course title').length - 1).toBe(1);
  });
  it('Q&A page: the vote tallies schema.org marks beside the question and answers go', () => {
    const post = (kind: string, votes: number, text: string): string =>
      `<div class="${kind}" itemprop="${kind === 'answer' ? 'suggestedAnswer' : 'mainEntity'}" itemscope itemtype="https://schema.org/${kind === 'answer' ? 'Answer' : 'Question'}"><div class="votecell"><button aria-label="Up vote">▲</button><div class="js-vote-count" itemprop="upvoteCount" data-value="${votes}">${votes}</div><button aria-label="Down vote">▼</button></div><div class="s-prose js-post-body" itemprop="text">${para(text)}</div></div>`;
    const md = article(
      `<html itemscope itemtype="https://schema.org/QAPage"><body><div id="mainbar"><h1>Keyboard shortcut to focus the files pane</h1>${post('question', 137, 'Is there a keyboard shortcut that sets the focus to the files pane of the file manager, so that the arrow keys move through the files and folders instead of the tree on the left?')}<h2>2 Answers</h2>${post('answer', 4821, 'Press Ctrl+E to reach the search box, then Tab twice: the focus lands on the first file of the pane and the arrow keys move through the listing from there.')}${post('answer', 59, 'A small script bound to a hotkey can move the focus to the pane directly, which also works when the search box is hidden by the current view settings.')}</div></body></html>`,
    );
    expectPhrases(
      md,
      [
        'Is there a keyboard shortcut',
        'Press Ctrl+E to reach the search box',
        'A small script bound to a hotkey',
      ],
      ['137', '4821', '59'],
    );
  });

  it('forum thread: a block repeated word for word under several posts (a signature without a class) is kept once', () => {
    const motto =
      'If debugging is the process of removing software bugs, then programming must be the process of putting them in.';
    const post = (who: string, text: string): string =>
      `<div class="topic-post" itemprop="comment" itemscope itemtype="http://schema.org/Comment"><span itemprop="author"><a href="/user/${who}">${who}</a></span><div class="content" itemprop="text">${para(text)}<div class="post-footer"><p>${motto}</p><p>~E. W. Dijkstra</p></div></div></div>`;
    const md = article(
      `<html><body><div class="topic" itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Which toolkit version for the new release?</h1>${post('sam', 'I upgraded to the new long-term release of the distribution and want to know which toolkit version its package manager installs by default.')}${post('jon', 'The distribution ships the sixth major version, built against its own compiler; you can check with the package query tool which minor release it is.')}${post('sam', 'Thanks, it is the sixth major version indeed, and the designer tool came with it, so everything I need is there now.')}</div></body></html>`,
      'https://forum.example/topic/156087/which-toolkit-version',
    );
    expectPhrases(
      md,
      [
        'I upgraded to the new long-term release',
        'The distribution ships the sixth major version',
        'it is the sixth major version indeed',
      ],
      [],
    );
    expect(md.split('If debugging is the process').length - 1).toBe(1);
  });
  it('forum thread: the bare counts beside each post and the reply box go', () => {
    const post = (who: string, likes: number, text: string): string =>
      `<div class="topic-post" itemprop="comment" itemscope itemtype="http://schema.org/Comment"><div class="poster"><span itemprop="author"><a href="/u/${who}">${who}</a></span><div class="post-count">${likes * 7}</div></div><div class="content" itemprop="text">${para(text)}</div><div class="post-actions"><span class="likes">${likes}</span><a href="#reply">Reply</a></div></div>`;
    const md = article(
      `<html><body><div class="topic" itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1 itemprop="headline">How to display a saved track on the map?</h1>${post('anna', 12, 'I saved a track from my watch as a file and would like to see it on the map next to the forecast, but the upload button does not accept it.')}${post('ivan', 31, 'Rename the file so that it ends in the track extension; the map only reads files whose name says what they hold, whatever is inside.')}${post('anna', 5, 'That worked, the track now shows over the forecast layer. Thanks for the quick help.')}</div><form method="post" action="/topic/43227/reply" class="reply-form"><h3>Sign up or log in</h3><p>Post as a guest</p><label>Name <input name="name"></label><label>Email <input name="email"></label><p>Required, but never shown</p><button>Post your reply</button></form></body></html>`,
      'https://forum.example/topic/43227/how-to-display-a-saved-track',
    );
    expectPhrases(
      md,
      [
        'I saved a track from my watch',
        'Rename the file so that it ends',
        'That worked, the track now shows',
      ],
      ['84', '217', '31', 'Post as a guest', 'Required, but never shown', 'Sign up or log in'],
    );
  });
  it('Q&A page: short answers beside a long question stay with it', () => {
    const question = [
      'I am having a problem setting up the address assignment of a virtual machine through the network server of our domain, which runs on the main controller.',
      'The virtual machine is a clean installation of a server distribution, and the address server is the domain controller that also serves the names of the network.',
      'When the machine boots it obtains an address, and I can see that address in the lease list of the management console, but the name record is never created for it.',
      'I have enabled dynamic updates in the scope properties, for clients that request them and for those that do not, and I discard the records when a lease is deleted.',
      'I have already checked the configuration of both services, and other machines obtain an address and register themselves without any problem at all.',
    ]
      .map(para)
      .join('');
    const answer = (n: number, text: string): string =>
      `<div id="answer-${n}" class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer"><div class="post-layout"><div class="answercell"><div class="s-prose js-post-body" itemprop="text">${para(text)}</div></div></div></div>`;
    const md = article(
      `<html itemscope itemtype="https://schema.org/QAPage"><body><div id="content"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question"><div id="mainbar" role="main"><div id="question"><h1 itemprop="name">Address given but no name record created</h1><div class="postcell"><div class="s-prose js-post-body" itemprop="text">${question}</div></div></div><div id="answers"><h2>2 Answers</h2>${answer(1, 'Only some systems send their name with the request; set the client to send it.')}${answer(2, 'Add the send-hostname option to the client configuration and renew the lease.')}</div></div></div><div id="sidebar"><a href="/q/1">Hot network question one</a></div></div></body></html>`,
      'https://qa.example/questions/1145952/address-given-but-no-name-record',
    );
    expectPhrases(
      md,
      [
        'I am having a problem setting up the address',
        'Only some systems send their name',
        'Add the send-hostname option',
      ],
      ['Hot network question one'],
    );
  });

  it('undeclared forum thread: the post count and join date in each author panel go, the posts stay', () => {
    const texts = [
      'My laptop fan runs at full speed all the time since the last update, even when the machine is idle and cool; is there a setting I missed?',
      'Check the power plan first. The update resets it to high performance on some models, and that keeps the fan curve pinned at its maximum.',
      'That was it. Switching back to the balanced plan brought the fan down to a whisper, thanks a lot for the quick answer.',
    ];
    const post = (n: number, who: string, text: string): string =>
      `<div class="postbody"><div class="postleft"><dl><dt><strong>${who}</strong></dt><dd class="usertitle"><strong>Member</strong></dd><dd><span>Registered: 2024-0${n}-27</span></dd><dd><span>Posts: ${n * 49}</span></dd></dl></div><div class="postright"><h3>Re: Fan always at full speed</h3><div class="postmsg"><p>${text} ${text}</p></div></div></div>`;
    const md = article(
      `<html><head><title>Fan always at full speed</title></head><body><div id="brdmenu"><ul><li><a href="/">Index</a></li><li><a href="/search">Search</a></li></ul></div><div id="punviewtopic"><h1>Fan always at full speed</h1>${texts.map((t, i) => post(i + 1, `user${i}`, t)).join('')}</div></body></html>`,
      'https://forum.example/viewtopic.php?id=2',
    );
    expectPhrases(
      md,
      ['full speed all the time', 'balanced plan brought the fan down'],
      ['Posts: 49', 'Registered: 2024'],
    );
  });

  it("undeclared two-post thread laid out in tables: the author panels' statistics go, the posts stay", () => {
    const texts = [
      'The rear brake on my bike squeals at every stop since I fitted new pads last week; the disc looks clean and the caliper is aligned.',
      'New pads need bedding in. Do twenty firm stops from a moderate speed without locking the wheel, and the noise usually goes away.',
    ];
    const post = (n: number, who: string, text: string): string =>
      `<table class="tborder" id="post${n}"><tr><td class="alt2" width="175"><div><a href="/members/${n}">${who}</a></div><div class="smallfont">Registered User</div><div class="smallfont"><div>Join Date: Mar 201${n}</div><div>Posts: ${n * 61}</div></div></td><td class="alt1"><div id="post_message_${n}">${text} ${text}</div></td></tr></table>`;
    const md = article(
      `<html><head><title>Squealing rear brake</title></head><body><div class="navbar"><a href="/">Forum</a> &gt; <a href="/bikes">Bikes</a></div><div id="posts">${texts.map((t, i) => post(i + 1, `rider${i}`, t)).join('')}</div></body></html>`,
      'https://forum.example/showthread.php?t=7',
    );
    expectPhrases(md, ['squeals at every stop', 'New pads need bedding in'], ['Posts: 61', 'Join Date']);
  });

  it('a statistic whose label and colon are in separate nodes goes; a post line with a colon stays', () => {
    const panel = (n: number): string =>
      `<div class="post"><div class="author"><div class="stats"><span><b>Posts</b>: ${n * 12}</span><span><i class="icon"></i>Registered:<br> 2019</span></div></div><div class="body"><p>Update: fixed by ${n} changes to the fan curve in the firmware settings, after trying every driver the vendor offers.</p></div></div>`;
    const body = bodyOf(parseHtml(`<body><div id="thread">${panel(1)}${panel(2)}</div></body>`));
    dropMemberStats(body);
    expect(innerText(body)).toBe(
      [1, 2]
        .map(
          (n) =>
            `Update: fixed by ${n} changes to the fan curve in the firmware settings, after trying every driver the vendor offers.`,
        )
        .join(''),
    );
  });
});
