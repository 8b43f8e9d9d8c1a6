/** The heading elements, `h1` to `h6`. */
export const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/*
 * Page chrome, in three extents: the rules that use them drifted apart on purpose (each set below
 * is what its rule needs, and output depends on the difference), so they live here side by side.
 */

/**
 * Page chrome around the content: navigation, footers, sidebars, menus (chosen-region.ts). Not
 * `<header>`: page builders put a whole post in one (a "header" section of the layout).
 */
export const CHROME_TAGS: ReadonlySet<string> = new Set(['nav', 'footer', 'aside', 'menu']);
export const CHROME_ROLES: ReadonlySet<string> = new Set([
  'navigation',
  'menu',
  'menubar',
  'contentinfo',
  'complementary',
]);

/**
 * Chrome where a row of linked cards is the site's menus, not an item grid (item-grid.ts): the page
 * chrome and the site header too (`<header>`, role `banner`).
 */
export const GRID_CHROME_TAGS: ReadonlySet<string> = new Set([...CHROME_TAGS, 'header']);
export const GRID_CHROME_ROLES: ReadonlySet<string> = new Set([...CHROME_ROLES, 'banner']);

/**
 * What llm mode prunes as chrome (boilerplate.ts), which keeps every content region and drops the
 * controls too: the page chrome with forms and buttons, and the site header's, search boxes',
 * dialogs', alerts', toolbars' and tab lists' roles.
 */
export const PRUNED_CHROME_TAGS: ReadonlySet<string> = new Set([...CHROME_TAGS, 'form', 'button']);
export const PRUNED_CHROME_ROLES: ReadonlySet<string> = new Set([
  ...GRID_CHROME_ROLES,
  'search',
  'dialog',
  'alert',
  'alertdialog',
  'toolbar',
  'tablist',
]);
