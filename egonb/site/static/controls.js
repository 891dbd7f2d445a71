// Egocentric World's controls on the static page, as the Voilà app draws them with ipywidgets
// (egonb/games/egocentric_world/controller.py) over the same session: what the next New game deals (solo at a difficulty, SM2, or
// multiplayer against AI players of a strength), New game (which asks "Abandon this game?" as every page does,
// widgets/controls.js), the hint that says when a choice applies, and the pace of the others' turns. `post` sends
// the page's own messages to the worker; what they show and say comes back from the session ({kind: "controls"}:
// its words, choices and hint, egonb/site/host.py; the model's pace_ms). They are drawn at its first answer.
import { choiceSelect, newGameControl, paceOptions } from "./widgets/controls.js";
import { sessionClient } from "./widgets/session.js";

export function egocentricControls(model, post, box) {
  const client = sessionClient(model);
  let shown = null;
  let drawn = null;

  // The controls, in the words of the session's first {kind: "controls"} message.
  function draw(c) {
    const label = c.labels;
    const newGame = newGameControl({ cls: "site-new-game", needed: () => shown.progress,
      onNew: () => post({ kind: "new_game" }) });
    const chooseGame = (changes) => {
      newGame.stop();
      post({ kind: "game", game: shown.game, opponents: shown.opponents, strength: shown.strength, ...changes });
    };
    const game = choiceSelect(label.game, "site-game", c.games, c.game, (g) => chooseGame({ game: g }));
    const difficulty = choiceSelect(label.difficulty, "site-difficulty", c.difficulties, c.next, (level) => {
      newGame.stop();
      post({ kind: "difficulty", level });
    });
    const opponents = choiceSelect(label.opponents, "site-opponents", c.opponent_counts, c.opponents,
      (n) => chooseGame({ opponents: n }));
    const strength = choiceSelect(label.strength, "site-strength", c.strengths, c.strength,
      (s) => chooseGame({ strength: s }));
    const ms = model.get("pace_ms"); // the session's pace, in its first answer (`?pace=` sets it, worker.js)
    // One name for the pace menu in both editions, "Pace" as on the Voilà page (controller.py); its help in a tooltip.
    const pace = choiceSelect(label.pace, "site-pace", paceOptions(c.paces, ms), ms, (ms) => {
      newGame.stop();
      client.choosePace(ms);
    });
    pace.select.title = label["pace.help"];
    pace.el.classList.add("egonb-pace");
    const hint = Object.assign(document.createElement("span"), { id: "hint", className: "egonb-hint" });
    hint.setAttribute("aria-live", "polite");
    box.replaceChildren(game.el, difficulty.el, opponents.el, strength.el, newGame.el, hint, pace.el);
    model.on("change:pace_ms", () => pace.show(paceOptions(c.paces, model.get("pace_ms")), model.get("pace_ms")));
    model.on("change:feed", newGame.stop); // a move, a new or a continued game: "Abandon?" is moot
    return { game, difficulty, opponents, strength, hint };
  }

  // The game and its difficulty are set for a whole game: a change waits for the next New game, and the session's
  // hint says so (HTML from the catalogue: the news in bold, as on the Voilà page). While a saved game is offered,
  // "this game" is that one. Only the controls of the chosen kind are shown.
  function show(c) {
    shown = c;
    drawn = drawn || draw(c);
    drawn.game.show(c.games, c.game);
    drawn.difficulty.show(null, c.next);
    drawn.opponents.show(c.opponent_counts, c.opponents);
    drawn.strength.show(c.strengths, c.strength);
    drawn.difficulty.el.hidden = c.game !== "solo";
    drawn.opponents.el.hidden = drawn.strength.el.hidden = c.game === "solo";
    drawn.hint.innerHTML = c.hint;
    drawn.hint.classList.toggle("egonb-pending", c.news); // table.css: a phone shows only a pending choice
  }
  return { show };
}
