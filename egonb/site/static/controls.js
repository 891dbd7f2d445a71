// Egocentric World's controls on the static page, as the Voilà app draws them with ipywidgets
// (egonb/games/egocentric_world/controller.py) over the same session: what the next New game deals (solo at a difficulty, SM2, or
// multiplayer against AI players of a strength), New game (which asks "Abandon this game?" as every page does,
// widgets/controls.js), the hint that says when a choice applies, and the pace of the others' turns. `post` sends
// the page's own messages to the worker; what they show comes back from the session ({kind: "controls"}, the
// model's pace_ms).
import { choiceSelect, newGameControl, paceOptions } from "./widgets/controls.js";
import { sessionClient } from "./widgets/session.js";

const PACES = { Slow: 1500, Normal: 900, Fast: 350, Instant: 0 };
const DIFFICULTY_HELP = {
  1: "Difficulty 1: the Citybots keep all their cards at round end (SM2)",
  2: "Difficulty 2: each Citybot removes its lowest card before scoring (SM2)",
  3: "Difficulty 3: each Citybot removes its highest card before scoring (SM2)",
};

// What the hint says: a choice waiting for the next New game (SM2; `pending`: news, shown on a phone too), or
// what this game is.
export function hint(c) {
  const ais = c.players - 1;
  if (c.game === "solo" && c.playing !== null) {
    return c.next === c.playing
      ? { pending: false, text: `This game: difficulty ${c.playing}. A new difficulty applies from the next New game.` }
      : { pending: true,
        text: `Difficulty ${c.next} applies from the next New game; this game stays at difficulty ${c.playing}.` };
  }
  if (c.game !== "solo" && c.playing === null && ais === c.opponents) {
    return { pending: false,
      text: `This game: ${ais} AI player${ais > 1 ? "s" : ""}. A new choice applies from the next New game.` };
  }
  return { pending: true,
    text: `Your choice applies from the next New game; this game: ${c.playing !== null ? "solo" : `${ais} AI players`}.` };
}

export function egocentricControls(model, post, box) {
  const client = sessionClient(model);
  let shown = { playing: 2, next: 2, progress: false, game: "solo", opponents: 3, strength: "Greedy", players: 3 };
  const newGame = newGameControl({ cls: "site-new-game", needed: () => shown.progress,
    onNew: () => post({ kind: "new_game" }) });
  const chooseGame = (changes) => {
    newGame.stop();
    post({ kind: "game", game: shown.game, opponents: shown.opponents, strength: shown.strength, ...changes });
  };
  // The games, AI players and strengths come with the session's first answer (egonb/site/host.py `flush`).
  const game = choiceSelect("Game", "site-game", [], "solo", (g) => chooseGame({ game: g }));
  const difficulty = choiceSelect("Difficulty", "site-difficulty",
    [1, 2, 3].map((d) => [d, String(d), DIFFICULTY_HELP[d]]), 2, (level) => {
      newGame.stop();
      post({ kind: "difficulty", level });
    });
  const opponents = choiceSelect("AI players", "site-opponents", [], 3, (n) => chooseGame({ opponents: n }));
  const strength = choiceSelect("Strength", "site-strength", [], "Greedy", (s) => chooseGame({ strength: s }));
  const startPace = new URLSearchParams(location.search).has("pace")
    ? Number(new URLSearchParams(location.search).get("pace")) : PACES.Normal;
  // One name for the pace menu in both editions: "Pace", as the Voilà page's (controller.py), its help in the tooltip.
  const pace = choiceSelect("Pace", "site-pace", paceOptions(PACES, startPace), startPace, (ms) => {
    newGame.stop();
    client.choosePace(ms);
  });
  pace.select.title = "How long each turn of the Citybots or AI players stays on screen";
  pace.el.classList.add("egonb-pace");
  const hintBox = Object.assign(document.createElement("span"), { id: "hint", className: "egonb-hint" });
  hintBox.setAttribute("aria-live", "polite");
  box.replaceChildren(game.el, difficulty.el, opponents.el, strength.el, newGame.el, hintBox, pace.el);
  model.on("change:pace_ms", () => pace.show(paceOptions(PACES, model.get("pace_ms")), model.get("pace_ms")));
  model.on("change:feed", newGame.stop); // a move, a new or a continued game: "Abandon?" is moot

  // The game and its difficulty are set for a whole game: a change waits for the next New game, and says so.
  // While a saved game is offered, "this game" is that one. Only the controls of the chosen kind are shown.
  function show(c) {
    shown = c;
    game.show(c.games, c.game);
    difficulty.show(null, c.next);
    opponents.show(c.opponent_counts.map((n) => [n, String(n), `You and ${n} AI player${n > 1 ? "s" : ""}`]),
      c.opponents);
    strength.show(c.strengths.map((s) => [s, s]), c.strength);
    difficulty.el.hidden = c.game !== "solo";
    opponents.el.hidden = strength.el.hidden = c.game === "solo";
    const { text, pending } = hint(c);
    hintBox.textContent = text;
    hintBox.classList.toggle("egonb-pending", pending); // table.css: a phone shows only a pending choice
  }
  return { show };
}
