// The Voilà page's start screen (egonb/app/share/jupyter/voila/templates/egonb/start.js): the sentence under the
// game's name in the reader's language, chosen as the page chooses (the address, the remembered choice, the
// browser's languages, English), and the game the address asks for.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import vm from "node:vm";

const START = readFileSync(
  new URL("../../egonb/app/share/jupyter/voila/templates/egonb/start.js", import.meta.url), "utf8");
const WORDS = { en: "Shuffling the cards…", fr: "On mélange les cartes…" };

// The start screen as the template renders it, run through start.js with this address, storage and browser.
function start({ search = "", kept = null, languages = ["en-US"], words = JSON.stringify(WORDS) } = {}) {
  const said = { dataset: { words }, textContent: WORDS.en, lang: "en" };
  const heading = { textContent: "Egocentric World" };
  const backs = [{ textContent: "EW" }, { textContent: "EW" }];
  const screen = {
    querySelector: (sel) => ({ "[data-words]": said, h1: heading })[sel],
    querySelectorAll: () => backs,
  };
  const storage = { getItem: (key) => (key === "egonb-lang" ? kept : null) };
  vm.runInNewContext(START, {
    document: { getElementById: (id) => (id === "loading" ? screen : null) },
    location: { search }, localStorage: storage, navigator: { languages, language: languages[0] },
    URLSearchParams,
  });
  return { said, heading: heading.textContent, back: backs[0].textContent };
}

test("the address's language comes first, then the remembered one, then the browser's", () => {
  assert.equal(start({ search: "?lang=fr", kept: "en", languages: ["en"] }).said.textContent, WORDS.fr);
  assert.equal(start({ search: "?lang=en", kept: "fr", languages: ["fr-FR"] }).said.textContent, WORDS.en);
  assert.equal(start({ kept: "fr", languages: ["en-GB"] }).said.textContent, WORDS.fr);
  assert.equal(start({ kept: "en", languages: ["fr-FR"] }).said.textContent, WORDS.en);
  const browser = start({ languages: ["de-DE", "fr-CA", "en"] }).said;
  assert.deepEqual([browser.textContent, browser.lang], [WORDS.fr, "fr"]);
});

test("a language with no words, or no words at all, leaves English", () => {
  assert.equal(start({ search: "?lang=de", languages: ["it"] }).said.textContent, WORDS.en);
  assert.equal(start({ words: "", languages: ["fr"] }).said.textContent, WORDS.en);
});

test("the game the address asks for is named, whatever the language", () => {
  const city = start({ search: "?game=diverse-city&lang=fr" });
  assert.deepEqual([city.heading, city.back, city.said.textContent], ["Diverse City", "DC", WORDS.fr]);
  assert.equal(start({ search: "?game=nothing" }).heading, "Egocentric World");
});
