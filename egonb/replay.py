"""Replays: any recorded game, decision by decision, as one seat saw it or (a finished game) with every card face up.

A game is its configuration, its seed and the ids of the actions played (`Recording`): `play(...)`'s result, a
tournament's or a ladder's record (`agents/NAME.json` of `egonb ladder`), the JSON `Recording.to_json` writes, or a
saved game file (the page's save; its actions are found again from its events, `from_saved`). Replaying it on the
engine (`replay_game`) gives back the very states of the game; `frames` draws each one as the page's table draws
it, from the seat's view only (what that player knew then), so nothing hidden from the seat is in a seat's frames.

What draws the table is each game's own replay module (its record's `replay`, e.g.
`egonb/games/egocentric_world/replay.py`); the browser side is `widgets/replay.js`, hosted by `egonb replay`, by
the ladder's replay pages and in JupyterLab by `replay(result)` (`egonb/app/replaying.py`).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import protocol
from .errors import GameError, seed_number
from .games import FOLDERS, GameEntry, entry
from .messages import PAGE, Texts

#: The format name of `Recording.to_json`'s files.
FORMAT = "egonb-recording"
#: A replay's view of every card face up (a finished game only); the others are seat numbers.
FACE_UP = "face-up"
#: The paces of watch mode, milliseconds between two decisions (widgets/replay.js offers them).
PACES = {"slow": 2500, "normal": 1200, "fast": 500}


@dataclass(frozen=True)
class Recording:
    """A game as played: `config` (any game's configuration, with the table's names), `seed` and the action ids."""

    config: Any
    seed: int
    actions: tuple[int, ...]

    @property
    def game(self) -> GameEntry:
        return protocol.game_for(self.config)  # type: ignore[return-value]

    def to_json(self) -> str:
        """The recording as a small JSON file (`egonb replay FILE` reads it)."""
        return json.dumps({"format": FORMAT, "game": self.game.slug, "config": config_fields(self.config),
                           "seed": self.seed, "actions": list(self.actions)})


def config_fields(config: Any) -> dict[str, Any]:
    """The fields of `config` that differ from its type's defaults, as JSON values (the names always)."""
    default = type(config)()
    out = {f.name: getattr(config, f.name) for f in dataclasses.fields(config)  # derived fields are made again
           if f.init and (f.name == "names" or getattr(config, f.name) != getattr(default, f.name))}
    try:
        return json.loads(json.dumps(out))
    except TypeError as err:
        raise ValueError(f"this configuration cannot be written as JSON: {err}") from None


def config_from(game: str, fields: Any) -> Any:
    """The configuration of `game` (a slug) with `fields` (as `config_fields` writes them)."""
    if game not in FOLDERS:
        raise GameError(f"no game {game!r}: there are {', '.join(FOLDERS)}")
    if not isinstance(fields, dict):
        raise GameError(f"a configuration is a JSON object of its fields, got {fields!r}")
    kind = entry(game).config
    known = {f.name for f in dataclasses.fields(kind) if f.init}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise GameError(f"{entry(game).title} has no setting {', '.join(unknown)}")
    try:
        return kind(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})
    except (TypeError, ValueError) as err:
        raise GameError(f"not a configuration of {entry(game).title}: {err}") from None


def recording(source: Any, config: Any = None) -> Recording:
    """The recording of `source`: a `Recording`, `play(...)`'s or a tournament's `GameRecord` (its rules, or
    `config`), or a dict: `Recording.to_json`'s, or one game of a ladder's `agents/NAME.json`."""
    if isinstance(source, Recording):
        return source
    if isinstance(source, dict):
        if "config" not in source or "game" not in source:
            raise GameError("this record names no game and configuration: give `config`, or a recording written by "
                            "egonb 0.1 or later (Recording.to_json, egonb ladder's agents/NAME.json)")
        config = config_from(source["game"], source["config"])
        source = _Loose(source.get("seed"), source.get("actions"))
    config = getattr(source, "rules", None) if config is None else config
    if config is None:
        raise GameError("this record does not say which game it is: give its configuration (config=...)")
    protocol.game_for(config)
    actions = getattr(source, "actions", None)
    if not isinstance(actions, Sequence) or not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
        raise GameError(f"a record's actions are a list of action ids, got {actions!r}")
    return Recording(config, seed_number(getattr(source, "seed", None)), tuple(actions))


