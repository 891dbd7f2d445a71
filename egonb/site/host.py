"""The Python end of the static edition's Web Worker: the Voilà app's sessions, JSON in and out, one per tab:
Egocentric World's `GameSession` (solo or multiplayer against AI players) or another game's session, the one its
record names (`GameEntry.session`: Diverse City's `DCSession`).

The worker (static/worker.js) calls `handle` with each message of the page and posts back the list it returns:
`{"kind": "state", "changes"}` (model keys the session changed, in order), `{"kind": "custom", "content"}` (a custom
message for the table), `{"kind": "controls", ...}` (what the page's controls show, as `SoloApp` shows it) and
`{"kind": "persist", ...}` / `{"kind": "persist_settings", ...}` (what to keep in the browser's storage).
Another game's table draws its own controls (widgets/diverse.js) and its session keeps no game in the browser.

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
from ..games import GameEntry, entry, resolve
from ..games.egocentric_world.players import OPPONENTS, STRENGTHS
from ..games.egocentric_world.session import PACES, GameSession, Message, modes
from ..games.egocentric_world.state import GameState
from ..messages import PAGE, Texts, texts_for
from ..messages.language import negotiate
from .guest import BrowserAgent
from .watching import Watch, opened


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


class AgentHost:
    """What both hosts do beside their session: your agent (egonb/site/guest.py) in the session's first AI seat
    (`guest`), watching it play the built-in AI players (`watch`, egonb/site/watching.py), relaying its answers
    (`agent_answer`), and opening a recording (`replay`). A host seats your agent in its own way (`_deal`)."""

    out: list[Message]
    texts: Texts
    session: Any
    slug: str

    def _agent_init(self) -> None:
        #: Your agent, in the page's agent worker, at the table (or None); the game it plays while you watch (or None).
        self.guest: BrowserAgent | None = None
        self.watching: Watch | None = None

    def _agent_message(self, kind: Any, message: dict[str, Any]) -> bool:
        """Take a message about your agent or a replay; False for any other kind."""
        if kind == "guest":  # your agent loaded in its worker: a new game against it (name None: no more)
            self._seat(message.get("name"), message.get("filename"), message.get("seconds"))
        elif kind == "watch":  # your agent loaded in its worker: it plays the built-in AI players, you watch
            self._watch(message)
        elif kind == "agent_answer":  # what your agent's worker answered (or the fault the page saw)
            watching = self.watching
            agent = watching.guest if watching is not None else self.guest
            if agent is None:
                raise ValueError("no agent of yours is seated")
            if agent.take(message.get("answer"), message.get("n")):
                self._play_on()
        elif kind == "replay":  # a recording the page opened: its replay, or why it cannot be replayed
            try:
                self.out.append({"kind": "replay", "data": opened(message.get("text"), message.get("index", 0),
                                                                  self.texts)})
            except (GameError, ValueError) as err:
                self.out.append({"kind": "replay_failed", "why": self.texts("site.replay.cannot", why=str(err))})
        else:
            return False
        return True

    def _seat(self, name: Any, filename: Any, seconds: Any) -> None:
        """Seat your agent (its worker said its `name`) in the first AI seat of a new game; the page stops its worker
        after `seconds` a move. No name: later games are the page's AI players' only, and a game you watch ends
        with the built-in AI player in its seat."""
        if name is None:
            if self.guest is not None:  # a seat of the game on the table may still be its: the built-in takes it
                self.guest.stop(self.texts("site.guest.stopped"))
                self.guest = None
                self.session.play_on()
            if self.session.guests is not None:
                self.session.guests.leave()
            if self.watching is not None:
                self.watching.guest.stop(self.texts("site.guest.stopped"))
                self._play_on()
            return
        self.guest = _browser_agent(name, filename, seconds)
        self.watching = None  # a game you were watching is dropped: its agent's worker was replaced
        self.session.seat_guests(Guests([self.guest], self.slug, time_limit=seconds))
        self._deal()

    def _watch(self, message: dict[str, Any]) -> None:
        seconds, seed = message.get("seconds"), message.get("seed")
        guest = _browser_agent(message.get("name"), message.get("filename"), seconds)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a watched game's seed is a whole number, got {seed!r}")
        self.watching = Watch(self.slug, guest, float(seconds), seed, self.texts)  # type: ignore[arg-type]
        self._play_on()

    def _play_on(self) -> None:
        """Play on where your agent's answer came: the game you watch (its replay once it is over), else the table."""
        watching = self.watching
        if watching is None:
            self.session.play_on()
            return
        over = watching.advance()
        notes = watching.notes()
        if over:
            self.watching = None
            self.out.append({"kind": "replay", "data": watching.replay(), "notes": notes})
        else:
            self.out.append({"kind": "watching", "decisions": len(watching.actions), "notes": notes})

    def _deal(self) -> None:
        self.session.new_game()

    def _agent_flush(self, out: list[Message]) -> None:
        """Your agent's questions, for its worker, in order."""
        for agent in (self.guest, self.watching.guest if self.watching is not None else None):
            if agent is not None and agent.requests:
                out.append({"kind": "agent", "requests": agent.requests})
                agent.requests = []


def _browser_agent(name: Any, filename: Any, seconds: Any) -> BrowserAgent:
    if not (isinstance(name, str) and isinstance(filename, str) and isinstance(seconds, (int, float))
            and not isinstance(seconds, bool)):
        raise ValueError(f"a guest is a name, a file name and seconds, got {name!r}, {filename!r}, {seconds!r}")
    return BrowserAgent(name, filename)


class Host(AgentHost):
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
        self.slug = "egocentric-world"
        self._agent_init()

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
            self.session.choose_game(message.get("game"), message.get("opponents"),
                                     message.get("strength"))  # refused there unless one the page offers
        elif kind == "new_game":  # the page asked first if a game in progress would be lost (`progress`)
            self.session.new_game()
        elif not self._agent_message(kind, message):
            raise ValueError(f"unknown message kind {kind!r}")

    def _deal(self) -> None:
        """Your agent plays the first AI seat of a multiplayer game."""
        self.session.choose_game("multiplayer")
        self.session.new_game()

    def flush(self) -> list[Message]:
        """Everything for the page since the last call."""
        out, self.out = self.out, []
        self._agent_flush(out)
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


class SessionHost(AgentHost):
    """One tab's session of a game whose table sends every message itself (Diverse City's: New game with its AI
    players, widgets/diverse.js): the session its record names, at the page's pace or its own. Its games are not
    kept in the browser: the session keeps them in a save directory only."""

    def __init__(self, game: GameEntry, seed: int, pace_ms: int | None, texts: Texts = PAGE) -> None:
        self.out: list[Message] = []
        self.title, self.slug, self.texts = game.title, game.slug, texts
        self._agent_init()
        self.session = resolve(game.session)(
            seed=seed, **({} if pace_ms is None else {"pace_ms": pace_ms}), texts=texts,
            update=lambda changes: self.out.append({"kind": "state", "changes": changes}),
            send=lambda content: self.out.append({"kind": "custom", "content": content}))
        self.out = [{"kind": "state", "changes": dict(self.session.state)}]

    def take(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "custom":
            self.session.handle(message.get("content"))
        elif not self._agent_message(kind, message):
            raise ValueError(f"a {self.title} page only sends its table's messages, your agent's and recordings, "
                             f"got {kind!r}")

    def flush(self) -> list[Message]:
        out, self.out = self.out, []
        self._agent_flush(out)
        return out


_host: Host | SessionHost | None = None


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
        if game != "egocentric-world":
            _host = SessionHost(entry(game), int(message["seed"]), None if pace is None else int(pace), texts)
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
