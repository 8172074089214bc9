/** The menu panel's id: the toggle's `aria-controls` and its no-JavaScript `#site-menu` link. */
export const MENU_ID = 'site-menu';
/** The page's top (the shell): page-top links here, and so does the menu's no-JavaScript close link. */
export const TOP_ID = 'top';
