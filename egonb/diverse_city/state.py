"""The Diverse City engine: a decision state machine for P1-P8, with asks answered out of turn (X5), donations
and partials (X4, X6), resets (X8, X9), Majors (M1-M4), the hand limit and refill (H1-H3), the Diversity call and
scoring (R1-R5) and the game's end (G1, G2). Rule ids from DIVERSE-CITY.md are cited throughout.

A front entry is `[disaster, partial, partial_slot]` (-1, -1 without a partial). Cards are codes (`cards`).
Whenever only one action is legal it is applied at once (P8), so an agent is asked only real questions.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import GameError, seed_number, whole_or_none
from ..protocol import rank_by
from .actions import ACTIONS, ASK, CALL, DECLINE, DISCARD, DRAW, FILL, GIVE, NO_CALL, PASS, STOP, TAKE, Action
from .cards import MAJORS, PANDEMIC, PEOPLE, WORLD_WAR, is_city, is_disaster
from .config import Config
from .events import Event
from .view import View

GAME_OVER = "game_over"


class DCState:
    """One Diverse City game. Make it with `new_game(config, seed)`; see `egonb.protocol.State`."""

    __slots__ = ("config", "n", "rng", "seed", "draw_pile", "discard", "hands", "fronts", "known", "round", "first",
                 "turn", "current", "phase", "pending", "asks", "turns", "redeals", "scores", "totals", "winners",
                 "shown", "events", "_legal")

    config: Config
    n: int
    rng: random.Random
    seed: int | None
    draw_pile: list[int]  # the top card is the last
    discard: list[int]  # the top card is the last
    hands: list[list[int]]
    fronts: list[list[list[int]]]
    #: (observer, seat) -> cards the observer knows are in that hand: taken discards (I2), World War (I3).
    known: dict[tuple[int, int], list[int]]
    round: int
    first: int
    turn: int
    current: int | None
    phase: str
    pending: dict[str, Any]
    #: X5: the (asked seat, disaster place) pairs asked this turn.
    asks: list[list[int]]
    turns: int
    redeals: int
    scores: list[list[int]]
    totals: list[int]
    winners: list[int]
    #: I4: every hand as the last round end showed it (empty before the first round end).
    shown: list[list[int]]
    events: list[Event]
    _legal: tuple[Action, ...] | None

    @classmethod
    def start(cls, config: Config, seed: int) -> DCState:
        self = cls.__new__(cls)
        self.config, self.n = config, config.players
        self.rng, self.seed = random.Random(seed), seed
        self.draw_pile, self.discard = [], []
        self.hands = [[] for _ in range(self.n)]
        self.fronts = [[] for _ in range(self.n)]
        self.known = {}
        self.round, self.turn, self.current, self.turns, self.redeals = 0, 0, None, 0, 0
        self.phase, self.pending, self.asks = "main", {}, []
        self.scores, self.totals, self.winners, self.events, self.shown = [], [0] * self.n, [], [], []
        self._legal = None
        self._start_round(self.rng.randrange(self.n))  # U1: round 1's first player from the seed
        self._settle()
        return self

    # ------------------------------------------------------------------ the game protocol

    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def decision(self) -> str:
        return self.phase

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def legal_actions(self) -> list[Action]:
        return list(self._legal_now())

    def apply(self, action: Action | int, player: int | None = None) -> Action:
        """Perform one legal action (or its id); bad input raises GameError and changes nothing."""
        act = self._check(action, player)
        self._do(act)
        self._settle()
        return act

    def view(self, player: int) -> View:
        """What `player` may know (I1-I4): the own hand, the public table, the cards known in other hands."""
        if type(player) is not int or not 0 <= player < self.n:
            raise GameError(f"no seat {player!r}: seats are 0-{self.n - 1}")
        return View(
            player=player, rules=self.config, round=self.round, first=self.first, turn=self.turn, turns=self.turns,
            current_player=self.current, decision=self.phase,
            pending=tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in self.pending.items())),
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

    def describe(self, action: Action | int) -> str:
        """The action in words for the player deciding now, then its rule id(s)."""
        act = ACTIONS[action] if isinstance(action, int) else action
        me = self.current if self.current is not None else self.turn
        name = self.config.card_name
        names = self.config.names
        if act.kind in ("give", "ask"):
            owner = (me + act.offset) % self.n if act.kind == "give" else me
            target = (me + act.offset) % self.n
            front = self.fronts[owner]
            disaster = name(front[act.slot][0]) if act.slot < len(front) else f"disaster {act.slot + 1}"
            words = (f"give {name(act.card)} to {names[owner]}'s {disaster}" if act.kind == "give"
                     else f"ask {names[target]} to donate to your {disaster}")
        elif act.kind == "fill":
            front = self.fronts[me]
            disaster = name(front[act.slot][0]) if act.slot < len(front) else f"disaster {act.slot + 1}"
            words = f"put {name(act.card)} on your {disaster}"
        elif act.kind == "discard":
            words = f"discard {name(act.card)}"
            if self.phase in ("main", "hand_limit", "major"):
                return f"{words} ({self._discard_rule()})"
        else:
            words = _WORDS[act.kind]
        return f"{words} ({act.rule})"

    def transcript(self, viewer: int | None = None) -> list[str]:
        return [f"[{e.rule:>3}] {e.text(self.config.names, viewer)}" for e in self.events]

    def clone(self) -> DCState:
        c = DCState.__new__(DCState)
        c.config, c.n, c.seed = self.config, self.n, self.seed
        c.rng = random.Random.__new__(random.Random)
        c.rng.setstate(self.rng.getstate())
        c.draw_pile, c.discard = self.draw_pile[:], self.discard[:]
        c.hands = [h[:] for h in self.hands]
        c.fronts = [[e[:] for e in f] for f in self.fronts]
        c.known = {k: v[:] for k, v in self.known.items()}
        c.round, c.first, c.turn, c.current, c.phase = self.round, self.first, self.turn, self.current, self.phase
        c.pending = {k: (v[:] if isinstance(v, list) else v) for k, v in self.pending.items()}
        c.asks = [a[:] for a in self.asks]
        c.turns, c.redeals = self.turns, self.redeals
        c.scores, c.totals, c.winners = [s[:] for s in self.scores], self.totals[:], self.winners[:]
        c.shown = [h[:] for h in self.shown]
        c.events = self.events[:]
        c._legal = self._legal
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
        code = self.fronts[seat][place][0]
        slots = self.open_slots(seat, place)
        return sorted({c for c in cards if any(self.config.fits(c, code, s) for s in slots)})

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
        phase, me = self.phase, self.current
        if me is None:
            return []
        hand = self.hands[me]
        if phase == "draw":
            return [a for a, ok in ((DRAW, self._can_draw()), (TAKE, self._can_take())) if ok]
        if phase == "main":
            return self._main_actions(me, hand)
        if phase == "answer":
            asker, place = self.pending["asker"], self.pending["place"]
            o = (asker - me) % self.n
            return [DECLINE] + [GIVE[c, o, place] for c in self.fitting(hand, asker, place)]
        if phase == "give_more":
            owner, place = self.pending["owner"], self.pending["place"]
            o = (owner - me) % self.n
            return [GIVE[c, o, place] for c in self.fitting(hand, owner, place)] + [STOP]
        if phase == "resolve_fill":
            return [FILL[c, self.pending["place"]] for c in self.fitting(hand, me, self.pending["place"])]
        if phase == "resolve_more":
            return self._resolves(me, hand) + [STOP]
        if phase in ("hand_limit", "major"):
            cities = sorted({c for c in hand if is_city(c)}) if phase == "major" else sorted(set(hand))
            people = phase == "major" and self.pending["people"]
            return ([DISCARD[PEOPLE]] if people else []) + [DISCARD[c] for c in cities]
        if phase == "diversity":
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
        if self.phase == GAME_OVER:
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

    def _settle(self) -> None:
        """P8: apply every forced action (the only legal one) until a real choice or the game's end."""
        self._legal = None
        while True:
            legal = self._legal_now()
            if len(legal) != 1:
                return
            self._do(legal[0])
            self._legal = None

    def _do(self, act: Action) -> None:
        self._legal = None
        getattr(self, "_do_" + act.kind)(act)

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
            self.pending = {}
            self._emit("turn", "P1", seat, {"turn": self.turns})
            if self.hands[seat] or not any(self._receive(seat, "H3") for _ in range(self.config.refill)):
                break
            seat = (seat + 1) % self.n
        self.phase = "draw"
        if not (self._can_draw() or self._can_take()):
            self.phase = "main"

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
        self.phase = "main"

    def _do_take(self, act: Action) -> None:
        me = self.turn
        card = self.discard.pop()
        self.hands[me].append(card)
        for obs in range(self.n):
            if obs != me:
                self.known.setdefault((obs, me), []).append(card)
        self._emit("take", "P2", me, {"card": self.config.card_name(card)})
        self.phase = "main"

    # ------------------------------------------------------------------ the main phase

    def _do_discard(self, act: Action) -> None:
        me = self.current
        assert me is not None
        self._leave_hand(me, act.card)
        self._to_discard([act.card])
        self._emit("discard", self._discard_rule(), me, {"card": self.config.card_name(act.card)})
        if self.phase in ("main", "hand_limit"):
            self._end_turn()  # P4: the ending act; H1: the limit is checked again
        else:
            self._major_discarded(act.card)

    def _discard_rule(self) -> str:
        """The rule a discard follows now: the main phase's ending act, the hand limit, or a Major's choice."""
        if "card" in self.pending:  # a Major is under way
            return "M3" if self.pending["card"] == PANDEMIC else "M4"
        return "H1" if self.phase == "hand_limit" else "P4"

    def _do_pass(self, act: Action) -> None:
        self._emit("pass", "P4", self.turn, {})
        self._end_turn()

    def _do_ask(self, act: Action) -> None:
        me = self.turn
        asked = (me + act.offset) % self.n
        self.asks.append([asked, act.slot])
        self._emit("ask", "X5", me, {"q": asked, "disaster": self.config.card_name(self.fronts[me][act.slot][0])})
        self.phase, self.current = "answer", asked
        self.pending = {"asker": me, "place": act.slot}

    def _do_decline(self, act: Action) -> None:
        self._emit("decline", "X5", self.current, {})
        self._back_to_main()

    def _back_to_main(self) -> None:
        self.phase, self.current, self.pending = "main", self.turn, {}

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
        if self.fitting(self.hands[giver], owner, act.slot) and self.phase != "give_more":
            self.phase, self.pending = "give_more", {"owner": owner, "place": act.slot}
        else:
            self._back_to_main()

    def _do_stop(self, act: Action) -> None:
        self._emit("stop", "P5" if self.phase == "resolve_more" else "X4", self.current, {})
        if self.phase == "resolve_more":
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
            self.phase, self.pending = "resolve_fill", {"place": act.slot}
        elif self.config.free_clearing:
            self._back_to_main()
        else:
            self.phase, self.pending = "resolve_more", {}

    # ------------------------------------------------------------------ Majors

    def _major(self, card: int) -> None:
        """M1: the drawer first, then leftwards."""
        me = self.turn
        self._emit("major", "M1", me, {"card": self.config.card_name(card)})
        if card == WORLD_WAR:
            self._world_war()
            self._major_done(card)
            return
        self.pending = {"card": card, "queue": [(me + o) % self.n for o in range(self.n)], "left": 0, "people": False}
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
        while pend["queue"]:
            seat = pend["queue"].pop(0)
            hand = self.hands[seat]
            cities = [c for c in hand if is_city(c)]
            people = PEOPLE in hand
            want = 3 if pend["card"] == PANDEMIC else 2
            if pend["card"] == PANDEMIC and people and len(cities) < want:
                forced = [PEOPLE]  # M3 (Interpretation): only the PEOPLE can be discarded in full
            elif len(cities) <= want and not (pend["card"] == PANDEMIC and people):
                forced = sorted(cities)
            else:
                pend["left"], pend["people"] = want, pend["card"] == PANDEMIC and people
                self.phase, self.current = "major", seat
                return
            self._discard_all(seat, forced)
        self._major_done(pend["card"])

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
        assert seat is not None
        pend["left"] = 0 if card == PEOPLE else pend["left"] - 1
        pend["people"] = False
        cities = [c for c in self.hands[seat] if is_city(c)]
        if pend["left"] and len(cities) <= pend["left"]:  # the rest is forced: all that is left
            self._discard_all(seat, sorted(cities))
            pend["left"] = 0
        if not pend["left"]:
            self._major_next()

    def _major_done(self, card: int) -> None:
        self._to_discard([card])
        self._emit("major_done", "M1", None, {"card": self.config.card_name(card)})
        self.current, self.pending = self.turn, {}
        self._end_turn()

    # ------------------------------------------------------------------ end of turn, round and game

    def _end_turn(self) -> None:
        """P7: the hand limit (H1), the Diversity option (R1), then the seat to the left."""
        me = self.turn
        self.current, self.pending = me, {}
        if self.hands[me] and len(self.hands[me]) + len(self.fronts[me]) > self.config.hand_limit:
            self.phase = "hand_limit"
        elif PEOPLE in self.hands[me]:
            self.phase = "diversity"
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
        self.phase, self.current, self.pending = GAME_OVER, None, {}
        self._emit("game_end", "G2" if len(top) > 1 else "G1", None, {"seats": self.winners, "total": best})


_WORDS = {
    "draw": "draw the top card of the draw pile", "take": "take the top card of the discard pile",
    "decline": "decline to donate", "stop": "stop here", "pass": "pass (your hand is empty)",
    "call": "call Diversity and end the round", "no_call": "do not call Diversity",
}


def new_game(config: Config | None = None, seed: int = 0) -> DCState:
    """A new Diverse City game of `config` (default: 4 players), dealt from `seed`."""
    return DCState.start(config if config is not None else Config(), seed_number(seed))
