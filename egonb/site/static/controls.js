// Egocentric World's controls on the static page, as the Voilà app draws them with ipywidgets
// (egonb/games/egocentric_world/controller.py) over the same session: what the next New game deals (solo at a difficulty, SM2, or
// multiplayer against AI players of a strength), New game (which asks "Abandon this game?" as every page does,
// widgets/controls.js), the hint that says when a choice applies, and the pace of the others' turns. `post` sends
// the page's own messages to the worker; what they show comes back from the session ({kind: "controls"}, the
// model's pace_ms), in the reader's language with every option's words and the hint (egonb/site/host.py); `say`
// gives the labels (egonb/messages/site.py).
import { choiceSelect, newGameControl, paceOptions } from "./widgets/controls.js";
import { sessionClient } from "./widgets/session.js";

const NORMAL_MS = 900; // the session's Normal pace (egonb/games/egocentric_world/session.py PACES)

export function egocentricControls(model, post, box, say) {
  const client = sessionClient(model);
  let shown = { playing: 2, next: 2, progress: false, game: "solo", opponents: 3, strength: "Greedy", players: 3 };
  const newGame = newGameControl({ cls: "site-new-game", needed: () => shown.progress,
    onNew: () => post({ kind: "new_game" }) });
  const chooseGame = (changes) => {
    newGame.stop();
    post({ kind: "game", game: shown.game, opponents: shown.opponents, strength: shown.strength, ...changes });
  };
  // The games, AI players and strengths come with the session's first answer (egonb/site/host.py `flush`).
  const game = choiceSelect(say("site.controls.game"), "site-game", [], "solo", (g) => chooseGame({ game: g }));
  const difficulty = choiceSelect(say("controls.difficulty"), "site-difficulty", [], 2, (level) => {
    newGame.stop();
    post({ kind: "difficulty", level });
  });
  const opponents = choiceSelect(say("controls.opponents"), "site-opponents", [], 3, (n) => chooseGame({ opponents: n }));
  const strength = choiceSelect(say("controls.strength"), "site-strength", [], "Greedy", (s) => chooseGame({ strength: s }));
  const startPace = new URLSearchParams(location.search).has("pace")
    ? Number(new URLSearchParams(location.search).get("pace")) : NORMAL_MS;
  let paces = []; // [[ms, name]]: the names in the reader's language come with the session's first answer
  const pace = choiceSelect(say("controls.pace"), "site-pace", paceOptions(paces, startPace), startPace, (ms) => {
    newGame.stop();
    client.choosePace(ms);
  }, say("controls.pace.help"));
  pace.el.classList.add("egonb-pace");
  const hintBox = Object.assign(document.createElement("span"), { id: "hint", className: "egonb-hint" });
  hintBox.setAttribute("aria-live", "polite");
  box.replaceChildren(game.el, difficulty.el, opponents.el, strength.el, newGame.el, hintBox, pace.el);
  model.on("change:pace_ms", () => pace.show(paceOptions(paces, model.get("pace_ms")), model.get("pace_ms")));
  model.on("change:feed", newGame.stop); // a move, a new or a continued game: "Abandon?" is moot

  // The game and its difficulty are set for a whole game: a change waits for the next New game, and says so.
  // While a saved game is offered, "this game" is that one. Only the controls of the chosen kind are shown.
  function show(c) {
    shown = c;
    game.show(c.games, c.game);
    difficulty.show(c.difficulties, c.next);
    opponents.show(c.opponents_words, c.opponents);
    strength.show(c.strengths_words, c.strength);
    if (JSON.stringify(c.paces) !== JSON.stringify(paces)) {
      paces = c.paces;
      pace.show(paceOptions(paces, model.get("pace_ms") ?? startPace), model.get("pace_ms") ?? startPace);
    }
    difficulty.el.hidden = c.game !== "solo";
    opponents.el.hidden = strength.el.hidden = c.game === "solo";
    hintBox.textContent = c.hint;
    hintBox.classList.toggle("egonb-pending", c.pending); // table.css: a phone shows only a pending choice
  }
  return { show };
}
