import {
  type Elem,
  elementChildren,
  findAll,
  findFirstWhere,
  innerText,
  isRawTextTag,
  isWithin,
  type Node,
  removeNode,
} from '../parse';
import { textLength } from '../text-measure';

/*
 * What a forum or Q&A page repeats around every post without being part of it: the comments
 * under a question or answer, the signature each member appends to their posts, the details of
 * each author's panel. They sit inside the posts, so choosing the right region keeps them; they
 * are removed from the page before the content is scored.
 */

const SCHEMA_TYPE = /^https?:\/\/schema\.org\/(\w+)$/;

const schemaType = (el: Elem): string | null => {
  const itemtype = el.attrs.itemtype;
  return itemtype === undefined ? null : (SCHEMA_TYPE.exec(itemtype.trim())?.[1] ?? null);
};

/**
 * What the passes below look for, found in one walk of the page (in document order) rather than
 * one walk each; each pass skips what an earlier one removed.
 */
export interface Marked {
  /** Elements with a schema.org type. */
  typed: Elem[];
  /** Elements schema.org's `upvoteCount` or `downvoteCount` marks. */
  votes: Elem[];
  /** Elements a class token names as a signature. */
  signatures: Elem[];
  /**
   * Elements whose text (script-like content aside) held a colon: a member's statistics are among
   * them. Those the passes before dropMemberStats empty of their colon are asked in vain.
   */
  colons: Set<Elem>;
}

/**
 * The marked elements of `page`. The elements `drop` claims (asked in document order, the outermost
 * first) are removed on the way, unwalked: the caller's own pass rides on this walk.
 */
export function findMarked(page: Elem, drop: (el: Elem) => boolean = () => false): Marked {
  const marked: Marked = { typed: [], votes: [], signatures: [], colons: new Set() };
  const visit = (el: Elem): boolean => {
    let colon = false;
    const kids = el.children;
    for (let i = 0; i < kids.length; i++) {
      const e = kids[i] as Node;
      if (e.type !== 1) {
        if (e.text.includes(':')) colon = true;
        continue;
      }
      if (drop(e)) {
        removeNode(e);
        i--;
        continue;
      }
      mark(e, marked);
      if (visit(e) && !isRawTextTag(e.tag)) colon = true;
    }
    if (colon) marked.colons.add(el);
    return colon;
  };
  visit(page);
  return marked;
}

/**
 * Files `e` with the marked elements it is. Apart from the walk: a kind first met after V8 compiled
 * the walk (a page's first vote count) threw away the compiled walk and every frame of it.
 */
function mark(e: Elem, marked: Marked): void {
  if (schemaType(e) !== null) marked.typed.push(e);
  const itemprop = e.attrs.itemprop;
  if (itemprop !== undefined && VOTE_COUNT.test(itemprop.trim())) marked.votes.push(e);
  // Split only the classes naming a signature at all: splitting every element's is most of the walk.
  const cls = e.attrs.class;
  if (cls !== undefined && SIGNATURE.test(cls) && cls.split(/\s+/).some((t) => SIGNATURE_TOKEN.test(t)))
    marked.signatures.push(e);
}

/**
 * schema.org `Comment` items inside a `Question` or `Answer` item: the remarks under a Q&A post
 * ("Could you post the log?"), not answers. Comments elsewhere — a forum thread's replies are
 * `Comment`s of its `DiscussionForumPosting` — stay.
 */
function dropQaComments(marked: Marked): void {
  for (const comment of marked.typed.filter((e) => schemaType(e) === 'Comment')) {
    for (let p = comment.parent; p; p = p.parent) {
      const type = schemaType(p);
      if (type === 'Question' || type === 'Answer') {
        removeNode(comment);
        break;
      }
      if (type) break;
    }
  }
}

/** A class token naming a signature block (`signature`, `post-signature`, `signaturecontainer`), not an icon. */
const SIGNATURE = /signature/i;
const SIGNATURE_TOKEN = /^(?!fa-)(?![\w-]*icon)[\w-]*signature(?:[-_]?(?:container|wrapper|content))?$/i;

/** Fewer signature blocks than this on a page are an author's sign-off, not one per post. */
const MIN_SIGNATURES = 2;

/**
 * Removes post signatures: elements a class token names as a signature, when the page has them
 * more than once (one per post). A single one is an article's sign-off and stays.
 */
function dropSignatures(page: Elem, marked: Marked): void {
  const blocks = marked.signatures.filter((b) => isWithin(b, page));
  const outermost = blocks.filter((b) => !blocks.some((o) => o !== b && isWithin(b, o)));
  if (outermost.length < MIN_SIGNATURES) return;
  for (const block of outermost) removeNode(block);
}

/** A member detail's label and value are short: "Joined" / "Apr 13, 2009", "Messages" / "887". */
const MAX_LABEL = 40;
const MAX_VALUE = 60;
/** A label in this many lists is a detail every post's author panel repeats. */
const MIN_LABEL_REPEATS = 3;

