// The tutorial's card surfaces (egonb.tutorial.cards_view.CardsView): hands, piles and boards drawn from data by
// the card table's own modules (cards.js), so the cards a chapter shows are the cards of the game table. Nothing here
// is clickable: the chapters' buttons are ipywidgets, and Python sends every word and every card face.
import { back, face, stack } from "./cards.js";
import { h } from "./dom.js";
import { plural, say, setWords } from "./words.js";

// The drawing context cards.js asks of the table, for a card nobody can click: it brings its own face (the name
// and symbol Python sent with it), so an Egocentric World value and a Diverse City card draw alike.
function still(card) {
  const faces = card.name ? { [String(card.v)]: { name: card.name, symbol: card.symbol || "" } } : {};
  return { faces: () => faces, ui: { sel: [] }, busy: () => true };
}

// One item of a row: a face-up card, face-down cards (a pile when it says what it holds), or a word between cards.
export function item(card, small) {
  if (card.text !== undefined) return h("span", { class: "eg-sub eg-tut-text", text: card.text });
  if (card.pile !== undefined) {
    return stack(still(card), card.down, card.label || plural(card.down, "ui.facedown_cards"), null, null, card.pile);
  }
  if (card.down !== undefined) {
    return Array.from({ length: card.down }, () => back(card.label || plural(1, "ui.facedown_cards"), { small }));
  }
  const el = face(still(card), card.v, { small, label: card.label, extra: card.fresh ? "eg-fresh" : "" });
  return card.caption ? h("figure", { class: "eg-tut-fig" }, el, h("figcaption", { text: card.caption })) : el;
}

// A board: an optional banner (whose eyes), a title and a line of what happens, then one section per row (a seat,
// a pile, a hand), drawn with the table's seat classes.
export function board(b) {
  return [
    b.banner ? h("p", { class: `eg-tut-banner${b.banner_new ? " eg-tut-new" : ""}`, role: "status", text: b.banner }) : null,
    b.title ? h("p", { class: "eg-tut-title", text: b.title }) : null,
    b.head ? h("p", { class: "eg-tut-head", text: b.head }) : null,
    h("div", { class: "eg-tut-felt" }, (b.rows || []).map((row) => h("section", {
      class: `eg-seat${row.active ? " eg-active" : ""}`, "aria-label": row.name,
    },
      row.name ? h("h3", { class: "eg-name" }, row.name, row.note ? h("span", { class: "eg-sub", text: ` · ${row.note}` }) : null) : null,
      h("div", { class: "eg-tut-cards" }, (row.cards || []).length ? row.cards.map((c) => item(c, row.small))
        : h("span", { class: "eg-none", text: row.empty || say("ui.tut.no_cards") }))))),
  ];
}

function render({ model, el }) {
  setWords(model.get("words")); // the page's words, in the reader's language (egonb/messages/browser.py)
  const root = h("div", { class: "eg-root eg-tut" });
  el.append(root);
  const draw = () => root.replaceChildren(...board(model.get("value") || {}).filter((x) => x !== null));
  model.on("change:value", draw);
  draw();
  return () => model.off("change:value", draw);
}

export default { render };