@dataclass
class _Loose:
    seed: Any
    actions: Any


def states(rec: Recording) -> Iterator[Any]:
    """The game's states to show, each a copy of its own: the deal, then after each action (and, where the game plays
    some seats itself, after each of their turns that follow it, as the page shows them); a recorded action the engine
    refuses raises GameError naming the decision."""
    module = _module(rec)
    game, shown = module.deal(rec.config, rec.seed)
    yield from shown
    for n, action in enumerate(rec.actions):
        if game.is_over:
            raise GameError(f"the record goes on after the game ended, at decision {n}")
        try:
            shown = module.play(game, action)
        except GameError as err:
            raise GameError(f"decision {n} of the record (action {action}) cannot be played: {err}") from None
        yield from shown


def replay_game(config: Any, seed: int, actions: Sequence[int]) -> Any:
    """The state a recorded game ended in (`game.totals`, `game.transcript()` …): the game replayed on the engine."""
    *_, final = states(recording(_Loose(seed, list(actions)), config))
    return final


def _module(rec: Recording) -> Any:
    where = rec.game.replay
    if where is None:
        raise GameError(f"{rec.game.title} has no replays")
    return importlib.import_module(where)


def views(rec: Recording, finished: bool) -> list[int | str]:
    """The ways to look at the game: the seats of its players (not those the game plays itself), and every card face
    up once it is finished."""
    return [*rec.config.agent_seats, *([FACE_UP] if finished else [])]


def frames(rec: Recording, view: int | str, texts: Texts = PAGE,
           game_states: Sequence[Any] | None = None) -> list[dict[str, Any]]:
    """The page's frames, one per state of the game shown (`states`, or `game_states` already made): the table as seat
    `view` saw it, with the log lines it read since the frame before; `FACE_UP` (a finished game only): every hand
    face up, in the words of the first player's seat."""
    game_states = list(states(rec)) if game_states is None else game_states
    face_up = view == FACE_UP
    if face_up and not game_states[-1].is_over:
        raise GameError("only a finished game can be shown with every card face up")
    seat = rec.config.agent_seats[0] if face_up else view
    if not face_up and seat not in rec.config.agent_seats:
        raise GameError(f"no player's seat {view!r}: the players sit at {list(rec.config.agent_seats)}")
    draw = _module(rec).frame
    out, seen, before = [], 0, None
    for state in game_states:
        out.append(draw(state, seat, seen, texts, face_up, before))
        seen, before = len(state.events), state
    return out


def replay_data(rec: Recording, texts: Texts = PAGE, only: Sequence[int | str] | None = None,
                title: str = "") -> dict[str, Any]:
    """Everything the replay page shows (`widgets/replay.js`): the game's table module and model keys, and per view
    (every seat of a player and, finished, face up; or `only` those) its frames and its label."""
    game_states = list(states(rec))
    final = game_states[-1]
    module = _module(rec)
    names = list(rec.config.names) or [str(s) for s in range(rec.config.players)]
    shown = views(rec, final.is_over) if only is None else list(only)
    return {
        "game": rec.game.slug, "widget": rec.game.widget, "chart": module.CHART,
        "model": module.model(rec.config, texts),
        "title": title or texts("replay.title", game=rec.game.title, seed=rec.seed),
        "finished": final.is_over, "totals": list(final.totals), "names": names,
        "views": [{"key": str(v), "label": texts("replay.face_up", player=names[rec.config.agent_seats[0]])
                   if v == FACE_UP else names[int(v)], "frames": frames(rec, v, texts, game_states)}
                  for v in shown],
    }


