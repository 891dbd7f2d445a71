// The page's language: a switch beside How to play and Rules (each language named in its own words), and the choice
// this browser remembers. Python picks the language from the address (`?lang=fr`), else the browser's languages
// (egonb/messages/language.py); a visitor whose address names none but who chose one here before is sent to the
// address that names it, so the order is: the address, the remembered choice, the browser's languages.
// Only on a page of its own (Voilà, the static site): inside JupyterLab the notebook chooses (egonb.messages.use).
import { h } from "./dom.js";
import { language, say } from "./words.js";

const KEY = "egonb-lang";

// The language chosen on this browser before, or null (none, or storage switched off).
export function remembered(storage = globalThis.localStorage) {
  try {
    return storage ? storage.getItem(KEY) : null;
  } catch {
    return null;
  }
}

function remember(lang, storage = globalThis.localStorage) {
  try {
    storage?.setItem(KEY, lang);
  } catch {
    // storage switched off: the address alone carries the choice
  }
}

// `href` with its `lang` set, the rest of its query (`game=…`) kept.
export function addressFor(lang, href) {
  const url = new URL(href);
  url.searchParams.set("lang", lang);
  return url.toString();
}

// Where the reader should be sent (null: stay): a remembered language the address does not name, offered and not
// already the page's.
export function remembers(href, lang, offered, storage = globalThis.localStorage) {
  if (new URL(href).searchParams.has("lang")) return null;
  const wanted = remembered(storage);
  return wanted && wanted !== lang && wanted in offered ? addressFor(wanted, href) : null;
}

// Voilà's page (its template's body) or the static edition's (egonb/site/static/index.html).
const ownPage = () => typeof document !== "undefined" &&
  (document.body?.dataset.voila === "voila" || document.body?.dataset.egonbPage === "site");

// Called when the table first has its words: on a page of its own, go to the remembered language's address.
export function followRemembered(words) {
  if (!ownPage()) return false;
  const to = remembers(location.href, language(), words.languages || {});
  if (to) location.replace(to);
  return Boolean(to);
}

// The switch (empty inside JupyterLab or with one language): a link per other language, the page's own marked.
export function languageSwitch(offered) {
  const langs = Object.entries(offered || {});
  if (!ownPage() || langs.length < 2) return "";
  const here = language();
  return h("nav", { class: "eg-langs", "aria-label": say("ui.lang.switch") },
    langs.map(([lang, name]) => lang === here
      ? h("span", { class: "eg-lang", lang, "aria-current": "true", text: name })
      : h("a", { class: "eg-lang", lang, hreflang: lang, href: addressFor(lang, location.href),
        onclick: () => remember(lang) }, name)));
}
