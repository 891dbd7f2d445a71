// The page's words: the browser part of the text catalogue (egonb/messages/browser.py), which Python sends in the
// reader's language as the model's `words` (the table calls `setWords` with it). No sentence is typed in the
// widgets: each is `say(id, fields)`, a template whose `{fields}` are filled here (docs/ARCHITECTURE.md, "Texts").
// Plurals, numbers and lists follow the reader's language with the browser's own rules (Intl), not hand-made ones.
let WORDS = {};
let LANG = "en";
let PLURALS = new Intl.PluralRules(LANG);
let NUMBERS = new Intl.NumberFormat(LANG);

// Take the catalogue Python sent: id -> template, or {one, other, …} (CLDR plural categories) for a count; `lang`.
export function setWords(words) {
  if (!words || typeof words !== "object") return;
  WORDS = words;
  LANG = typeof words.lang === "string" ? words.lang : "en";
  PLURALS = new Intl.PluralRules(LANG);
  NUMBERS = new Intl.NumberFormat(LANG);
}

// The reader's language ("en", "fr"), as Python sent it with the words; the words themselves.
export const language = () => LANG;
export const words = () => WORDS;

// Message `id` with its `{fields}` filled (numbers written the reader's way); a count `n` picks the form of a plural
// message. An id Python did not send reads as itself, so a missing word shows (and fails a test) instead of
// vanishing.
export function say(id, fields = {}) {
  let template = WORDS[id];
  if (template === undefined) return id;
  if (typeof template === "object") template = template[PLURALS.select(Number(fields.n))] ?? template.other;
  const shown = (value) => (typeof value === "number" ? NUMBERS.format(value) : String(value));
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? shown(fields[key]) : whole));
}

// "1 point", "0 points", "2 cards" (`ui.points`, `ui.cards` …).
export function plural(n, id) {
  return say(id, { n });
}

// "a", "a and b", "a, b or c" in the reader's language ("a, b ou c").
export function list(items, word = "or") {
  const type = word === "and" ? "conjunction" : "disjunction";
  return new Intl.ListFormat(LANG, { type }).format(items.map(String));
}

export const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);