def page_data(source: Any, config: Any = None, view: int | str | None = None, autoplay: bool = False,
              pace: str = "normal", title: str = "", texts: Texts = PAGE) -> dict[str, Any]:
    """The replay page's data (`widgets/replay.js`) for `source` (anything `recording` takes), opening on `view` (a
    seat, or `FACE_UP`; default: the first player's seat), playing by itself at `pace` if `autoplay`, in `texts`'s
    words. A game that is not over asked from one seat shows that seat's view only: its other hands are still in
    play."""
    rec = recording(source, config)
    seats = [str(s) for s in rec.config.agent_seats]
    if view is not None and str(view) in seats and not replay_game(rec.config, rec.seed, rec.actions).is_over:
        data = replay_data(rec, texts, only=[int(view)], title=title)  # a game still going on: that seat's only
    else:
        data = replay_data(rec, texts, title=title)
    keys = [v["key"] for v in data["views"]]
    start = str(rec.config.agent_seats[0] if view is None else view)
    if start not in keys:
        raise GameError(f"no view {view!r} of this game: there are {', '.join(keys)} ({FACE_UP} only for a finished "
                        "game)")
    if pace not in PACES:
        raise ValueError(f"pace must be one of {', '.join(PACES)}, got {pace!r}")
    return {**data, "start": start, "autoplay": autoplay, "pace": PACES[pace],
            "paces": [[f"ui.replay.pace.{name}", ms] for name, ms in PACES.items()]}


def read_text(text: str, index: int = 0, game: str | None = None) -> tuple[Recording, int]:
    """The game in a file's `text`, and how many games the file holds: a recording (`Recording.to_json`), a ladder's
    `agents/NAME.json` (its game number `index`) or a saved game (of `game`, else of whichever game reads it)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise GameError(f"not a JSON file: {err}") from None
    if isinstance(data, list):
        if not 0 <= index < len(data):
            raise GameError(f"the file holds games 0 to {len(data) - 1}, not {index}")
        return recording(data[index]), len(data)
    if isinstance(data, dict) and data.get("format") == FORMAT:
        return recording(data), 1
    return from_saved(text, game), 1


def from_saved(text: str | bytes, slug: str | None = None) -> Recording:
    """The recording of a saved game (the page's save, `GameState.to_json`, Diverse City's `dumps`): dealt again
    from its seed, each decision the one whose events are the saved game's next ones."""
    saved, game = _load(text, slug)
    if getattr(saved, "seed", None) is None:
        raise GameError("this saved game does not keep its seed (saved by an older egonb): it cannot be replayed")
    config = getattr(saved, "rules", None) or saved.config
    state: Any = protocol.new_state(config, saved.seed)  # both games' states keep their `events`
    actions: list[int] = []
    target = saved.events
    while len(state.events) < len(target) or state.current_player != saved.current_player:
        if state.is_over or state.events[: len(target)] != target[: len(state.events)]:
            break
        for action in state.legal_actions():
            trial: Any = state.clone()
            trial.apply(action, player=state.current_player)
            if trial.events == target[: len(trial.events)]:
                state = trial
                actions.append(action.id)
                break
        else:
            break
    if state.events != target:
        raise GameError(f"this saved {game.title} game cannot be replayed: its story does not follow from its seed "
                        f"(found again up to event {len(state.events)} of {len(target)})")
    return Recording(config, saved.seed, tuple(actions))


def _load(text: str | bytes, slug: str | None) -> tuple[Any, GameEntry]:
    """The saved game and its record: of `slug`, else of the first game whose save reads it."""
    problems = []
    for name in [slug] if slug else list(FOLDERS):
        game = entry(name)
        if game.replay is None:
            continue
        try:
            return importlib.import_module(game.replay).load(text), game
        except (GameError, ValueError, KeyError, TypeError) as err:
            problems.append(f"{game.title}: {err}")
    raise GameError("not a saved game: " + "; ".join(problems))
