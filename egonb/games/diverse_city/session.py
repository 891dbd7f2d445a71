"""The Diverse City session: you (seat 0) and 1-5 AI players, with no widget in it (DIVERSE-CITY.md).

The decision token, the page's messages, the save slot and refusals are every session's (`session_base`); the
model keys are `table`, `feed`, `offer`, `faces`, `legend` (the card legend, `legend.py`), `guide` (How to play and
the rules), `pace_ms`, and the page's messages `act` {token, action}, `new_game` {token, opponents, ai}, `hello`
{slot}, `resume` {choice} and `hint` {token} (the coach, egonb/app/coaching.py). Your moves' buttons come from
`moves.py`: one per distinct move, saying all it does.

The browser only ever receives seat 0's view (`egonb.games.diverse_city.View`): the other hands are counts, plus the
cards you know are in them (taken from the discard pile, or passed to you in a World War). The AI players' moves
are queued as frames (the table after each of their decisions, with the log lines since the one before) for the
page to show at its pace; a question asked of you out of turn (X5) or a Major's choice (M1) stops the queue there.
With a save directory the game is written to the page's browser slot after every decision, in its `diverse-city`
folder (Egocentric World's games of the same slot stay beside it).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...agents.montecarlo import MonteCarloAgent
from ...app.guests import Guests
from ...app.saves import SaveSlots
from ...app.session_base import BaseSession, Message, ignore, is_int
from ...errors import GameError
from ...messages import PAGE, Texts, browser_words
from ...messages.seats import default_name, seat_names
from . import Config, DCState, HeuristicAgent, View, new_game
from .cards import CATEGORIES, MAJOR_NAMES, PEOPLE, category_of, city_points, is_city
from .legend import either, legend
from .moves import ask_row, distinct, labels
from .save import dumps, loads

log = logging.getLogger(__name__)

#: Who plays the other seats: the checklist player, or Monte-Carlo search with a small, bounded sample count (a
#: decision takes well under a second on a busy machine); their names are the catalogue's `city.ai.*`.
AI_KINDS = ("heuristic", "monte-carlo")
MC_SAMPLES = 24
#: Milliseconds each AI move stays on screen, by the pace's name (`pace.*` in the catalogue): the page's pace
#: select (widgets/diverse.js); at the Instant pace no card travels (widgets/motion.js).
PACES = {"Slow": 1400, "Normal": 700, "Fast": 300, "Instant": 0}
PACE_MS = PACES["Normal"]
#: The log lines of a continued game shown at once.
HISTORY = 300
YOU = 0
#: Where a long category name may break on a small card (soft hyphens: no hyphenation dictionary needed).
_BREAKS = {"Emergency": "Emer\u00adgency", "Transportation": "Transpor\u00adtation", "Management": "Manage\u00adment",
           "Communications": "Communi\u00adcations"}
def ais(texts: Texts = PAGE) -> dict[str, str]:
    """The AI players' kinds and their names on the page."""
    return {kind: texts(f"city.ai.{kind}") for kind in AI_KINDS}


def faces(config: Config, texts: Texts = PAGE) -> dict[str, Message]:
    """Per card code, what its face shows: kind, name, category, points, what clears a disaster (K1-K9)."""
    out: dict[str, Message] = {}
    for code in sorted(set(config.cards)):
        name = config.card_words(code, texts)
        if is_city(code):
            category = CATEGORIES[category_of(code)]
            face = {"kind": "city", "category": category, "points": city_points(code),
                    "short": str(category_of(code) + 1),
                    "label": " ".join(_BREAKS.get(word, word) for word in category.split())}
        elif code == PEOPLE:
            face = {"kind": "people", "points": config.points(code)}
        elif code in MAJOR_NAMES:
            face = {"kind": "major"}
        else:
            slots = config.disaster(code).slots
            face = {"kind": "disaster", "points": config.points(code),
                    "needs": [either(slot, texts) for slot in slots]}
        out[str(code)] = {"name": name, **face}
    return out


def event_feed(game: DCState, start: int, texts: Texts = PAGE, seat: int = YOU) -> list[Message]:
    """The events from index `start` on, as seat 0 (or `seat`) may read them (I1, I2), in your words, with their rule
    ids."""
    names = game.config.names
    return [{"i": i, "kind": e.kind, "rule": e.rule, "player": e.player,
             "text": e.text(names, seat, you=seat, texts=texts)} for i, e in enumerate(game.events[start:], start)]


def _fronts(v: View, texts: Texts = PAGE) -> list[list[Message]]:
    """Per seat, its disasters in front: the card, its partial (X6) or -1, and the slots still open (K3)."""
    return [[{"card": code, "partial": partial,
              "open": [either(slot, texts) for s, slot in enumerate(v.rules.disaster(code).slots) if s != filled]}
             for code, partial, filled in front] for front in v.fronts]


