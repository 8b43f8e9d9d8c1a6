import { type Elem, findAll, findFirst, innerText, removeNode } from '../parse';

/*
 * A breadcrumb trail ("Home › Women › Tops") says where the page sits in the site, not what it
 * says; the scorer's region often holds it above the title. It names itself in its class, id or
 * label (`breadcrumbs`, `x-breadcrumb__wrapper`, aria-label "Breadcrumb") or in schema.org
 * markup (BreadcrumbList), whatever the page's language. It is removed from the chosen content,
 * not before scoring: the page's region is chosen as before.
 */

const BREADCRUMB = /breadcrumb/i;
/** A trail is a few short links; a wrapper holding more is the page's header around it. */
const MAX_TRAIL_TEXT = 300;

function namesTrail(el: Elem): boolean {
  const a = el.attrs;
  return (
    (a.class !== undefined && BREADCRUMB.test(a.class)) ||
    (a.id !== undefined && BREADCRUMB.test(a.id)) ||
    (a['aria-label'] !== undefined && BREADCRUMB.test(a['aria-label'])) ||
    (a.itemtype !== undefined && BREADCRUMB.test(a.itemtype))
  );
}

/** Removes breadcrumb trails from `content`, in place; one holding the page's headline stays. */
export function dropBreadcrumbs(content: Elem): void {
  for (const trail of findAll(content, namesTrail)) {
    if (findFirst(trail, 'h1') || innerText(trail).length > MAX_TRAIL_TEXT) continue;
    removeNode(trail);
  }
}
