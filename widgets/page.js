// The page around the table when it is the whole page (Voilà): the tab's icon, a card of the game, in place of
// Voilà's empty one, and the start page (the template's) taken away once the table is drawn. In JupyterLab the page
// is Lab's, and left alone. The page speaks the reader's language (`lang`), or goes to the one remembered here.
import { followRemembered } from "./language.js";
import { language, words } from "./words.js";

const ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="5" y="1" width="22" height="30" rx="4" ' +
  'fill="#a3243b" stroke="#fff" stroke-width="2"/><text x="16" y="20" font-family="sans-serif" font-size="10" ' +
  'font-weight="bold" fill="#fff" text-anchor="middle">EW</text></svg>');

export function dressPage() {
  if (!document.body || document.body.dataset.voila !== "voila") return;
  document.documentElement.lang = language();
  if (followRemembered(words())) return;
  document.getElementById("eg-start")?.remove(); // the start page, kept over the page until the table is drawn
  for (const link of document.querySelectorAll('link[rel="icon"]')) link.remove();
  document.head.append(Object.assign(document.createElement("link"), { rel: "icon", type: "image/svg+xml", href: ICON }));
}