/** The label of a `<dt>`: its text, or the tooltip of the icon standing for it. */
function termLabel(dt: Elem): string {
  const text = innerText(dt);
  if (text) return text.toLowerCase().replace(/:$/, '');
  const titled = findFirstWhere(dt, (e) => !!(e.attrs.title ?? e.attrs['aria-label']));
  return (titled?.attrs.title ?? titled?.attrs['aria-label'] ?? '').trim().toLowerCase();
}

/**
 * Removes the author panels' details on a thread ("Joined Dec 23, 2009", "Messages 887",
 * "Location Spain"): description lists of short label/value pairs whose labels recur across the
 * page, once per post. A list of its own (specifications in a post) has labels found once. Only
 * on threads: a product grid's cards are such lists too (brand, name, price) and are its items.
 */
function dropMemberDetails(page: Elem): void {
  const lists = findAll(page, (e) => e.tag === 'dl');
  const labelsOf = new Map<Elem, string[]>();
  const counts = new Map<string, number>();
  for (const dl of lists) {
    const terms = elementChildren(dl).filter((c) => c.tag === 'dt');
    const values = elementChildren(dl).filter((c) => c.tag === 'dd');
    if (!terms.length || values.some((dd) => textLength(dd) > MAX_VALUE)) continue;
    const labels = terms.map(termLabel);
    if (labels.some((l) => l.length > MAX_LABEL)) continue;
    labelsOf.set(dl, labels);
    for (const label of new Set(labels)) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  for (const [dl, labels] of labelsOf) {
    if (labels.some((l) => (counts.get(l) ?? 0) >= MIN_LABEL_REPEATS)) removeNode(dl);
  }
}

/**
 * The element holding both `chosen` and every answer schema.org marks on a Q&A page, when some lie
 * outside it (a question that outscored its short answers). Null when the chosen element holds
 * them all already, or only the whole page does.
 */
export function answersRegion(chosen: Elem, page: Elem): Elem | null {
  const posts = findAll(page, (e) => schemaType(e) === 'Answer');
  if (!posts.some((p) => !isWithin(p, chosen))) return null;
  let region: Elem | null = chosen;
  while (region && region !== page && !posts.every((p) => p !== region && isWithin(p, region as Elem)))
    region = region.parent;
  return region && region !== page ? region : null;
}

const VOTE_COUNT = /^(?:up|down)voteCount$/;
/** A tally is a number, perhaps abbreviated ("1.2k") or signed. */
const TALLY = /^[+-]?\d[\d.,\s]*[km]?$/i;

/** A counted interaction is this short ("7 Likes", "12 comments", "Gefällt 3 Mal"). */
const MAX_COUNTER = 40;

/**
 * Removes the vote tallies beside posts and answers: elements schema.org's `upvoteCount` or
 * `downvoteCount` marks ("13" beside an answer), and its `InteractionCounter` items ("7 Likes"
 * under a post), which count reactions to what the post says.
 */
function dropVoteCounts(page: Elem, marked: Marked): void {
  for (const tally of marked.votes.filter((e) => isWithin(e, page)))
    if (TALLY.test(innerText(tally))) removeNode(tally);
  for (const counter of marked.typed.filter(
    (e) => schemaType(e) === 'InteractionCounter' && isWithin(e, page),
  )) {
    const text = innerText(counter);
    if (text.length <= MAX_COUNTER && /\d/.test(text)) removeNode(counter);
  }
}

/** Fewer bare numbers than this on a thread are a post's own (an answer that is a number). */
const MIN_TALLIES = 3;
/** Where a bare number is content: a table's cell, a list's item, code. */
const NUMBERED = new Set(['table', 'ol', 'ul', 'pre', 'code']);

/**
 * Removes the bare numbers a thread shows beside its posts — likes, replies, views, a member's post
 * count, a comment's votes — unmarked by schema.org: blocks whose whole text is a number, when
 * the page has several. Only on threads.
 */
function dropBareTallies(page: Elem): void {
  const tallies: Elem[] = [];
  const visit = (el: Elem): void => {
    for (const child of el.children) {
      if (child.type !== 1 || NUMBERED.has(child.tag)) continue;
      if (child.tag !== 'a' && TALLY.test(innerText(child))) tallies.push(child);
      else visit(child);
    }
  };
  visit(page);
  if (tallies.length >= MIN_TALLIES) for (const tally of tallies) removeNode(tally);
}

/**
 * An author panel's statistic: "Posts: 98", "Join Date: Mar 2016", or several in a row ("Posts: 116
 * Threads: 23 Joined: Feb 2019"), named by its first label.
 */
const STAT = /^([^:]{1,30}):\s*\S.{0,59}$/;
/** The longest whitespace-collapsed text STAT can match: a longer block is not asked. */
const STAT_MAX_LENGTH = 30 + 1 + 1 + 1 + 59;
/**
 * The labels of a member's statistics, in the languages of the forum software's packs. Asked on
 * every page (many threads declare no schema.org type), so a recurring label must be one of these.
 */
const MEMBER_STAT =
  /^(?:posts?|threads|joined|join date|registered|reputation|messages|reaction score|beiträge|registriert|mitglied seit|inscrit|inscription|mensajes|registrado|berichten|lid sinds|messaggi|iscritto)$/;

/** Two panels (a question and its one reply) suffice: the word list, not the count, guards prose. */
const MIN_STAT_REPEATS = 2;

/** The label of `text` when it is a member's statistic, else null. */
function statLabel(text: string): string | null {
  const label = STAT.exec(text)?.[1]?.trim().toLowerCase();
  return label && MEMBER_STAT.test(label) ? label : null;
}

/**
 * Removes the statistics each author panel shows outside a description list ("Posts: 98",
 * "Registered: 2024-01-27"): blocks holding one, when its label recurs across the page, once per
 * post, as dropMemberDetails does for lists.
 */
export function dropMemberStats(page: Elem, colons = findMarked(page).colons): void {
  const stats: [Elem, string][] = [];
  const counts = new Map<string, number>();
  // Every statistic holds a colon: only blocks with one in their text are read (`colons`, found in
  // one walk), as reading every element's text on the way down costs the page's text once per
  // level of nesting.
  // `read`: the length of `el`'s text when it was read and named no statistic, else -1. A child's
  // text is a slice of its parent's: as long, it is the same text (a wrapper's), and is not read.
  const visit = (el: Elem, read: number): void => {
    // The only element child of a block too long to read, between whitespace, has the same text:
    // too long too, without measuring it again from its start.
    const longWrapper = read === -1 && el !== page && wrapsOne(el);
    for (const child of el.children) {
      // Old forums lay their posts out in tables, so only code is skipped.
      if (child.type !== 1 || child.tag === 'pre' || child.tag === 'code' || !colons.has(child)) continue;
      const length = longWrapper ? Number.POSITIVE_INFINITY : textLength(child, STAT_MAX_LENGTH);
      const short = length <= STAT_MAX_LENGTH;
      const label = short && length !== read ? statLabel(innerText(child)) : null;
      if (!label) {
        visit(child, short ? length : -1);
        continue;
      }
      stats.push([child, label]);
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
  };
  visit(page, -1);
  for (const [el, label] of stats) if ((counts.get(label) ?? 0) >= MIN_STAT_REPEATS) removeNode(el);
}

/** Whether `el` holds one element and whitespace only. */
function wrapsOne(el: Elem): boolean {
  let elements = 0;
  for (const child of el.children) {
    if (child.type === 1) elements++;
    else if (NON_SPACE.test(child.text)) return false;
  }
  return elements === 1;
}

const NON_SPACE = /\S/;

/** A form holding this share of the page's text is its layout (a page wrapped in one form), not a box. */
const FORM_MAX_SHARE = 0.2;

/**
 * Removes the reply box of a thread: a form posting back to the site or holding a text area ("Your
 * answer", "Sign up or log in", "Post as a guest", "Name", "Email"). Only on threads: a contact
 * form is part of a company's page.
 */
function dropReplyForms(page: Elem): void {
  const forms = findAll(
    page,
    (e) =>
      e.tag === 'form' &&
      (e.attrs.method?.toLowerCase() === 'post' || findFirstWhere(e, (f) => f.tag === 'textarea') !== null),
  );
  if (!forms.length) return;
  const pageText = textLength(page);
  for (const form of forms) if (textLength(form) < FORM_MAX_SHARE * pageText) removeNode(form);
}

const isPost = (el: Elem): boolean => {
  const type = schemaType(el);
  return type === 'Answer' || type === 'Question';
};

/**
 * Removes what a Q&A page shows after its last answer, beside the answers ("Not the answer you're
 * looking for? Browse other questions…", "Start asking to get answers", "Know someone who can
 * answer?"): the blocks following the last schema.org `Answer` inside the elements that hold
 * answers but not the question. A FAQ's answers sit inside their questions, so nothing goes there.
 */
function dropAfterLastAnswer(page: Elem, marked: Marked): void {
  const answers = marked.typed.filter((e) => schemaType(e) === 'Answer' && isWithin(e, page));
  const last = answers[answers.length - 1];
  if (!last) return;
  for (let el: Elem = last; el.parent && el.parent !== page; el = el.parent) {
    const parent = el.parent;
    if (
      findFirstWhere(parent, (e) => schemaType(e) === 'Question') !== null ||
      schemaType(parent) === 'Question'
    )
      break;
    const after = parent.children.slice(parent.children.indexOf(el) + 1);
    for (const node of after)
      if (node.type === 1 && !isPost(node) && !findFirstWhere(node, isPost)) removeNode(node);
  }
}

/**
 * Everything above, on a page (a thread's, when `discussion`) about to be scored or pruned; `marked`:
 * its marked elements, when the caller found them before removing more of the page.
 */
export function dropPostClutter(page: Elem, discussion: boolean, marked = findMarked(page)): Elem {
  dropQaComments(marked);
  dropAfterLastAnswer(page, marked);
  dropVoteCounts(page, marked);
  dropSignatures(page, marked);
  dropMemberStats(page, marked.colons);
  if (discussion) {
    dropMemberDetails(page);
    dropReplyForms(page);
    dropBareTallies(page);
  }
  return page;
}
