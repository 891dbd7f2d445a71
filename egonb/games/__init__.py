"""The games, as peers: each is a folder of its own (`egocentric_world/`, `diverse_city/`, with the same module
names for the same roles) that describes itself in one record, the `GameEntry` of its `game.py`.

Everything outside the folders finds a game through its record only (docs/ARCHITECTURE.md): the game protocol
(`protocol.register` is given the record: it is the game's `Game`), the classroom tools (`classroom.GAMES`), the
page (`app.page.PAGES`) and the toolkit's default game (`default()`). This module imports no game: `entry(slug)`
imports the folder named in `FOLDERS` when first asked for.

Add a game: a folder beside this module with its `game.py` saying `ENTRY = enlist(GameEntry(...))`; its name, with
hyphens for underscores, is its slug (`FOLDERS` finds it). The page, the static edition, `egonb play` and the
compiled build read what they need of it from the record (docs/ARCHITECTURE.md, "Recipe: add a new game").
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..protocol import register

#: The game played when none is given (`play`, `check_agent`, the environments, the page).
DEFAULT = "egocentric-world"


def folders(where: list[str]) -> dict[str, str]:
    """Each folder of `where` that holds a `game.py` is a game: its slug (its name, hyphens for underscores) and its
    folder, the default game first and then by slug, the order tables and pages list them."""
    found = {p.name.replace("_", "-"): p.name for base in where for p in sorted(Path(base).iterdir())
             if (p / "game.py").is_file()}
    return dict(sorted(found.items(), key=lambda item: (item[0] != DEFAULT, item[0])))


#: Each game's slug (`--game`, `?game=`) and its folder, found beside this module when egonb is imported.
FOLDERS = folders(__path__)


@dataclass(frozen=True)
class GameEntry:
    """One game, registered once: what the protocol, the classroom and the page need of it.

    `new_state(config, seed)` and `sample_state(view, rng)` (with the optional `search_hints(config)` and
    `encoder(config)`) make it the protocol's `Game` for `config`. `table(players, full_game)` is a configuration
    for the classroom; `solo_table(difficulty, full_game)` the solo one, or None (no solo mode: no challenge column,
    and grading plays a table of two or more). `agents` are its built-in agents by name, `builtins` those that join
    a ladder unless told otherwise, `baseline` the one a student's agent is measured against. `app` and `session`
    ("module:Class", `resolve` imports them when asked for) are its page's app (the Voilà page, `app.page`) and its
    session, which runs with no widget in the static edition (`site.host`); `rules` its rules document in `docs/`;
    `guide` ("module:function", given a configuration and the reader's texts) what the page's "How to play" and
    "Rules" panels show (`app.guide.page_guide`, which every session sends); `replay` the module that draws its
    replays' frames (`egonb.replay`), or None; `coach` ("module:function") the traps its coach warns about
    (egonb/coach.py), or None. `widget` is its table's ES module in `widgets/` (anywidget's entry, the module the
    static edition imports for it: `egonb.site.build`), or None when the static edition has no table for it;
    `styles` the style sheets in `widgets/` that table needs, in order. `compiled` names the modules of its rules
    core (in its folder, without ".py") that a compiled build turns into C extensions with mypyc
    (benchmarks/build_compiled.py); none by default."""

    slug: str
    title: str
    config: type[Any]
    new_state: Callable[[Any, int], Any]
    sample_state: Callable[[Any, random.Random], Any]
    table: Callable[[int, bool], Any]
    solo_table: Callable[[int, bool], Any] | None
    agents: Mapping[str, Callable[[], object]]
    builtins: tuple[str, ...]
    baseline: str
    app: str
    session: str
    rules: str
    guide: str
    search_hints: Callable[[Any], Any] | None = None
    encoder: Callable[[Any], Any] | None = None
    replay: str | None = None
    coach: str | None = None
    widget: str | None = None
    styles: tuple[str, ...] = ("table.css",)
    compiled: tuple[str, ...] = ()

    def agent(self, name: str) -> object:
        """A fresh built-in agent of this game; a name it lacks is refused with the names it has."""
        if name not in self.agents:
            raise ValueError(f"no built-in agent {name!r} for {self.title}; there are {', '.join(self.agents)}")
        return self.agents[name]()


def enlist(entry: GameEntry) -> GameEntry:
    """Register `entry` with the game protocol for its configuration type (called once, by the game's `game.py`)."""
    if FOLDERS.get(entry.slug) is None:
        raise ValueError(f"no game folder for {entry.slug!r}: its record belongs in "
                         f"egonb/games/{entry.slug.replace('-', '_')}/game.py")
    register(entry.config, entry)
    return entry


def entry(slug: str) -> GameEntry:
    """The record of the game called `slug`, its folder imported if need be; an unknown slug names those there are."""
    if slug not in FOLDERS:
        raise ValueError(f"no game {slug!r}; there are {', '.join(FOLDERS)}")
    found: GameEntry = importlib.import_module(f"{__name__}.{FOLDERS[slug]}.game").ENTRY
    return found


def resolve(where: str) -> Any:
    """The object a record names as "module:name" (its `app`, `session`, `guide`), its module imported now: a page's
    parts are imported only by the page that shows the game."""
    module, _, name = where.partition(":")
    return getattr(importlib.import_module(module), name)


def default() -> GameEntry:
    """The record of the game the toolkit plays when none is given: Egocentric World."""
    return entry(DEFAULT)


class Entries(Mapping[str, GameEntry]):
    """The records by slug, each game imported when first read: the view `classroom.GAMES` is."""

    def __getitem__(self, slug: str) -> GameEntry:
        if slug not in FOLDERS:
            raise KeyError(slug)
        return entry(slug)

    def __iter__(self) -> Iterator[str]:
        return iter(FOLDERS)

    def __len__(self) -> int:
        return len(FOLDERS)


__all__ = ["DEFAULT", "FOLDERS", "Entries", "GameEntry", "default", "enlist", "entry", "folders", "resolve"]