def table_state(game: DCState, token: int, texts: Texts = PAGE, seat: int = YOU) -> Message:
    """The table as seat 0 (or `seat`: a replay, `egonb.replay`) sees it (only `game.view(seat)` and the config): what
    the browser draws."""
    v = game.view(seat)
    config = v.rules
    names = list(seat_names(v.names, texts))
    mine = distinct(v)  # one button per distinct move, saying all it does (moves.py)
    words = labels(v, mine, texts)
    pending = dict(v.pending)
    question = None
    if v.decision == "answer" and v.current_player == seat:
        asker, place = pending["asker"], pending["place"]
        question = texts("city.question.ask", asker=names[asker],
                         disaster=config.card_words(v.fronts[asker][place][0], texts))
    elif v.decision == "major" and v.current_player == seat:
        major = config.card_words(pending["card"], texts)
        question = (texts("city.question.major_people", major=major) if pending["people"]
                    else texts("city.question.major_cities", major=major, n=pending["left"]))
    return {
        "token": token, "names": names, "round": v.round, "turn": v.turn, "turns": v.turns,
        "current": v.current_player, "decision": v.decision, "question": question,
        "asks": [list(a) for a in v.asks], "hand": list(v.hand), "hand_sizes": list(v.hand_sizes),
        "fronts": _fronts(v, texts), "known": [list(k) for k in v.known], "draw_size": v.draw_size,
        "discard_top": v.discard[-1] if v.discard else None, "discard_size": len(v.discard),
        "scores": [list(s) for s in v.scores], "totals": list(v.totals), "winners": list(v.winners),
        "shown": [list(h) for h in v.shown], "end_score": config.end_score, "scoring": texts("city.scoring"),
        # R4: per shown hand, the cards whose category it holds twice or more (they score nothing)
        "twice": [[c for c in h if is_city(c) and sum(is_city(d) and category_of(d) == category_of(c) for d in h) > 1]
                  for h in v.shown],
        "round_score": config.round_score(v.hand, [e[0] for e in v.fronts[seat]]),
        "legal": [{"id": a.id, "kind": a.kind, "card": a.card, "offset": a.offset, "slot": a.slot, "rule": a.rule,
                   "label": words[a.id], **ask_row(v, a, texts)} for a in mine],
    }


