// The page's words: the browser part of the text catalogue (egonb/messages/browser.py), which Python sends in the
// reader's language as the model's `words` (the table calls `setWords` with it). No sentence is typed in the
// widgets: each is `say(id, fields)`, a template whose `{fields}` are filled here (docs/ARCHITECTURE.md, "Texts").
let WORDS = {};

// Take the catalogue Python sent (an object of id -> template, or [one, other] for a count), over the words taken
// before (the static page takes its own from its site.json before the model's arrive).
export function setWords(words) {
  if (words && typeof words === "object") WORDS = { ...WORDS, ...words };
}

// Message `id` with its `{fields}` filled; a count `n` picks the form of a plural message. An id Python did not
// send reads as itself, so a missing word shows (and fails a test) instead of vanishing.
export function say(id, fields = {}) {
  let template = WORDS[id];
  if (template === undefined) return id;
  if (Array.isArray(template)) template = fields.n === 1 ? template[0] : template[1];
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

// "1 point", "0 points", "2 cards" (`ui.points`, `ui.cards` …).
export function plural(n, id) {
  return say(id, { n });
}

// "a", "a and b", "a, b or c" (`ui.list.or`, `ui.list.and`).
export function list(items, word = "or") {
  if (items.length < 2) return items.join("");
  const head = items.slice(0, -1).reduce((first, next) => say("ui.list.comma", { first, next }));
  return say(`ui.list.${word}`, { first: head, last: items[items.length - 1] });
}

export const upperFirst = (text) => text.slice(0, 1).toUpperCase() + text.slice(1);
