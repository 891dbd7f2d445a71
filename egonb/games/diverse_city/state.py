"""The Diverse City engine: a decision state machine for P1-P8, with asks answered out of turn (X5), donations
and partials (X4, X6), resets (X8, X9), Majors (M1-M4), the hand limit and refill (H1-H3), the Diversity call and
scoring (R1-R5) and the game's end (G1, G2). Rule ids from DIVERSE-CITY.md are cited throughout.

A front entry is `[disaster, partial, partial_slot]` (-1, -1 without a partial). Cards are codes (`cards`).
Whenever only one action is legal it is applied at once (P8), so an agent is asked only real questions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any

from ...errors import GameError, seed_number, whole_or_none
from ...messages import ENGLISH, Texts
from ...messages.seats import seat_names
from ...protocol import rank_by
from .actions import ACTIONS, ASK, CALL, DECLINE, DISCARD, DRAW, FILL, GIVE, NO_CALL, PASS, STOP, TAKE, Action
from .cards import MAJORS, PANDEMIC, PEOPLE, WORLD_WAR, is_city, is_disaster
from .checks import settled
from .config import DECISIONS, Config
from .decisions import Answer, GiveMore, MajorChoice, Pending, Phase, ResolveFill
from .events import Event
from .view import View


def _kind(name: str) -> dict[str, str]:
    """A part's kind, which says how it is copied (`DCState.clone`) and saved (`save`): "config", "rng", "whole"
    (an int), "maybe" (an int or None), "phase", "pending" (a `decisions` record or None), "cards" (a list of
    ints), "cards2" and "cards3" (lists of such lists), "known" ({(observer, seat): cards}), "events"."""
    return {"kind": name}


@dataclass(slots=True, eq=False, repr=False)
class DCState:
    """One Diverse City game. Make it with `new_game(config, seed)` or `DCState.from_position`; see
    `egonb.protocol.State`. Its parts are declared here once: `PARTS` (the fields made by `__init__`) drive
    `clone` and `save`, and only this module changes them (tests/test_state_encapsulation.py)."""

    config: Config = field(metadata=_kind("config"))
    rng: random.Random = field(metadata=_kind("rng"))
    #: The seed the game was dealt from; None in a world sampled from a view (its future must stay unknown).
    seed: int | None = field(metadata=_kind("maybe"))
    draw_pile: list[int] = field(default_factory=list, metadata=_kind("cards"))  # the top card is the last
    discard: list[int] = field(default_factory=list, metadata=_kind("cards"))  # the top card is the last
    hands: list[list[int]] = field(default_factory=list, metadata=_kind("cards2"))
    #: Per seat, its row of disasters in front: [disaster, partial, partial's slot] (-1, -1 without a partial).
    fronts: list[list[list[int]]] = field(default_factory=list, metadata=_kind("cards3"))
    #: (observer, seat) -> cards the observer knows are in that hand: taken discards (I2), World War (I3).
    known: dict[tuple[int, int], list[int]] = field(default_factory=dict, metadata=_kind("known"))
    round: int = field(default=0, metadata=_kind("whole"))
    first: int = field(default=0, metadata=_kind("whole"))
    turn: int = field(default=0, metadata=_kind("whole"))
    #: Who decides now: `turn`, or an asked seat (X5) or a seat choosing for a Major (M1); None at the end.
    current: int | None = field(default=None, metadata=_kind("maybe"))
    phase: str = field(default=Phase.MAIN, metadata=_kind("phase"))
    pending: Pending | None = field(default=None, metadata=_kind("pending"))
    #: X5: the [asked seat, disaster place] pairs asked this turn.
    asks: list[list[int]] = field(default_factory=list, metadata=_kind("cards2"))
    turns: int = field(default=0, metadata=_kind("whole"))
    redeals: int = field(default=0, metadata=_kind("whole"))
    scores: list[list[int]] = field(default_factory=list, metadata=_kind("cards2"))
    totals: list[int] = field(default_factory=list, metadata=_kind("cards"))
    winners: list[int] = field(default_factory=list, metadata=_kind("cards"))
    #: I4: every hand as the last round end showed it (empty before the first round end).
    shown: list[list[int]] = field(default_factory=list, metadata=_kind("cards2"))
    events: list[Event] = field(default_factory=list, metadata=_kind("events"))
    # Derived, never saved:
    n: int = field(init=False)
    _legal: tuple[Action, ...] | None = field(init=False)

    def __post_init__(self) -> None:
        self.n = self.config.players
        self._legal = None

    @classmethod
    def start(cls, config: Config, seed: int) -> DCState:
        self = cls(config, random.Random(seed), seed, totals=[0] * config.players)
        self._start_round(self.rng.randrange(self.n))  # U1: round 1's first player from the seed
        self.settle()
        return self

    @classmethod
    def from_position(cls, config: Config, hands: Sequence[Sequence[int]],
                      fronts: Sequence[Sequence[int | tuple[int, int]]] = (), *, draw: Sequence[int] = (),
                      discard: Sequence[int] = (), turn: int = 0, phase: str = Phase.MAIN,
                      scores: Sequence[Sequence[int]] = (), rest: str = "draw", shuffle: int | None = None,
                      seed: int = 0) -> DCState:
        """A game in round `len(scores) + 1` where seat `turn` decides `phase` ("draw": its turn begins; "main":
        it has drawn; "diversity" …) with nothing pending.

        `hands[seat]` is that seat's hand; `fronts[seat]` what lies in front of it, each a disaster or (disaster,
        its partial card); `draw` the next cards to draw, FIRST ONE FIRST; `discard` the discard pile, top card
        last. The cards nobody named go under the draw pile (or, with `rest` "discard", the discard pile): in code
        order, the lowest on top, or shuffled with `shuffle` as a seed. `seed` seeds the game's generator.
        Checked like a saved game: GameError says what is impossible. Then the position is settled: a decision
        with one legal action is not asked, the action is applied (P8)."""
        n = config.players
        if rest not in ("draw", "discard"):
            raise GameError(f"rest must be 'draw' or 'discard', not {rest!r}")
        if phase not in DECISIONS:
            raise GameError(f"phase must be one of the decisions {DECISIONS}, not {phase!r}")
        if type(turn) is not int or not 0 <= turn < n:
            raise GameError(f"turn must be a seat 0-{n - 1}, not {turn!r}")
        fronts = list(fronts) or [()] * n
        if len(hands) != n or len(fronts) != n or any(len(row) != n for row in scores):
            raise GameError(f"a position needs {n} hands and fronts (and round scores), one per seat")
        rows = [[[e[0], e[1], -1] if isinstance(e, tuple) else [e, -1, -1] for e in entries] for entries in fronts]
        named = Counter([c for h in hands for c in h] + list(draw) + list(discard)
                        + [c for row in rows for code, partial, _ in row for c in (code, partial) if c >= 0])
        deck = set(config.cards)
        if not all(type(c) is int and c in deck for c in named):
            raise GameError("a position names the cards of its deck by their codes (`cards`)")
        for code in (entry[0] for row in rows for entry in row):
            if not is_disaster(code):
                raise GameError(f"{config.card_name(code)} lies in front, but only personal disasters do (X1)")
        for entry in (entry for row in rows for entry in row if entry[1] >= 0):  # a partial fills one slot (X6)
            slots = range(len(config.disaster(entry[0]).slots))
            entry[2] = next((k for k in slots if config.fits(entry[1], entry[0], k)), -1)
        extra = named - Counter(config.deck)
        if extra:
            raise GameError("the deck holds fewer of these cards than the position uses: "
                            + ", ".join(config.card_name(c) for c in sorted(extra)))
        others = sorted((Counter(config.deck) - named).elements())
        if shuffle is None:
            others.reverse()  # the lowest code on top: CITY cards first, disasters and Majors at the bottom
        else:
            random.Random(shuffle).shuffle(others)
        totals = [sum(col) for col in zip(*scores)] if scores else [0] * n
        state = cls(config, random.Random(seed), seed, draw_pile=(others if rest == "draw" else []) + list(draw)[::-1],
                    discard=(others if rest == "discard" else []) + list(discard), hands=[list(h) for h in hands],
                    fronts=rows, round=len(scores) + 1, first=turn, turn=turn, current=turn, phase=phase, turns=1,
                    scores=[list(r) for r in scores], totals=totals,
                    shown=[[] for _ in range(n)] if scores else [])  # a round ended before: its hands were shown (I4)
        return settled(state, "not a possible position")

    # ------------------------------------------------------------------ the game protocol

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def decision(self) -> str:
        return self.phase

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def legal_actions(self) -> list[Action]:
        return list(self._legal_now())

    def apply(self, action: Action | int, player: int | None = None) -> Action:
        """Perform one legal action (or its id); bad input raises GameError and changes nothing."""
        act = self._check(action, player)
        self._do(act)
        self.settle()
        return act

    def view(self, player: int) -> View:
        """What `player` may know (I1-I4): the own hand, the public table, the cards known in other hands."""
        if type(player) is not int or not 0 <= player < self.n:
            raise GameError(f"no seat {player!r}: seats are 0-{self.n - 1}")
        return View(
            player=player, rules=self.config, round=self.round, first=self.first, turn=self.turn, turns=self.turns,
            current_player=self.current, decision=self.phase,
            pending=() if self.pending is None else tuple(sorted(
                (name, getattr(self.pending, name)) for name in self.pending.__match_args__)),
            asks=tuple((s, p) for s, p in self.asks), hand=tuple(sorted(self.hands[player])),
            hand_sizes=tuple(len(h) for h in self.hands),
            fronts=tuple(tuple((c, p, s) for c, p, s in f) for f in self.fronts),
            draw_size=len(self.draw_pile), discard=tuple(self.discard),
            known=tuple(tuple(sorted(self.known.get((player, seat), ()))) for seat in range(self.n)),
            scores=tuple(map(tuple, self.scores)), totals=tuple(self.totals), winners=tuple(self.winners),
            shown=tuple(map(tuple, self.shown)),
            legal_actions=tuple(self._legal_now()) if self.current == player else (),
        )

    def returns(self) -> tuple[float, ...]:
        """Per seat, its total (G1: the highest total wins)."""
        return tuple(float(t) for t in self.totals)

    def ranks(self) -> tuple[float, ...]:
        """Places by total, then (G2) by the last round's score (a round score is far below 10,000 in size)."""
        last = self.scores[-1] if self.scores else [0] * self.n
        return rank_by([t * 10_000 + s for t, s in zip(self.totals, last)], higher_wins=True)

    def describe(self, action: Action | int, *, texts: Texts = ENGLISH, button: bool = False) -> str:
        """The action in words for the player deciding now, then its rule id(s) (`city.describe.*` in the catalogue;
        `button`: as a button says it, `city.action.*`)."""
        act = ACTIONS[action] if isinstance(action, int) else action
        me = self.current if self.current is not None else self.turn
        def name(code: int) -> str:
            return self.config.card_words(code, texts)

        names = seat_names(self.config.names, texts)  # the default names in the reader's language
        said = "city.action" if button else "city.describe"
        rule = act.rule
        if act.kind in ("give", "ask", "fill"):
            owner = (me + act.offset) % self.n if act.kind == "give" else me
            front = self.fronts[owner]
            disaster = (name(front[act.slot][0]) if act.slot < len(front)
                        else texts("city.word.disaster", place=act.slot + 1))
            words = texts(f"{said}.{act.kind}", card=name(act.card) if act.card >= 0 else "",
                          q=names[(me + act.offset) % self.n], disaster=disaster,
                          q_s=texts("city.word.possessive", name=names[owner]))
        elif act.kind == "discard":
            words = texts(f"{said}.discard", card=name(act.card))
            if self.phase in (Phase.MAIN, Phase.HAND_LIMIT, Phase.MAJOR):
                rule = self._discard_rule()
        else:
            words = texts(f"{said}.{act.kind}")
        return texts("city.describe", words=words, rule=rule)

    def transcript(self, viewer: int | None = None) -> list[str]:
        return [f"[{e.rule:>3}] {e.text(self.config.names, viewer)}" for e in self.events]

    def clone(self) -> DCState:
        """A copy that shares nothing that changes: each part copied as its kind says (`PARTS`)."""
        c = DCState(*[v if copy is None else copy(v) for copy, v in zip(_COPIES, _PART_VALUES(self))])
        c._legal = self._legal  # a tuple of immutable actions: shared
        return c

    def __repr__(self) -> str:
        who = "nobody" if self.current is None else self.config.names[self.current]
        return f"<Diverse City round {self.round}, {who} to {self.phase}, totals {self.totals}>"

    # ------------------------------------------------------------------ what a player may do

    def open_slots(self, seat: int, place: int) -> list[int]:
        """The slots of `seat`'s disaster at `place` that no card fills yet (K3, X6)."""
        code, _, filled = self.fronts[seat][place]
        return [s for s in range(len(self.config.disaster(code).slots)) if s != filled]

    def fitting(self, cards: list[int], seat: int, place: int) -> list[int]:
        """The distinct CITY cards of `cards` that fill an open slot of that disaster (X2: one slot each)."""
        code, _, filled = self.fronts[seat][place]
        return sorted(self.config.fillers(code, filled).intersection(cards))

    def _completable_with(self, card: int, seat: int, place: int) -> bool:
        """Can `seat` clear its own disaster at `place` from hand, starting with `card` (X3)?"""
        code = self.fronts[seat][place][0]
        slots = self.open_slots(seat, place)
        rest = self.hands[seat][:]
        rest.remove(card)
        for s in slots:
            if self.config.fits(card, code, s):
                others = [t for t in slots if t != s]
                if all(any(self.config.fits(c, code, t) for c in rest) for t in others):
                    return True
        return False

    def _legal_now(self) -> tuple[Action, ...]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())
        return self._legal

    def _compute_legal(self) -> list[Action]:
        phase, me, pend = self.phase, self.current, self.pending
        if me is None:
            return []
        hand = self.hands[me]
        if phase == Phase.DRAW:
            return [a for a, ok in ((DRAW, self._can_draw()), (TAKE, self._can_take())) if ok]
        if phase == Phase.MAIN:
            return self._main_actions(me, hand)
        if isinstance(pend, Answer):
            o = (pend.asker - me) % self.n
            return [DECLINE] + [GIVE[c, o, pend.place] for c in self.fitting(hand, pend.asker, pend.place)]
        if isinstance(pend, GiveMore):
            o = (pend.owner - me) % self.n
            return [GIVE[c, o, pend.place] for c in self.fitting(hand, pend.owner, pend.place)] + [STOP]
        if isinstance(pend, ResolveFill):
            return [FILL[c, pend.place] for c in self.fitting(hand, me, pend.place)]
        if phase == Phase.RESOLVE_MORE:
            return self._resolves(me, hand) + [STOP]
        if phase == Phase.HAND_LIMIT:
            return [DISCARD[c] for c in sorted(set(hand))]
        if isinstance(pend, MajorChoice):
            cities = sorted({c for c in hand if is_city(c)})
            return ([DISCARD[PEOPLE]] if pend.people else []) + [DISCARD[c] for c in cities]
        if phase == Phase.DIVERSITY:
            return [CALL, NO_CALL]
        return []

    def _resolves(self, me: int, hand: list[int]) -> list[Action]:
        return [FILL[c, place] for place in range(len(self.fronts[me])) for c in self.fitting(hand, me, place)
                if self._completable_with(c, me, place)]

    def _main_actions(self, me: int, hand: list[int]) -> list[Action]:
        """P4: asks and donations, then an ending act (a discard, a resolve, a clearing donation, or a pass)."""
        out = [DISCARD[c] for c in sorted(set(hand))] + self._resolves(me, hand)
        for o in range(1, self.n):
            seat = (me + o) % self.n
            for place in range(len(self.fronts[seat])):
                out += [GIVE[c, o, place] for c in self.fitting(hand, seat, place)]
        for place in range(len(self.fronts[me])):
            out += [ASK[o, place] for o in range(1, self.n) if [(me + o) % self.n, place] not in self.asks]
        if not hand:
            out.append(PASS)
        return out

    def _can_draw(self) -> bool:
        return bool(self.draw_pile) or len(self.discard) > 1

    def _can_take(self) -> bool:
        """P2: the top discard if it is a CITY card, or a PEOPLE card while you hold none."""
        top = self.discard[-1] if self.discard else -1
        return is_city(top) or (top == PEOPLE and PEOPLE not in self.hands[self.turn])

    # ------------------------------------------------------------------ checking input

    def _check(self, action: Action | int, player: int | None) -> Action:
        if self.phase == Phase.GAME_OVER:
            raise GameError("the game is over: no action is allowed")
        if player is not None and (isinstance(player, bool) or player != self.current):
            raise GameError(f"seat {self.current} decides now ({self.phase}), not seat {player!r}")
        legal = self._legal_now()
        if type(action) is Action:
            act = action
        elif (given := whole_or_none(action)) is not None:
            if not 0 <= given < len(ACTIONS):
                raise GameError(f"action id {given} is out of range 0-{len(ACTIONS) - 1}")
            act = ACTIONS[given]
        else:
            raise GameError(f"an action must be a Diverse City Action or an int id, not {type(action).__name__}")
        if act not in legal:
            raise GameError(f"action {act.id} ({act.kind}) is not allowed now ({self.phase})",
                            allowed="; ".join(f"{a.id}: {self.describe(a)}" for a in legal))
        return act

    def settle(self) -> None:
        """P8: apply every forced action (the only legal one) until a real choice or the game's end (a new, built,
        loaded or played-on state is always settled: nobody is asked a question with one answer)."""
        self._legal = None
        while True:
            legal = self._legal_now()
            if len(legal) != 1:
                return
            self._do(legal[0])
            self._legal = None

    def _do(self, act: Action) -> None:
        self._legal = None
        _DO[act.kind](self, act)

    # ------------------------------------------------------------------ events and knowledge

    def _emit(self, kind: str, rule: str, player: int | None, args: dict[str, Any],
              secret: dict[str, Any] | None = None, to: tuple[int, ...] = ()) -> None:
        self.events.append(Event(kind, rule, player, args, secret, to))

    def _names(self, cards: list[int]) -> list[str]:
        return [self.config.card_name(c) for c in cards]

    def _leave_hand(self, seat: int, card: int) -> None:
        """`card` leaves `seat`'s hand in the open: nobody's knowledge of that hand may still name it."""
        self.hands[seat].remove(card)
        for obs in range(self.n):
            known = self.known.get((obs, seat))
            if known and card in known:
                known.remove(card)

    def _to_discard(self, cards: list[int]) -> None:
        self.discard.extend(cards)

    # ------------------------------------------------------------------ rounds, deals, drawing

    def _start_round(self, first: int) -> None:
        """U1, U2 (with U5's redeal), then the first turn."""
        self.round += 1
        self.first = first
        self._emit("round_start", "U1", first, {"round": self.round})
        while True:
            self._deal(first)
            placed = sum(len(f) for f in self.fronts)
            if placed < self.config.threshold:
                break
            self.redeals += 1
            self._emit("redeal", "U5", None, {"k": placed})
        for p in range(self.n):
            self._emit("deal", "U2", p, {"n": len(self.hands[p])}, {"cards": self._names(sorted(self.hands[p]))},
                       (p,))
        self.turns = 0
        self._next_turn(first)

    def _deal(self, first: int) -> None:
        self.draw_pile = self.config.deck
        self.rng.shuffle(self.draw_pile)
        self.discard = []
        self.hands = [[] for _ in range(self.n)]
        self.fronts = [[] for _ in range(self.n)]
        self.known = {}
        for _ in range(self.config.hand_size):
            for o in range(self.n):
                self._receive((first + o) % self.n, "U2")

    def _pop(self) -> int | None:
        """The top card of the draw pile, after U6's reshuffle if it is empty; None if there is still none."""
        if not self.draw_pile and len(self.discard) > 1:
            self.draw_pile, self.discard = self.discard[:-1], self.discard[-1:]
            self.rng.shuffle(self.draw_pile)
            self._emit("reshuffle", "U6", None, {"n": len(self.draw_pile)})
        return self.draw_pile.pop() if self.draw_pile else None

    def _receive(self, seat: int, rule: str) -> bool:
        """U3: one dealt or refill card for `seat`. True if it set off a reset (X8, never in a deal)."""
        card = self._pop()
        if card is None:
            return False
        name = self.config.card_name(card)
        if is_disaster(card):
            self.fronts[seat].append([card, -1, -1])
            self._emit("front", "U3", seat, {"card": name})
            return rule != "U2" and self._reset_if_due(seat)
        if card in MAJORS or (card == PEOPLE and PEOPLE in self.hands[seat]):
            self._emit("put_back", "U4", seat, {"card": name})
            reset = self._receive(seat, rule)  # U4: the replacement first
            self.draw_pile.insert(self.rng.randint(0, len(self.draw_pile)), card)
            return reset
        self.hands[seat].append(card)
        if rule == "H3":
            self._emit("draw", "H3", seat, {}, {"card": name}, (seat,))
        return False

    def _reset_if_due(self, drawer: int) -> bool:
        """X8 after a personal disaster is placed; X9 if the threshold is reached."""
        placed = sum(len(f) for f in self.fronts)
        if placed < self.config.threshold:
            return False
        trigger = self.fronts[drawer].pop()[0]
        for seat in range(self.n):
            self._to_discard(self.hands[seat])
            self.hands[seat] = []
            for code, partial, _ in self.fronts[seat]:
                self._to_discard([partial, code] if partial >= 0 else [code])
            self.fronts[seat] = []
        self._to_discard([trigger])
        self.known = {}
        self._emit("reset", "X9", drawer, {"k": placed})
        return True

    def _next_turn(self, seat: int) -> None:
        """P1: the turn of `seat`: refill if the hand is empty (H3), then the draw (P2). A reset during the refill
        ends the turn at once (X9) and the next seat plays. A turn cap ends the round first (Open question 7)."""
        while True:
            if self.config.turn_cap and self.turns >= self.config.turn_cap:
                self._emit("turn_cap", "R2", None, {"cap": self.config.turn_cap})
                self._end_round()
                return
            self.turns += 1
            self.turn = self.current = seat
            self.asks = []
            self.pending = None
            self._emit("turn", "P1", seat, {"turn": self.turns})
            if self.hands[seat] or not any(self._receive(seat, "H3") for _ in range(self.config.refill)):
                break
            seat = (seat + 1) % self.n
        self.phase = Phase.DRAW
        if not (self._can_draw() or self._can_take()):
            self.phase = Phase.MAIN

    def _do_draw(self, act: Action) -> None:
        """P2, P3: a card from the draw pile."""
        me = self.turn
        card = self._pop()
        assert card is not None  # _can_draw
        name = self.config.card_name(card)
        if is_disaster(card):
            self._emit("draw", "P2", me, {})
            self.fronts[me].append([card, -1, -1])
            self._emit("front", "X1", me, {"card": name})
            if self._reset_if_due(me):
                self._next_turn((me + 1) % self.n)
                return
        elif card in MAJORS:
            self._emit("draw", "P2", me, {})
            self._major(card)
            return
        elif card == PEOPLE and PEOPLE in self.hands[me]:
            self._emit("second_people", "P3", me, {})
            self._to_discard([card])
            self._end_turn()
            return
        else:
            self._emit("draw", "P3", me, {}, {"card": name}, (me,))
            self.hands[me].append(card)
        self.phase = Phase.MAIN

    def _do_take(self, act: Action) -> None:
        me = self.turn
        card = self.discard.pop()
        self.hands[me].append(card)
        for obs in range(self.n):
            if obs != me:
                self.known.setdefault((obs, me), []).append(card)
        self._emit("take", "P2", me, {"card": self.config.card_name(card)})
        self.phase = Phase.MAIN

    # ------------------------------------------------------------------ the main phase

    def _do_discard(self, act: Action) -> None:
        me = self.current
        assert me is not None
        self._leave_hand(me, act.card)
        self._to_discard([act.card])
        self._emit("discard", self._discard_rule(), me, {"card": self.config.card_name(act.card)})
        if self.phase in (Phase.MAIN, Phase.HAND_LIMIT):
            self._end_turn()  # P4: the ending act; H1: the limit is checked again
        else:
            self._major_discarded(act.card)

    def _discard_rule(self) -> str:
        """The rule a discard follows now: the main phase's ending act, the hand limit, or a Major's choice."""
        if isinstance(self.pending, MajorChoice):  # a Major is under way
            return "M3" if self.pending.card == PANDEMIC else "M4"
        return "H1" if self.phase == Phase.HAND_LIMIT else "P4"

    def _do_pass(self, act: Action) -> None:
        self._emit("pass", "P4", self.turn, {})
        self._end_turn()

    def _do_ask(self, act: Action) -> None:
        me = self.turn
        asked = (me + act.offset) % self.n
        self.asks.append([asked, act.slot])
        self._emit("ask", "X5", me, {"q": asked, "disaster": self.config.card_name(self.fronts[me][act.slot][0])})
        self.phase, self.current, self.pending = Phase.ANSWER, asked, Answer(me, act.slot)

    def _do_decline(self, act: Action) -> None:
        self._emit("decline", "X5", self.current, {})
        self._back_to_main()

    def _back_to_main(self) -> None:
        self.phase, self.current, self.pending = Phase.MAIN, self.turn, None

    def _do_give(self, act: Action) -> None:
        """X4, X5: one card of a donation; the second (if any) is a `give_more` decision."""
        giver = self.current
        assert giver is not None
        owner = (giver + act.offset) % self.n
        entry = self.fronts[owner][act.slot]
        self._leave_hand(giver, act.card)
        self._emit("give", "X5" if giver != self.turn else "X4", giver,
                   {"card": self.config.card_name(act.card), "q": owner,
                    "disaster": self.config.card_name(entry[0])})
        if self._place(owner, act.slot, act.card):
            if self.config.free_clearing:
                self._back_to_main()
            else:
                self.current = self.turn
                self._end_turn()  # P4: a clearing donation, given or received on your turn, is your ending act
            return
        if self.fitting(self.hands[giver], owner, act.slot) and self.phase != Phase.GIVE_MORE:
            self.phase, self.pending = Phase.GIVE_MORE, GiveMore(owner, act.slot)
        else:
            self._back_to_main()

    def _do_stop(self, act: Action) -> None:
        self._emit("stop", "P5" if self.phase == Phase.RESOLVE_MORE else "X4", self.current, {})
        if self.phase == Phase.RESOLVE_MORE:
            self._end_turn()
        else:
            self._back_to_main()

    def _place(self, owner: int, place: int, card: int) -> bool:
        """`card` fills an open slot of `owner`'s disaster at `place`: a partial (X6), or the disaster is cleared and
        discarded with its cards, the disaster on top (P6). True if it was cleared."""
        entry = self.fronts[owner][place]
        slot = next(s for s in self.open_slots(owner, place) if self.config.fits(card, entry[0], s))
        if len(self.open_slots(owner, place)) > 1:
            entry[1], entry[2] = card, slot
            return False
        cards = [c for c in (entry[1], card) if c >= 0]
        self._to_discard([*cards, entry[0]])
        del self.fronts[owner][place]
        if owner == self.turn:  # X5's record of asks follows the disasters that stay
            self.asks = [[s, p - (p > place)] for s, p in self.asks if p != place]
        self._emit("clear", "X3" if owner == self.current else "X4", None,
                   {"q": owner, "disaster": self.config.card_name(entry[0]), "cards": self._names(cards)})
        return True

    def _do_fill(self, act: Action) -> None:
        """X3, P5: one card of a resolve."""
        me = self.turn
        self._leave_hand(me, act.card)
        self._emit("fill", "X3", me, {"card": self.config.card_name(act.card),
                                      "disaster": self.config.card_name(self.fronts[me][act.slot][0])})
        if not self._place(me, act.slot, act.card):
            self.phase, self.pending = Phase.RESOLVE_FILL, ResolveFill(act.slot)
        elif self.config.free_clearing:
            self._back_to_main()
        else:
            self.phase, self.pending = Phase.RESOLVE_MORE, None

    # ------------------------------------------------------------------ Majors

    def _major(self, card: int) -> None:
        """M1: the drawer first, then leftwards."""
        me = self.turn
        self._emit("major", "M1", me, {"card": self.config.card_name(card)})
        if card == WORLD_WAR:
            self._world_war()
            self._major_done(card)
            return
        self.pending = MajorChoice(card, tuple((me + o) % self.n for o in range(self.n)))
        self._major_next()

    def _world_war(self) -> None:
        """M2: every hand to the seat on the right at once; I3: each player knows what they passed."""
        n = self.n
        for seat in range(n):
            self._emit("pass_hand", "M2", seat, {"q": (seat - 1) % n, "n": len(self.hands[seat])},
                       {"cards": self._names(sorted(self.hands[seat]))}, (seat, (seat - 1) % n))
        moved: dict[tuple[int, int], list[int]] = {}
        for (obs, seat), cards in self.known.items():
            if (seat - 1) % n != obs and cards:  # what the observer knew moves on, unless it comes to them
                moved[obs, (seat - 1) % n] = cards
        for seat in range(n):
            if self.hands[seat]:
                moved[seat, (seat - 1) % n] = self.hands[seat][:]
        self.hands = self.hands[1:] + self.hands[:1]
        self.known = moved

    def _major_next(self) -> None:
        """M3, M4 for the next player in the queue: a choice, or the forced discards."""
        pend = self.pending
        assert isinstance(pend, MajorChoice)
        pandemic = pend.card == PANDEMIC
        want = 3 if pandemic else 2
        queue = pend.queue
        while queue:
            seat, queue = queue[0], queue[1:]
            hand = self.hands[seat]
            cities = [c for c in hand if is_city(c)]
            people = PEOPLE in hand
            if pandemic and people and len(cities) < want:
                forced = [PEOPLE]  # M3 (Interpretation): only the PEOPLE can be discarded in full
            elif len(cities) <= want and not (pandemic and people):
                forced = sorted(cities)
            else:
                self.pending = replace(pend, queue=queue, left=want, people=pandemic and people)
                self.phase, self.current = Phase.MAJOR, seat
                return
            self._discard_all(seat, forced)
        self._major_done(pend.card)

    def _discard_all(self, seat: int, cards: list[int]) -> None:
        """A Major's forced discards (M3, M4): no choice left, so nobody is asked (P8)."""
        rule = self._discard_rule()
        for c in cards:
            self._leave_hand(seat, c)
            self._to_discard([c])
            self._emit("discard", rule, seat, {"card": self.config.card_name(c)})

    def _major_discarded(self, card: int) -> None:
        pend = self.pending
        seat = self.current
        assert isinstance(pend, MajorChoice) and seat is not None
        left = 0 if card == PEOPLE else pend.left - 1
        cities = [c for c in self.hands[seat] if is_city(c)]
        if left and len(cities) <= left:  # the rest is forced: all that is left
            self._discard_all(seat, sorted(cities))
            left = 0
        self.pending = replace(pend, left=left, people=False)
        if not left:
            self._major_next()

    def _major_done(self, card: int) -> None:
        self._to_discard([card])
        self._emit("major_done", "M1", None, {"card": self.config.card_name(card)})
        self.current, self.pending = self.turn, None
        self._end_turn()

    # ------------------------------------------------------------------ end of turn, round and game

    def _end_turn(self) -> None:
        """P7: the hand limit (H1), the Diversity option (R1), then the seat to the left."""
        me = self.turn
        self.current, self.pending = me, None
        if self.hands[me] and len(self.hands[me]) + len(self.fronts[me]) > self.config.hand_limit:
            self.phase = Phase.HAND_LIMIT
        elif PEOPLE in self.hands[me]:
            self.phase = Phase.DIVERSITY
        else:
            self._next_turn((me + 1) % self.n)

    def _do_no_call(self, act: Action) -> None:
        self._next_turn((self.turn + 1) % self.n)

    def _do_call(self, act: Action) -> None:
        self._emit("call", "R1", self.turn, {})
        self._end_round()

    def round_score(self, seat: int) -> int:
        """R3, R4: hand CITY cards (a category held twice or more scores 0) and PEOPLE, minus the disasters."""
        return self.config.round_score(self.hands[seat], [code for code, _, _ in self.fronts[seat]])

    def _end_round(self) -> None:
        """R2-R5, I4, then G1 or the next round (U1: the seat left of this round's first player)."""
        scores = [self.round_score(p) for p in range(self.n)]
        self.shown = [sorted(h) for h in self.hands]
        self.scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        for p in range(self.n):
            self._emit("reveal", "R3", p, {"cards": self._names(sorted(self.hands[p])), "score": scores[p],
                                            "total": self.totals[p]})
        best = max(self.totals)
        if best < self.config.end_score:
            self._start_round((self.first + 1) % self.n)
            return
        top = [p for p in range(self.n) if self.totals[p] == best]
        last = max(scores[p] for p in top)
        self.winners = [p for p in top if scores[p] == last]  # G2
        self.phase, self.current, self.pending = Phase.GAME_OVER, None, None
        self._emit("game_end", "G2" if len(top) > 1 else "G1", None, {"seats": self.winners, "total": best})


