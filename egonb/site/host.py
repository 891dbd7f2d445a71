"""The Python end of the static edition's Web Worker: the Voilà app's sessions, JSON in and out, one per tab:
Egocentric World's `GameSession` (solo or multiplayer against AI players) or Diverse City's `DCSession`.

The worker (static/worker.js) calls `handle` with each message of the page and posts back the list it returns:
`{"kind": "state", "changes"}` (model keys the session changed, in order), `{"kind": "custom", "content"}` (a custom
message for the table), `{"kind": "controls", ...}` (what the page's controls show, as `SoloApp` shows it) and
`{"kind": "persist", ...}` / `{"kind": "persist_settings", ...}` (what to keep in the browser's storage).
Diverse City's table draws its own controls (widgets/diverse.js) and its session keeps no game in the browser.

A Web Worker cannot read localStorage, so the page hands over the slot's stored game and settings with the table's
hello, and stores what the session saves: `BrowserSaves` is the session's `SaveStore` over that exchange.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..app.guests import Guests
from ..app.page import PAGES
from ..errors import GameError
from ..games.diverse_city.session import PACE_MS, DCSession
from ..games.egocentric_world.players import OPPONENTS, STRENGTHS
from ..games.egocentric_world.session import PACES, GameSession, Message, modes
from ..games.egocentric_world.state import GameState
from ..messages import PAGE, Texts, texts_for
from ..messages.language import negotiate
from .guest import BrowserAgent


class BrowserSaves:
    """The saves the page keeps in localStorage, as the session's store (`egonb.app.saves.SaveStore`).

    `give` takes what the page has stored for a slot; what the session writes waits in `games` and `settings`
    until the host sends it to the page. `broken` says why a stored game could not be read; `restored` is the
    game that was read back (the same game: it keeps its place in the page's list of games).
    """

    def __init__(self) -> None:
        self.stored: dict[str, str] = {}
        self.stored_settings: dict[str, dict[str, object]] = {}
        self.games: dict[str, str] = {}
        self.settings: dict[str, dict[str, object]] = {}
        self.broken: str | None = None
        self.restored: GameState | None = None

    def give(self, slot: str, stored: Any) -> None:
        """What the page has kept for `slot`: {"game": text or null, "settings": {...}}; anything else is nothing."""
        stored = stored if isinstance(stored, dict) else {}
        if isinstance(stored.get("game"), str):
            self.stored[slot] = stored["game"]
        if isinstance(stored.get("settings"), dict):
            self.stored_settings[slot] = stored["settings"]

    def read(self, slot: str) -> GameState | None:
        text = self.stored.get(slot)
        if text is None:
            return None
        try:
            self.restored = GameState.from_json(text)
        except GameError as err:
            self.broken = str(err)
            return None
        return self.restored

    def write(self, slot: str, text: str) -> None:
        self.stored[slot] = self.games[slot] = text

    def read_settings(self, slot: str) -> dict[str, object]:
        return dict(self.stored_settings.get(slot, {}))

    def write_settings(self, slot: str, settings: dict[str, object]) -> None:
        self.stored_settings[slot] = self.settings[slot] = dict(settings)

    def sealing_key(self) -> None:
        """None: a static site has no secret to keep, so its downloads are the save with a checksum that catches a
        file changed by hand or damaged (`egonb.app.sealing`), not a lock against cheating."""
        return None


class Host:
    """One tab's session and what it has to tell the page; the page's own controls (difficulty, New game) call
    the session as the Voilà app's controls do (`egonb.games.egocentric_world.controller.SoloApp`)."""

    def __init__(self, seed: int, difficulty: int, pace_ms: int, choice: Message | None = None,
                 texts: Texts = PAGE) -> None:
        self.out: list[Message] = []
        self.saves = BrowserSaves()
        self.texts = texts
        self.session = GameSession(seed, difficulty, pace_ms, saves=self.saves,
                                   update=lambda changes: self.out.append({"kind": "state", "changes": changes}),
                                   send=lambda content: self.out.append({"kind": "custom", "content": content}),
                                   choice=choice, texts=texts)
        self.out = [{"kind": "state", "changes": dict(self.session.state)}]  # a new page is given the whole state
        self._kept: GameState | None = None  # the game the page stored last (another one gets a place of its own)
        self._controls: Message = {}
        #: Your agent, in the page's agent worker (egonb/site/guest.py), or None.
        self.guest: BrowserAgent | None = None

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "custom":
            content = message.get("content")
            if isinstance(content, dict) and content.get("type") == "hello" and isinstance(content.get("slot"), str):
                self.saves.give(content["slot"], message.get("stored"))
            self.session.handle(content)
        elif kind == "sync":  # model keys the page set: only the Citybots' pace is the page's to choose
            changes = message.get("changes")
            if not isinstance(changes, dict) or set(changes) != {"pace_ms"}:
                raise ValueError(f"the page may only set pace_ms, got {changes!r}")
            self.session.choose_pace(changes["pace_ms"])
        elif kind == "difficulty":
            level = message.get("level")
            if not isinstance(level, int) or isinstance(level, bool):
                raise ValueError(f"difficulty must be 1, 2 or 3, got {level!r}")
            self.session.choose_difficulty(level)  # refused there unless 1, 2 or 3
        elif kind == "game":  # what the next New game deals: solo or multiplayer, its AI players and strength
            self.session.choose_game(message.get("game"), message.get("opponents"),  # type: ignore[arg-type]
                                     message.get("strength"))  # refused there unless one the page offers
        elif kind == "new_game":  # the page asked first if a game in progress would be lost (`progress`)
            self.session.new_game()
        elif kind == "guest":  # your agent loaded in its worker: a new game against it (name None: no more)
            self._seat(message.get("name"), message.get("filename"), message.get("seconds"))
        elif kind == "agent_answer":  # what your agent's worker answered (or the fault the page saw)
            if self.guest is None:
                raise ValueError("no agent of yours is seated")
            if self.guest.take(message.get("answer"), message.get("n")):
                self.session.play_on()
        else:
            raise ValueError(f"unknown message kind {kind!r}")

    def _seat(self, name: Any, filename: Any, seconds: Any) -> None:
        """Seat your agent (its worker said its `name`) in the first AI seat and deal a multiplayer game; the page
        stops its worker after `seconds` a move. No name: later games are the page's AI players' only."""
        if name is None:
            if self.guest is not None:  # a seat of the game on the table may still be its: the built-in takes it
                self.guest.stop(self.texts("site.guest.stopped"))
                self.guest = None
                self.session.play_on()
            if self.session.guests is not None:
                self.session.guests.leave()
            return
        if not (isinstance(name, str) and isinstance(filename, str) and isinstance(seconds, (int, float))):
            raise ValueError(f"a guest is a name, a file name and seconds, got {name!r}, {filename!r}, {seconds!r}")
        self.guest = BrowserAgent(name, filename)
        self.session.seat_guests(Guests([self.guest], time_limit=seconds))
        self.session.choose_game("multiplayer")
        self.session.new_game()

    def flush(self) -> list[Message]:
        """Everything for the page since the last call."""
        out, self.out = self.out, []
        if self.guest is not None and self.guest.requests:  # for your agent's worker, in order
            out.append({"kind": "agent", "requests": self.guest.requests})
            self.guest.requests = []
        saves, texts = self.saves, self.texts
        if saves.broken is not None:
            out.append({"kind": "custom", "content": {
                "type": "note", "text": texts("site.broken_save", why=saves.broken),
                "error": True, "refused": False, "broken_save": saves.broken}})
            saves.broken = None
        if saves.restored is not None:
            self._kept, saves.restored = saves.restored, None
        for slot, text in saves.games.items():  # only ever the session's game (`GameSession._save`)
            game = self.session.game
            out.append({"kind": "persist", "slot": slot, "text": text, "another": game is not self._kept,
                        "summary": {"round": game.round, "totals": list(game.totals),
                                    "difficulty": game.rules.difficulty, "over": game.is_over}})
            self._kept = game
        out += [{"kind": "persist_settings", "slot": slot, "settings": s} for slot, s in saves.settings.items()]
        saves.games, saves.settings = {}, {}
        session = self.session
        stake = session.at_stake.rules
        hint, pending = session.choice_hint(texts)
        # every word the controls show, in the reader's language: an option is [value, its word, its tooltip]
        controls = {"kind": "controls", "playing": stake.difficulty, "next": session.next_difficulty,
                    "progress": session.has_progress(), "players": stake.players, **session.choice,
                    "games": [[key, word, what] for key, (word, what) in modes(texts).items()],
                    "difficulties": [[d, str(d), texts.citing(True)(f"controls.difficulty.{d}")] for d in (1, 2, 3)],
                    "opponent_counts": list(OPPONENTS),
                    "opponents_words": [[n, str(n), texts("controls.opponents.help", n=n)] for n in OPPONENTS],
                    "strengths": list(STRENGTHS),
                    "strengths_words": [[s, texts(f"strength.{s}"), texts(f"controls.strength.{s}")]
                                        for s in STRENGTHS],
                    "paces": [[ms, texts(f"pace.{name}")] for name, ms in PACES.items()],
                    "hint": re.sub(r"</?b>", "", hint), "pending": pending}
        if controls != self._controls:
            out.append(controls)
            self._controls = controls
        return out


class CityHost:
    """One tab's Diverse City session. Its table sends every message itself (New game with its AI players, widgets/
    diverse.js); its games are not kept in the browser: `DCSession` keeps them in a save directory only."""

    def __init__(self, seed: int, pace_ms: int | None, texts: Texts = PAGE) -> None:
        self.out: list[Message] = []
        self.session = DCSession(seed=seed, pace_ms=PACE_MS if pace_ms is None else pace_ms, texts=texts,
                                 update=lambda changes: self.out.append({"kind": "state", "changes": changes}),
                                 send=lambda content: self.out.append({"kind": "custom", "content": content}))
        self.out = [{"kind": "state", "changes": dict(self.session.state)}]

    def take(self, message: dict[str, Any]) -> None:
        if message.get("kind") != "custom":
            raise ValueError(f"a Diverse City page only sends its table's messages, got {message.get('kind')!r}")
        self.session.handle(message.get("content"))

    def flush(self) -> list[Message]:
        out, self.out = self.out, []
        return out


_host: Host | CityHost | None = None


def handle(text: str) -> str:
    """One message of the page: {"kind": "start", "seed", "pace_ms", "game", ...} first (a new session: "game" is a
    key of the Voilà page's `PAGES`, Egocentric World if absent; for it "difficulty", and "choice": the first game,
    as `GameSession.choose_game` takes it; "lang" and "accept": the language the address or this browser's choice
    names, and the browser's languages, egonb/messages/language.py), then {"kind": "custom", "content"} (what the
    table sends; its hello with the slot's "stored" game and settings), and on Egocentric World's page {"kind":
    "sync", "changes"} (the pace the page set), {"kind": "difficulty", "level"}, {"kind": "game", "game",
    "opponents", "strength"}, {"kind": "new_game"}, {"kind": "guest", "name", "filename", "seconds"} (your agent,
    loaded in its worker) or {"kind": "agent_answer", "answer"} (its answer: egonb/site/guest.py)."""
    global _host
    message = json.loads(text)
    if not isinstance(message, dict):
        raise ValueError(f"a message of the page is a JSON object, got {message!r}")
    if message.get("kind") == "start":
        pace = message.get("pace_ms")
        game = message.get("game") or "egocentric-world"
        if game not in PAGES:
            raise ValueError(f"game must be one of {', '.join(PAGES)}, got {game!r}")
        lang, accept = message.get("lang"), message.get("accept")
        texts = texts_for(negotiate(f"lang={lang}" if isinstance(lang, str) else None, None,
                                    accept if isinstance(accept, str) else None), rules=False)
        if game == "diverse-city":
            _host = CityHost(int(message["seed"]), None if pace is None else int(pace), texts)
        else:
            choice = message.get("choice")
            _host = Host(int(message["seed"]), int(message.get("difficulty") or 1),
                         PACES["Normal"] if pace is None else int(pace),
                         {k: choice.get(k) for k in ("game", "opponents", "strength")}
                         if isinstance(choice, dict) else None, texts)
    elif _host is None:
        raise RuntimeError("the page must start the session before sending it anything")
    else:
        _host.take(message)
    return json.dumps(_host.flush())
