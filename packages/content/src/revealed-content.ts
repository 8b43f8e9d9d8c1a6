import { type Elem, findAll } from './dom';
import { measureTexts } from './text-measure';

/*
 * Some pages ship their whole main content hidden (`style="display:none"`) and reveal it by
 * script once the page has loaded (a storefront app's lock screen, a deferred block). Captured
 * without running scripts, the page's visible part is then only its chrome. When one hidden
 * element holds most of the body's prose (text outside links), it is that content and is shown;
 * hidden menus, dialogs and forms hold far less of a page's prose.
 */

const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\s*(?:!important\s*)?(?:;|$)/i;
/** The hidden element holds at least this share of the body's prose… */
const MIN_SHARE = 0.75;
/** …and at least this much of it. */
const MIN_PROSE = 500;

/** Removes `display:none` from the element of `body` that hides most of its prose, if any. */
export function revealScriptHiddenContent(body: Elem): void {
  const hidden = findAll(body, (e) => DISPLAY_NONE.test(e.attrs.style ?? ''));
  if (hidden.length === 0) return;
  const measures = measureTexts(body);
  const prose = (el: Elem): number => {
    const m = measures.get(el);
    return m ? m.text - m.link : 0;
  };
  const total = prose(body);
  let best: Elem | null = null;
  for (const el of hidden) if (prose(el) > (best ? prose(best) : 0)) best = el;
  if (!best || prose(best) < MIN_PROSE || prose(best) < MIN_SHARE * total) return;
  best.attrs.style = (best.attrs.style ?? '').replace(DISPLAY_NONE, ';');
}
