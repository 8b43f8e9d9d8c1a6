import { type Elem, findAll, removeNode } from './dom';

/*
 * What a forum or Q&A page repeats around every post without being part of it: the comments
 * under a question or answer, and the signature each member appends to their posts. Both sit
 * inside the posts, so choosing the right region keeps them; they are removed from the page
 * before the content is scored.
 */

const SCHEMA_TYPE = /^https?:\/\/schema\.org\/(\w+)$/;

const schemaType = (el: Elem): string | null =>
  SCHEMA_TYPE.exec(el.attrs.itemtype?.trim() ?? '')?.[1] ?? null;

/**
 * schema.org `Comment` items inside a `Question` or `Answer` item: the remarks under a Q&A post
 * ("Could you post the log?"), not answers. Comments elsewhere — a forum thread's replies are
 * `Comment`s of its `DiscussionForumPosting` — stay.
 */
export function dropQaComments(page: Elem): void {
  const comments = findAll(page, (e) => schemaType(e) === 'Comment');
  for (const comment of comments) {
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
const SIGNATURE_TOKEN = /^(?!fa-)(?![\w-]*icon)[\w-]*signature(?:[-_]?(?:container|wrapper|content))?$/i;

/** Fewer signature blocks than this on a page are an author's sign-off, not one per post. */
const MIN_SIGNATURES = 2;

/**
 * Removes post signatures: elements a class token names as a signature, when the page has them
 * more than once (one per post). A single one is an article's sign-off and stays.
 */
export function dropSignatures(page: Elem): void {
  const blocks = findAll(page, (e) =>
    (e.attrs.class ?? '').split(/\s+/).some((t) => SIGNATURE_TOKEN.test(t)),
  );
  const outermost = blocks.filter((b) => !blocks.some((o) => o !== b && contains(o, b)));
  if (outermost.length < MIN_SIGNATURES) return;
  for (const block of outermost) removeNode(block);
}

function contains(ancestor: Elem, el: Elem): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}
