// The start page's words (index.html.j2), before any Python runs: the game the address asks for (`?game=…`) and
// the sentence under it in the reader's language, chosen in the page's order (egonb/messages/language.py,
// widgets/language.js): the address (`?lang=fr`), the choice this browser remembers (localStorage `egonb-lang`), the
// browser's languages, English. The sentence in every shipped language comes from the catalogue (notebooks/voila.py
// hands it to the template), so this only chooses.
(() => {
  const start = document.getElementById("loading");
  if (!start) return;
  const query = new URLSearchParams(location.search);
  const names = { "egocentric-world": ["Egocentric World", "EW"], "diverse-city": ["Diverse City", "DC"] };
  const game = names[query.getAll("game").pop()];
  if (game) {
    start.querySelector("h1").textContent = game[0];
    start.querySelectorAll(".eg-start-back span").forEach((s) => { s.textContent = game[1]; });
  }
  const said = start.querySelector("[data-words]");
  let words = {};
  try {
    words = JSON.parse(said.dataset.words);
  } catch {
    return; // no words handed over: the sentence stays as rendered
  }
  let kept = null;
  try {
    kept = localStorage.getItem("egonb-lang");
  } catch {
    // storage switched off
  }
  const primary = (tag) => String(tag || "").trim().replace("_", "-").split("-")[0].toLowerCase();
  const wanted = [query.getAll("lang").pop(), kept, ...(navigator.languages || [navigator.language])].map(primary);
  const lang = wanted.find((l) => l in words) || "en";
  if (words[lang]) {
    said.textContent = words[lang];
    said.lang = lang;
  }
})();
