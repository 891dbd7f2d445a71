// The messages of the page (protocol.js), as egonb/games/egocentric_world/session.py's GameSession.handle reads them.
import "./english.js";
import assert from "node:assert/strict";
import { test } from "node:test";
import * as protocol from "../protocol.js";
import { list, plural, say, setWords } from "../words.js";
import { readFileSync } from "node:fs";

const ENGLISH = JSON.parse(readFileSync(new URL("./words.json", import.meta.url), "utf8"));

test("every click carries the decision it answers", () => {
  assert.deepEqual(protocol.act(7, 12), { type: "act", token: 7, action: 12 });
  assert.deepEqual(protocol.newGame(7), { type: "new_game", token: 7 });
  assert.deepEqual(protocol.resume("continue"), { type: "resume", choice: "continue" });
});

test("only the session's own messages are read", () => {
  assert.equal(protocol.incoming(null), null);
  assert.equal(protocol.incoming({ type: "act" }), null);
  assert.deepEqual(protocol.incoming({ type: "welcome", saving: true }), { type: "welcome", saving: true });
});

test("plain words: plurals and lists, in the words Python sent", () => {
  assert.equal(plural(1, "ui.points"), "1 point");
  assert.equal(plural(0, "ui.cards"), "0 cards");
  assert.equal(list(["a", "b", "c"]), "a, b, or c"); // the browser's own English (CLDR), not a hand-made rule
  assert.equal(list(["a", "b"], "and"), "a and b");
  assert.equal(say("ui.status.where", { round: 2, setting: "Difficulty 1" }), "Round 2 · Difficulty 1");
  assert.equal(say("ui.no.such.word"), "ui.no.such.word"); // a word Python did not send shows as its id
  setWords({ lang: "fr", "ui.points": { one: "{n} point", other: "{n} points" }, "ui.cancel": "Annuler la sélection" });
  assert.equal(say("ui.cancel"), "Annuler la sélection"); // another reader's language: only a translation
  assert.equal(plural(0, "ui.points"), "0 point"); // French counts 0 as one (Intl.PluralRules)
  assert.equal(plural(1500, "ui.points"), "1\u202f500 points"); // numbers written the French way
  assert.equal(list(["Ada", "Ben", "Cleo"]), "Ada, Ben ou Cleo");
  assert.equal(list(["Ada", "Ben"], "and"), "Ada et Ben");
  setWords(ENGLISH);
});