#: Who performs each kind of action (an explicit table: every kind is listed, and a new one must be added here).
_DO: dict[str, Callable[[DCState, Action], None]] = {
    "draw": DCState._do_draw, "take": DCState._do_take, "discard": DCState._do_discard, "pass": DCState._do_pass,
    "ask": DCState._do_ask, "decline": DCState._do_decline, "give": DCState._do_give, "stop": DCState._do_stop,
    "fill": DCState._do_fill, "call": DCState._do_call, "no_call": DCState._do_no_call,
}


def _rng(rng: random.Random) -> random.Random:
    copy = random.Random.__new__(random.Random)  # not seeded: its state is set at once
    copy.setstate(rng.getstate())
    return copy


#: How each kind of part is copied: lists as deep as they go; None for the immutable values copies share.
COPY: dict[str, Callable[[Any], Any] | None] = {
    "config": None, "whole": None, "maybe": None, "phase": None, "pending": None, "rng": _rng,
    "cards": list.copy, "cards2": lambda v: [x[:] for x in v], "cards3": lambda v: [[y[:] for y in x] for x in v],
    "known": lambda v: {k: cards[:] for k, cards in v.items()}, "events": list.copy,
}
#: The parts of a state: the fields `__init__` takes (the derived `n` and the legal-action cache are not parts).
PARTS = tuple(f for f in fields(DCState) if f.init)
_COPIES = tuple(COPY[f.metadata["kind"]] for f in PARTS)
_PART_VALUES = attrgetter(*(f.name for f in PARTS))


def new_game(config: Config | None = None, seed: int = 0) -> DCState:
    """A new Diverse City game of `config` (default: 4 players), dealt from `seed`."""
    return DCState.start(config if config is not None else Config(), seed_number(seed))