class DCSession(BaseSession[DCState]):
    """A Diverse City game against `opponents` AI players (1-5) of kind `ai` (see AI_KINDS), to `end_score` (G1).

    `seed` makes the sequence of games reproducible; `save_dir` turns saving to the page's slot on; `guests`: your
    own agents, in the first AI seats (`egonb.app.guests`).
    """

    slug = "diverse-city"

    def __init__(self, opponents: int = 3, ai: str = "heuristic", seed: int | None = None,
                 pace_ms: int = PACE_MS, save_dir: Path | str | None = None,
                 update: Callable[[Message], None] = ignore, send: Callable[[Message], None] = ignore,
                 end_score: int = 50, texts: Texts | None = None, guests: Guests | None = None) -> None:
        if texts is not None:  # the reader's language (egonb.messages.language), chosen by the page at run time
            self.texts = texts
        self._check_choice(opponents, ai)
        self.opponents, self.ai, self.end_score = opponents, ai, end_score
        super().__init__(seed, SaveSlots(Path(save_dir) / "diverse-city") if save_dir is not None else None, update,
                         send, {"table": {}, "feed": {}, "offer": {}, "pace_ms": pace_ms, "faces": {}, "legend": [],
                                "guide": {}, "choices": self._choices(opponents, ai),
                                "words": browser_words(self.texts)})
        self.agents: dict[int, Any] = {}
        self.seat_guests(guests)
        self.new_game()

    def _choices(self, opponents: int, ai: str) -> dict[str, Any]:
        """What the page's selects offer and show: the AI players and their kind, and the paces [[ms, name]]."""
        return {"opponents": opponents, "ai": ai, "ais": ais(self.texts),
                "paces": [[ms, self.texts(f"pace.{name}")] for name, ms in PACES.items()]}

    @staticmethod
    def _check_choice(opponents: Any, ai: Any) -> None:
        if not is_int(opponents) or not 1 <= opponents <= 5:
            raise GameError(f"you play against 1 to 5 AI players, not {opponents!r}")
        if ai not in AI_KINDS:
            raise GameError(f"the AI players are one of {sorted(AI_KINDS)}, not {ai!r}")

    # ------------------------------------------------------------- actions

    def new_game(self, opponents: int | None = None, ai: str | None = None) -> None:
        """Deal a new game; the AI players' moves up to your first decision are queued as frames."""
        opponents = self.opponents if opponents is None else opponents
        ai = self.ai if ai is None else ai
        self._check_choice(opponents, ai)
        self.opponents, self.ai = opponents, ai
        # kept in the engine's English, shown in the reader's (egonb/messages/seats.py): saves hold no language
        names = (default_name("seat.reader"), *(default_name("seat.player", number=i + 2) for i in range(opponents)))
        config = Config(players=opponents + 1, names=names, end_score=self.end_score)
        self._start(new_game(config, self._seeds.getrandbits(32)),
                    self.texts("city.note.new_game", n=opponents, end_score=config.end_score))

    def _start(self, game: DCState, note: str, history: list[Message] | None = None) -> None:
        """Put `game` on the table: its AI players are made; a continued game's past (`history`) becomes the log,
        a new game's deal is its first frame."""
        self.offered = None
        self.game = game
        seeds = random.Random(game.seed if game.seed is not None else self._seeds.getrandbits(32))
        self.agents = {}
        for seat in range(1, game.config.players):
            agent = MonteCarloAgent(MC_SAMPLES) if self.ai == "monte-carlo" else HeuristicAgent()
            agent.reset(seat, random.Random(seeds.getrandbits(32)))
            self.agents[seat] = agent
        if self.guests is not None:
            self.guests.seat(self.agents, game.config.names, f"city.ai.{self.ai}", seeds.getrandbits(32))
        self._seen = len(game.events) if history else 0
        self.token += 1
        self._set(faces=faces(game.config, self.texts), legend=legend(game.config, self.texts),
                  guide=self.page_guide(game.config),
                  choices=self._choices(self.opponents, self.ai))
        # A new game's first frame is the deal alone (with the first draw, which P8 makes: the discard pile is empty),
        # so the page can hold the AI players' first decisions while How to play is open.
        dealt = [] if history else [{"table": self._table(), "events": self._new_events()}]
        self._publish([*dealt, *self._ai_turns()], history=history or [], note=note)

    def _not_yours(self) -> str | None:
        return None if self.game.current_player == YOU else self.texts("refuse.not_yours")

    def _apply(self, action: int) -> list[Message]:
        return [self._frame(YOU, action)]

    def _applied(self, frames: list[Message]) -> None:
        frames[0]["table"]["token"] = self.token  # your move's frame shows the decision that follows it
        self._publish([*frames, *self._ai_turns()])

    def _frame(self, seat: int, action: Any) -> Message:
        """Apply `seat`'s `action`: the frame of the table after it. A decision that ends a round (R1, G1) also
        brings the disasters in front as it ended (`ended`): the table after it is the next round's deal."""
        fronts = _fronts(self.game.view(YOU), self.texts)
        self.game.apply(action, player=seat)
        frame: Message = {"table": table_state(self.game, self.token, self.texts), "events": self._new_events()}
        if any(e["kind"] == "reveal" for e in frame["events"]):
            frame["ended"] = fronts
        return frame

    def _new_events(self) -> list[Message]:
        out = event_feed(self.game, self._seen, self.texts)
        self._seen = len(self.game.events)
        return out

    def _ai_turns(self) -> list[Message]:
        """The AI players decide until you must, the game ends or an agent's answer must come from elsewhere (the
        static edition's agent in a worker of its own, `_waiting`): a frame after each of their decisions."""
        frames = []
        while (seat := self.game.current_player) is not None and seat != YOU and not self._waiting():
            frames.append(self._frame(seat, self.agents[seat].act(self.game.view(seat))))
        return frames

    def _waiting(self) -> bool:
        """Does the seat to play wait for an answer from outside this process (its agent's `waiting(view)`)?"""
        seat = self.game.current_player
        if seat is None:
            return False
        waits = getattr(self.agents.get(seat), "waiting", None)
        return bool(waits is not None and waits(self.game.view(seat)))

    def play_on(self) -> None:
        """An agent that answers from elsewhere has its answer (`_waiting`): play the turns due now."""
        if self.game.current_player in (None, YOU) or self._waiting():
            return  # nothing due, or still waiting
        self.token += 1
        self._publish(self._ai_turns())

    def your_view(self) -> View:
        return self.game.view(YOU)

    def _table(self) -> Message:
        return table_state(self.game, self.token, self.texts)

    # ------------------------------------------------------------- messages

    def _new_game_asked(self, content: Message) -> None:
        try:
            self._check_choice(content.get("opponents"), content.get("ai"))
        except GameError as err:
            self._refuse(str(err))
            return
        self.new_game(content["opponents"], content["ai"])

    def _bind(self, slot: str) -> None:
        self.slot = slot
        saved = self._read()
        if saved is not None and not saved.is_over:
            self.offered = saved
            self._set(offer={"round": saved.round, "names": list(seat_names(saved.config.names, self.texts)),
                             "totals": list(saved.totals)})
        else:
            self._save()

    def _continue(self, saved: DCState) -> None:
        self.opponents = saved.config.players - 1
        start = max(0, len(saved.events) - HISTORY)
        self._start(saved, self.texts("city.note.continued", round=saved.round),
                    history=event_feed(saved, start, self.texts))

    def _read(self) -> DCState | None:
        assert isinstance(self.saves, SaveSlots) and self.slot is not None
        path = self.saves.path(self.slot)
        try:
            return loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, GameError) as err:
            log.warning("ignoring the saved Diverse City game %s: %s", path, err)
            return None

    def _dump(self) -> str:
        return dumps(self.game)
