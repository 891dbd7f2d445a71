"""GameState: the decision state machine shared by multiplayer and solo games.

A turn is a chain of small decisions (DESIGN "Decision points"): `decision` says
which kind, `current_player` who must take it, `legal_actions()` what is allowed
and `apply()` performs one. Setup (S1-S4), the five actions (T1-T6), played and
discarded cards (D1-D2) and scoring (E1-E2) live here; abilities live in
`abilities.py` and the Citybots in `citybot.py`.

Cards are values 1-12. A hand is `hands[seat]`; a Citybot's hand is its hidden
`piles[seat]` (top card last) plus its visible `hands[seat]` (SM4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence, Sized
from typing import Any, cast

from . import abilities, citybot
from .actions import (
    ACTIONS,
    DISCARD_DRAWN,
    DRAW,
    KEEP,
    MATCH,
    PAIR,
    STOP,
    TAKE,
    Action,
)
from .cards import PLAYED_ABILITIES, SEVEN_EIGHT_NINE, matches
from .errors import GameError, seed_number, whole_or_none
from .events import Event
from .protocol import rank_by
from .rules import Rules

ACTION = "action"
KEEP_OR_DISCARD = "keep_or_discard"
ABILITY = "ability"
SHIELD = "shield"
TWO_CARDS_CHOICE = "two_cards_choice"
GAME_OVER = "game_over"

DECISION_TEXT = {
    ACTION: "choose the action of the turn (T1-T5)",
    KEEP_OR_DISCARD: "keep the drawn card or discard it (T1)",
    ABILITY: "use the ability of the played card or not (D2)",
    SHIELD: "answer with a Black Shield or not (A9)",
    TWO_CARDS_CHOICE: "choose the card to exchange for a designated player (A11)",
    GAME_OVER: "nothing: the game is over",
}

#: Which kinds of action answer each decision: a refused action of the right kind is wrong for the position,
#: not for the moment, and the error says so.
DECISION_KINDS = {
    ACTION: {"draw", "stop", "take", "match", "pair"},
    KEEP_OR_DISCARD: {"discard_drawn", "keep"},
    ABILITY: {"skip", "hourglass", "look", "designate", "reveal_pile", "exchange", "swap"},
    SHIELD: {"shield", "no_shield"},
    TWO_CARDS_CHOICE: {"pick", "random", "announce"},
}


#: Called with the state before each Citybot turn and after the last (see `GameState.apply`).
Observer = Callable[["GameState"], None]

#: Your abilities have their own rule ids in solo mode, so what you are told cites those.
_SOLO_IDS = {"A9": "SP9", "A12": "SP12"}


def _solo_ids(text: str, solo: bool) -> str:
    if solo:
        for multi, own in _SOLO_IDS.items():
            text = text.replace(f"({multi})", f"({own})")
    return text


def _as_action(action: Action | int) -> Action:
    """`action`, or the action with that id."""
    if isinstance(action, Action):
        return action
    if (i := whole_or_none(action)) is not None and 0 <= i < len(ACTIONS):
        return ACTIONS[i]
    raise GameError(f"not an action: {action!r} (give an Action or an int id 0-{len(ACTIONS) - 1})")


def _choosing_for(names: Sequence[str], designated: Sequence[int], choices: Sized) -> str:
    """A11: the designated player whose card the actor chooses next."""
    return names[designated[len(choices)]]


def decision_words(decision: str, solo: bool, names: Sequence[str], designated: Sequence[int],
                  choices: Sized) -> str:
    """What the deciding player must do, from a state or a view: one wording for errors and front ends.

    A Two Cards choice names the player it is for (A11); solo mode cites its own rule ids (SP9).
    """
    text = DECISION_TEXT[decision]
    if decision == TWO_CARDS_CHOICE:
        text = text.replace("a designated player", _choosing_for(names, designated, choices))
    return _solo_ids(text, solo)


class GameState:
    """One game in progress. Create it with `new_game(rules, seed)`."""

    __slots__ = (
        "rules", "n", "solo", "rng", "seed", "deck", "discard", "hands", "piles", "known",
        "round", "scores", "totals", "turn", "current", "phase", "drawn", "pending",
        "stop_caller", "extra", "events", "winners", "_legal",
    )

    rules: Rules
    n: int
    solo: bool
    rng: random.Random
    #: The game's seed: every round after the first is dealt from it and the round number alone, so a
    #: tournament's rotations of one deal get the same cards in every round, however they played.
    #: None where the future must stay unknown (a determinized copy) or in a game saved without it.
    seed: int | None
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    #: (observer * 8 + seat) -> values the observer knows are in that seat's hand.
    known: dict[int, list[int]]
    round: int
    scores: list[list[int]]
    totals: list[int]
    turn: int
    current: int | None
    phase: str
    drawn: int
    pending: dict[str, Any]
    stop_caller: int
    #: The turn in progress is the extra one an Hourglass gave (A12, SP12, SC12).
    extra: bool
    events: list[Event]
    winners: list[int]
    _legal: tuple[Action, ...] | None

    # ----------------------------------------------------------------- setup

    @classmethod
    def start(cls, rules: Rules, seed: int, observer: Observer | None = None) -> GameState:
        self = cls.__new__(cls)
        self.rules = rules
        self.n = rules.players
        self.solo = rules.solo
        self.rng = random.Random(seed)
        self.seed = seed
        self.deck, self.discard = [], []
        self.hands = [[] for _ in range(self.n)]
        self.piles = [[] for _ in range(self.n)]
        self.known = {}
        self.round = 0
        self.scores, self.totals = [], [0] * self.n
        self.turn = 0
        self.current = None
        self.phase = ACTION
        self.drawn = 0
        self.pending = {}
        self.stop_caller = -1
        self.extra = False
        self.events = []
        self.winners = []
        self._legal = None
        if self.solo:
            self._start_round(1, "SM3: Citybot Left starts the first round")
        else:
            self._start_round(self.rng.randrange(self.n), "S2: chosen at random")
        self._run_bots(observer)
        return self

    def _start_round(self, first: int, why: str) -> None:
        """S1: shuffle all cards, turn one up, deal a hand to everyone."""
        self.round += 1
        deck = self.rules.deck
        later = self.round > 1 and self.seed is not None
        (random.Random(f"egonb-round:{self.seed}:{self.round}") if later else self.rng).shuffle(deck)
        self.deck = deck
        self.discard = [deck.pop()]
        hs = self.rules.hand_size
        for p in range(self.n):
            cards = [deck.pop() for _ in range(hs)]
            if self.solo and p:
                self.piles[p], self.hands[p] = cards, []
            else:
                self.hands[p], self.piles[p] = cards, []
        self.known = {}
        self.stop_caller = -1
        self._emit("round_start", "S2", first, {"round": self.round, "why": why})
        self._emit("flip", "S1", None, {"card": self.discard[-1]})
        for p in range(self.n):
            if not (self.solo and p):
                self._emit("deal", "S1", p, {"n": hs}, {"hand": list(self.hands[p])}, (p,))
        self._start_turn(first)

    def _start_turn(self, seat: int, extra: bool = False) -> None:
        """`extra`: the turn is the one an Hourglass gave (A12, SP12, SC12), which views show."""
        self.turn = seat
        self.current = seat
        self.phase = ACTION
        self.drawn = 0
        self.pending = {}
        self.extra = extra
        self._legal = None

    # ------------------------------------------------------------ public API

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return self.current

    @property
    def decision(self) -> str:
        return self.phase

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.piles[seat])

    def hand_total(self, seat: int) -> int:
        return sum(self.hands[seat]) + sum(self.piles[seat])

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take now (empty when the game is over).

        A fresh list each time: changing it cannot change what the engine accepts.
        """
        return list(self._legal_now())

    def _legal_now(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return self._legal

    def apply(self, action: Action | int, player: int | None = None, observer: Observer | None = None) -> Action:
        """Perform one legal action and return it as the engine's own `Action` (what it read, once, from
        `action`); bad input raises GameError and changes nothing.

        In solo mode the Citybots then play until you must decide again; their
        moves are in `events`, and `observer(state)` (if given) is called before
        each Citybot turn, after a Citybot reveals cards from its pile (SB2, SB3)
        and after the last turn, so a front end can show every turn step by step.
        """
        act = self._check(action, player)
        _HANDLERS[act.kind](self, act)
        self._legal = None
        if self.solo:
            self._run_bots(observer)
        return act

    def clone(self) -> GameState:
        """An independent copy (far cheaper than copy.deepcopy)."""
        c = GameState.__new__(GameState)
        c.rules = self.rules
        c.n = self.n
        c.solo = self.solo
        c.rng = random.Random.__new__(random.Random)  # no seeding from the OS: the state is copied next
        c.rng.setstate(self.rng.getstate())
        c.seed = self.seed
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.piles = [h[:] for h in self.piles]
        c.known = {k: v[:] for k, v in self.known.items()}
        c.round = self.round
        c.scores = [s[:] for s in self.scores]
        c.totals = self.totals[:]
        c.turn = self.turn
        c.current = self.current
        c.phase = self.phase
        c.drawn = self.drawn
        c.pending = {k: (v[:] if isinstance(v, list) else v) for k, v in self.pending.items()}
        c.stop_caller = self.stop_caller
        c.extra = self.extra
        c.events = self.events[:]
        c.winners = self.winners[:]
        c._legal = self._legal
        return c

    def view(self, player: int) -> Any:
        """Everything `player` may know, and nothing more (see `egonb.view`)."""
        from .view import build_view

        return build_view(self, player)

    def events_for(self, player: int | None, start: int = 0) -> list[tuple[Event, str]]:
        """(event, text as `player` may read it) from index `start` on."""
        names = self.rules.names
        return [(e, e.text(names, player)) for e in self.events[start:]]

    def revealed_hands(self) -> list[list[int]]:
        """Every seat's hand as the last round end showed it to everyone (E1); [] before the first one."""
        return [e.args["hand"] for e in self.events if e.kind == "reveal_hand"][-self.n:]

    def decision_text(self) -> str:
        """What the current player must do now, e.g. 'answer with a Black Shield or not (SP9)'."""
        pend = self.pending
        return decision_words(self.phase, self.solo, self.rules.names, pend.get("targets", ()), pend.get("choices", ()))

    def describe(self, action: Action | int, *, public: bool = False) -> str:
        """The action in plain words for the current player, then its rule id (`rule_of`), e.g. 'keep the drawn 3
        in place of your 11 (T1)'; `public=True` leaves the drawn card unnamed (T1: only its player has seen it)."""
        act = _as_action(action)
        words = act.words()
        if act.kind == "keep" and self.drawn:
            words = f"keep the drawn {'card' if public else self.drawn} in place of your {act.a}"
        elif act.kind == "take" and self.discard:
            words = f"take the {self.discard[-1]} from the discard pile in place of your {act.a}"
        elif act.kind in ("random", "announce") and self.phase == TWO_CARDS_CHOICE:  # name whose card it is
            target = _choosing_for(self.rules.names, self.pending["targets"], self.pending["choices"])
            words = (f"take a random card from {target}" if act.kind == "random"
                     else f"announce the value {act.a} for {target}")
        elif act.kind in ("look", "designate", "reveal_pile"):
            names = self.rules.names
            seats = [(self.current or 0) + o for o in ((act.a,) if act.kind != "designate" else (act.a, act.b))]
            who = " and ".join(names[s % self.n] for s in seats)
            verb = {"look": "look at the hand of", "designate": "designate",
                    "reveal_pile": "reveal the hidden pile of"}[act.kind]
            words = f"{verb} {who}"
        return f"{words} ({self.rule_of(act)})"

    def rule_of(self, action: Action | int) -> str:
        """The rule id(s) `action` cites in this game, as `describe` ends with them: a match or pair by the 789
        cites A8 (SP8 in solo mode), your Black Shield and Hourglass their solo ids (SP9, SP12)."""
        act = _as_action(action)
        if act.kind in ("match", "pair"):
            return self._match_rule(act)
        return _SOLO_IDS.get(act.rule, act.rule) if self.solo else act.rule

    # ------------------------------------------------- the game protocol (egonb.protocol)

    def returns(self) -> tuple[float, ...]:
        """Per seat, minus its total: the lowest total wins (E2), so it has the highest return."""
        return tuple(-float(t) for t in self.totals)

    def ranks(self) -> tuple[float, ...]:
        """Per seat, 1 = lowest total (E2); tied seats share the average of their places."""
        return rank_by(self.totals, higher_wins=False)

    def transcript(self, viewer: int | None = None) -> list[str]:
        """Every event as '[rule] text' that `viewer` may read (None: a spectator, public events only)."""
        return [f"[{e.rule:>4}] {e.text(self.rules.names, viewer)}" for e in self.events]

    def to_json(self) -> str:
        from .save import dumps

        return dumps(self)

    @staticmethod
    def from_json(text: str) -> GameState:
        from .save import loads

        return loads(text)

    def __repr__(self) -> str:
        who = "nobody" if self.current is None else self.rules.names[self.current]
        return f"<GameState round {self.round}, {who} to {self.phase}, totals {self.totals}>"

    # ------------------------------------------------------------ validation

    def _check(self, action: Action | int, player: int | None) -> Action:
        if self.phase == GAME_OVER:
            raise GameError("the game is over: no action is allowed")
        decider = self.rules.names[self.current or 0]
        if player is not None and (isinstance(player, bool) or player != self.current):
            raise GameError(
                f"seat {self.current} ({decider}) decides now, not seat {player}: "
                f"{decider} must {self.decision_text()}"
            )
        legal = self._legal_now()
        if issubclass(type(action), Action):  # type(), not isinstance(): a fake `__class__` fools isinstance
            # Our own copy from the table, compared as plain tuples: a look-alike cannot pass for a legal action
            # (its fields are read as a tuple's: a subclass may hide `id` behind a property).
            i = tuple.__getitem__(cast(Action, action), 0)
            act = ACTIONS[i] if type(i) is int and 0 <= i < len(ACTIONS) else None
            if act is None or (act is not action and (
                    type(action) is not Action or tuple.__eq__(act, action) is not True)):
                raise GameError("not an egonb action: take actions from legal_actions() or give their int ids")
        elif (given := whole_or_none(action)) is not None:
            if not 0 <= given < len(ACTIONS):
                raise GameError(f"action id {given} is out of range 0-{len(ACTIONS) - 1}")
            act = ACTIONS[given]
        else:
            raise GameError(f"an action must be an Action or an int id, not {type(action).__name__}")
        if act not in legal:
            allowed = "; ".join(f"{a.id}: {self.describe(a)}" for a in legal)
            why = ("it does not fit this position" if act.kind in DECISION_KINDS[self.phase]
                   else f"{decider} must {self.decision_text()}")
            raise GameError(f"'{self.describe(act)}' is not allowed now ({why})", allowed=allowed,
                            public=f"'{self.describe(act, public=True)}' is not allowed now ({why})")
        return act

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == ACTION:
            return self._legal_turn_actions()
        if phase == KEEP_OR_DISCARD:
            return [DISCARD_DRAWN] + [KEEP[v] for v in sorted(set(self.hands[self.turn]))]
        if phase == GAME_OVER:
            return []
        return abilities.legal(self)

    def _legal_turn_actions(self) -> list[Action]:
        """T1-T5 for the current player, with A8 for matches and pairs."""
        hand = self.hands[self.turn]
        top = self.discard[-1]
        out = [DRAW] if self._can_draw() else []
        if self.stop_caller < 0:
            out.append(STOP)
        distinct = sorted(set(hand))
        out.extend(TAKE[v] for v in distinct)
        out.extend(MATCH[v] for v in distinct if matches(v, top))
        for v in distinct:
            if hand.count(v) > 1:
                out.append(PAIR[v, v])
        if SEVEN_EIGHT_NINE in hand:
            for other in (7, 9):
                if other in hand:
                    out.append(PAIR[SEVEN_EIGHT_NINE, other])
                    out.append(PAIR[other, SEVEN_EIGHT_NINE])
        return out

    # ------------------------------------------------------- shared helpers

    def _emit(self, kind: str, rule: str, player: int | None, args: dict[str, Any],
              secret: dict[str, Any] | None = None, to: tuple[int, ...] = ()) -> None:
        self.events.append(Event(kind, rule, player, args, secret, to))

    def _run_bots(self, observer: Observer | None = None) -> None:
        """Solo: the engine plays the Citybots until you must decide (or the game ends)."""
        played = False
        while self.solo and self.current and self.phase != GAME_OVER:
            if observer:
                observer(self)
            citybot.take_turn(self, observer)
            played = True
        if observer and played:
            observer(self)

    def _can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def _draw_card(self) -> int:
        """Top deck card, reshuffling the discard under its top card first if needed (S4); 0 if none."""
        if not self.deck:
            if len(self.discard) < 2:
                return 0
            top = self.discard.pop()
            self.deck, self.discard = self.discard, [top]
            self.rng.shuffle(self.deck)
            self._emit("reshuffle", "S4", None, {"top": top, "n": len(self.deck)})
        return self.deck.pop()

    def _forget(self, seat: int, value: int) -> None:
        """A card of `value` left `seat`'s hand in public: nobody may still count it as there.

        Solo games track no knowledge: the Citybots' visible cards are public and they see everything.
        """
        if self.solo:
            return
        for obs in range(self.n):
            k = obs * 8 + seat
            lst = self.known.get(k)
            if lst and value in lst:
                lst.remove(value)

    def _learn(self, seat: int, value: int, observers: range | tuple[int, ...] | list[int],
               new: bool) -> None:
        """Observers saw that `seat` holds `value`: a card that just arrived (`new`) or one shown."""
        if self.solo:
            return
        for obs in observers:
            if obs == seat:
                continue
            lst = self.known.setdefault(obs * 8 + seat, [])
            if new or value not in lst:
                lst.append(value)

    def _play(self, seat: int, value: int) -> bool:
        """D2: a card that already left a hand goes on the discard pile. False when the hand is empty (T6)."""
        self.discard.append(value)
        if not self.hands[seat] and not self.piles[seat]:
            self._end_round("T6", seat)
            return False
        return True

    def _play_and_offer(self, seat: int, value: int) -> None:
        """A player (not a Citybot) played `value`: offer its ability (D2), else the turn ends."""
        if not self._play(seat, value):
            return
        if value in PLAYED_ABILITIES:
            self.phase = ABILITY
            self.pending = {"card": value}
            self._legal = None
            if self.legal_actions() != [abilities.SKIP]:
                return
            rule, why = abilities.no_target(self)
            self._emit("no_target", rule, seat, {"ability": value, "why": why})
        self._end_turn()

    def _end_turn(self, again: bool = False) -> None:
        """Next player clockwise (S3), or the same one `again` after an Hourglass (A12); STOP ends the round (T5)."""
        if self.phase == GAME_OVER:
            return
        nxt = self.turn if again else (self.turn + 1) % self.n
        if nxt == self.stop_caller:
            self._end_round("T5", nxt)
        else:
            self._start_turn(nxt, again)

    def _end_round(self, rule: str, seat: int) -> None:
        """SM2 removal, then E1 scoring; E2 decides whether another round starts.

        `rule` is T5 (the turn came back to `seat`, who said STOP) or T6 (`seat` has no card left).
        """
        # The table as the round ended, all public: a summary shows it after the next deal has replaced it.
        self._emit("round_end", rule, seat, {
            "round": self.round, "deck": len(self.deck), "discard": len(self.discard),
            "top": self.discard[-1] if self.discard else 0,
            "stop": self.stop_caller if self.stop_caller >= 0 else None})
        self.drawn = 0
        self.pending = {}
        if self.solo and self.rules.difficulty in (2, 3):
            for p in (1, 2):
                citybot.remove_for_difficulty(self, p)
        scores = [self.hand_total(p) for p in range(self.n)]
        for p in range(self.n):
            self._emit("reveal_hand", "E1", p, {"hand": self.hands[p] + self.piles[p], "score": scores[p]})
        self.scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        if not self.rules.full_game or max(self.totals) >= self.rules.end_score:
            best = min(self.totals)
            self.winners = [p for p in range(self.n) if self.totals[p] == best]
            kind = "game_end" if self.rules.full_game else "game_end_round"
            self._emit(kind, "E2", None, {"rounds": self.round, "seats": list(self.winners),
                                          "total": best})
            self.phase = GAME_OVER
            self.current = None
            self._legal = None
            return
        high = max(scores)
        tied = [p for p in range(self.n) if scores[p] == high]
        first = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        why = "S2: highest score last round" + (", tie broken at random" if len(tied) > 1 else "")
        self._start_round(first, why)

    # ------------------------------------------------------------ T1 - T5

    def _do_draw(self, act: Action) -> None:
        p = self.turn
        self.drawn = self._draw_card()
        self.phase = KEEP_OR_DISCARD
        self._emit("draw", "T1", p, {}, {"card": self.drawn}, (p,))

    def _do_discard_drawn(self, act: Action) -> None:
        card, self.drawn = self.drawn, 0
        self.discard.append(card)
        self._emit("discard_drawn", "D1", self.turn, {"card": card})
        self._end_turn()

    def _do_keep(self, act: Action) -> None:
        p, drawn = self.turn, self.drawn
        hand = self.hands[p]
        hand.remove(act.a)
        self._forget(p, act.a)
        hand.append(drawn)
        self.drawn = 0
        self._emit("keep", "T1", p, {"card": act.a}, {"drawn": drawn}, (p,))
        self._play_and_offer(p, act.a)

    def _do_take(self, act: Action) -> None:
        p = self.turn
        taken = self.discard.pop()
        hand = self.hands[p]
        hand.remove(act.a)
        self._forget(p, act.a)
        hand.append(taken)
        self._learn(p, taken, range(self.n), new=True)
        self._emit("take", "T2", p, {"taken": taken, "card": act.a})
        self._play_and_offer(p, act.a)

    def _match_rule(self, act: Action) -> str:
        """The rule a match or a pair cites: T3 or T4, or the one that lets a 789 count as a 7 or a 9 (A8;
        yours is SP8 in solo mode, the Citybots' SC8)."""
        if act.kind == "pair":
            by_789 = act.a != act.b  # unequal pairs exist only with the 789
        else:
            top = self.discard[-1] if self.discard else act.a
            by_789 = act.a != top and SEVEN_EIGHT_NINE in (act.a, top)
        if by_789:
            return "SP8" if self.solo else "A8"
        return "T4" if act.kind == "pair" else "T3"

    def _do_match(self, act: Action) -> None:
        p = self.turn
        self.hands[p].remove(act.a)
        self._forget(p, act.a)
        self._emit("match", self._match_rule(act), p, {"top": self.discard[-1], "card": act.a})
        self._play_and_offer(p, act.a)

    def _do_pair(self, act: Action) -> None:
        p = self.turn
        self.hands[p].remove(act.a)
        self._forget(p, act.a)
        self._learn(p, act.b, range(self.n), new=False)
        self._emit("pair", self._match_rule(act), p, {"card": act.a, "kept": act.b})
        self._play_and_offer(p, act.a)

    def _do_stop(self, act: Action) -> None:
        self.stop_caller = self.turn
        self._emit("stop", "T5", self.turn, {})
        self._end_turn()


_HANDLERS = {
    "draw": GameState._do_draw,
    "discard_drawn": GameState._do_discard_drawn,
    "keep": GameState._do_keep,
    "take": GameState._do_take,
    "match": GameState._do_match,
    "pair": GameState._do_pair,
    "stop": GameState._do_stop,
    **abilities.HANDLERS,
}


def new_game(rules: Rules | None = None, seed: int = 0, observer: Observer | None = None) -> GameState:
    """A new game, deterministic for a given seed (any process, any PYTHONHASHSEED).

    `observer` sees each Citybot turn of a solo game's opening, as in `GameState.apply`.
    """
    try:
        seed = seed_number(seed)
    except (TypeError, ValueError) as err:
        raise GameError(str(err)) from None
    return GameState.start(rules or Rules(), seed, observer)

