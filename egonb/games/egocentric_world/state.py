"""GameState: the decision state machine every rule variant plays on.

A turn is a chain of small decisions (docs/ARCHITECTURE.md, "Decisions"): `decision` says which kind, `current_player`
who must take it, `legal_actions()` what is allowed and `apply()` performs one (`can_apply`/`why_not` ask first).
Setup (S1-S4), the five actions (T1-T6), played and discarded cards (D1-D2) and scoring (E1-E2) live here. What
differs between multiplayer and solo (abilities, rule ids, SM2, automated Citybot seats) is a `Variant` object
(`variants`); its code changes the state only through the public operations at the end of this class.

Cards are values 1-12. A hand is `hands[seat]`; an automated seat's hand is its hidden `piles[seat]` (top card
last) plus its visible `hands[seat]` (SM4). The parts are declared once, as the typed fields of `fields.Parts`
which `GameState` inherits: `clone`, saves (`save`) and sampled worlds (`worlds`) all derive from them.
"""

from __future__ import annotations

import _random
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, cast

from ...errors import GameError, seed_number, whole_or_none
from ...messages import ENGLISH, Texts
from ...protocol import rank_by
from . import save, seating
from .actions import ACTIONS, DISCARD_DRAWN, DRAW, KEEP, MATCH, PAIR, SKIP, STOP, TAKE, Action
from .cards import MATCHING, PLAYED_ABILITIES, SEVEN_EIGHT_NINE, VALUES, matches
from .decisions import DECISION_KINDS, AbilityOffer, Pending, Phase, TwoCardsChoice
from .events import Event
from .fields import FIELDS, Parts, defaults
from .rules import Rules
from .view import View, build_view

Handler = Callable[["GameState", Action], None]

#: The decisions as module constants: an enum member read from its class costs a descriptor call on every use.
ACTION: Final = Phase.ACTION
KEEP_OR_DISCARD: Final = Phase.KEEP_OR_DISCARD
ABILITY: Final = Phase.ABILITY
SHIELD: Final = Phase.SHIELD
TWO_CARDS_CHOICE: Final = Phase.TWO_CARDS_CHOICE
GAME_OVER: Final = Phase.GAME_OVER


class Variant(seating.Seating):
    """What a rule variant supplies (`variants`): its seats (`Seating`), abilities, rule ids and round end.

    The engine asks these and never branches on which variant it plays. Subclasses override what they change.
    """

    #: The rule ids this variant cites for a match or pair by the 789, a Black Shield and an Hourglass.
    match_789 = "A8"
    shield = "A9"
    hourglass = "A12"
    #: Does the engine track which cards each player saw in another's hand (A10, A11, T2)?
    tracks_knowledge = True
    #: Handlers of the ability, Black Shield and Two Cards actions, by action kind.
    handlers: Mapping[str, Handler] = {}

    def first_player(self, state: GameState) -> tuple[int, str]:
        """S2: who starts the first round, and why (the catalogue's `reason.<why>`, egonb/messages/ego.py)."""
        return _below(state.rng, state.n), "random"

    def legal(self, state: GameState) -> list[Action]:
        """The actions of the ability, Black Shield and Two Cards decisions."""
        raise NotImplementedError

    def no_target(self, state: GameState) -> tuple[str, str]:
        """The rule id and the reason (`reason.<why>` in the catalogue) why the pending ability has nothing to choose
        (it is then skipped)."""
        raise NotImplementedError

    def after_questions(self, state: GameState) -> None:
        """Every designated player has answered its Black Shield question (A9) and none played one: the ability
        goes on (A10 shows the hand, A11 asks for the cards; SC11 exchanges)."""
        raise NotImplementedError

    def round_over(self, state: GameState) -> str | None:
        """The rule id of this variant's own round end, checked as each turn ends (MV3: a turn limit), or None."""
        return None

    def round_end(self, state: GameState) -> None:
        """What happens to the hands as a round ends, before they are scored (SM2 in solo)."""

    def play_step(self, state: GameState) -> bool:
        """Play one step of an automated seat's turn; True when it stopped to show cards it revealed."""
        raise NotImplementedError


def variant_of(rules: Rules) -> Variant:
    """The variant that plays `rules` (`seating` registers them; each is a whole `Variant`)."""
    return cast(Variant, seating.variant_of(rules))


def _as_action(action: Action | int) -> Action:
    """`action`, or the action with that id."""
    if isinstance(action, Action):
        return action
    if (i := whole_or_none(action)) is not None and 0 <= i < len(ACTIONS):
        return ACTIONS[i]
    raise GameError(f"not an action: {action!r} (give an Action or an int id 0-{len(ACTIONS) - 1})")


def _table_action(action: Action | int) -> Action:
    """The engine's own action for `action` (an Action or an int id), or GameError.

    Our copy from the table, compared as a plain tuple: a look-alike cannot pass for a legal action (its fields are
    read as a tuple's: a subclass may hide `id` behind a property; `type()`, not isinstance(): a fake `__class__`
    fools isinstance)."""
    if type(action) is Action:  # the usual case, one of the table's own (`legal_actions()`): no subclass to fool us
        own = action[0]
        if type(own) is int and 0 <= own < len(ACTIONS) and ACTIONS[own] is action:
            return action
    if issubclass(type(action), Action):
        i = tuple.__getitem__(cast(Action, action), 0)
        act = ACTIONS[i] if type(i) is int and 0 <= i < len(ACTIONS) else None
        if act is None or (act is not action and (
                type(action) is not Action or tuple.__eq__(act, action) is not True)):
            raise GameError("not an egonb action: take actions from legal_actions() or give their int ids")
        return act
    if (given := whole_or_none(action)) is not None:
        if not 0 <= given < len(ACTIONS):
            raise GameError(f"action id {given} is out of range 0-{len(ACTIONS) - 1}")
        return ACTIONS[given]
    raise GameError(f"an action must be an Action or an int id, not {type(action).__name__}")


def decision_words(variant: Variant, decision: str, names: Sequence[str], designated: Sequence[int],
                   choices: Sequence[object], texts: Texts = ENGLISH) -> str:
    """What the deciding player must do, from a state or a view: one wording for errors and front ends (the
    catalogue's `decision.<kind>`).

    A Two Cards choice names the player it is for (A11); each variant cites its own rule ids (SP9 in solo)."""
    target = names[designated[len(choices)]] if decision == TWO_CARDS_CHOICE else ""
    return texts(f"decision.{decision}", rule=variant.shield, target=target)


_COPY: Final[dict[str, Callable[[Any], Any]]] = {
    "value": lambda v: v,
    "list": lambda v: v[:],
    "lists": lambda v: [x[:] for x in v],
    "known": lambda v: {k: x[:] for k, x in v.items()},
    "pending": lambda v: v,  # an immutable record, replaced whole (`ask`)
    "events": lambda v: v[:],
}


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """`rng.shuffle(cards)`: the same order and the same generator state after it (every seed deals as before), in
    about 70 % of the time, as every game starts with one. Each position from the top down swaps with one at or
    below it, drawn from the fewest random bits that can name it and drawn again when too high, as
    `random.Random._randbelow` draws it; `random.shuffle` makes three Python calls for each card."""
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        size = (i + 1).bit_length()
        j = bits(size)
        while j > i:
            j = bits(size)
        cards[i], cards[j] = cards[j], cards[i]


def _below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`: the same number, drawn as `shuffle` draws each, without randrange's Python calls."""
    size = n.bit_length()
    r = rng.getrandbits(size)
    while r >= n:
        r = rng.getrandbits(size)
    return r


def _seeded(seed: int) -> random.Random:
    """`random.Random(seed)` for an int seed, the same generator, without the two Python calls of its constructor:
    every game starts with one."""
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as `random.Random.seed` leaves it (typeshed omits it)
    return rng


def _copy_rng(rng: random.Random) -> random.Random:
    c = random.Random.__new__(random.Random)  # no seeding from the OS: the state is copied next
    c.setstate(rng.getstate())
    return c


_COPY["rng"] = _copy_rng
#: Per part in field order, its name and how `clone` copies it.
_COPIES: Final = tuple((name, _COPY[kind]) for name, kind in FIELDS)


#: The match of a card value v at index v - 1 (as `Rules.counts`): a tuple is indexed faster than a dict is looked
#: up, by CPython and compiled alike.
_MATCHES: Final = tuple(MATCH[v] for v in VALUES)


def _held(hand: list[int]) -> tuple[int, int]:
    """The values of `hand` as two bit masks (bit v: value v): those it holds, and those it holds more than once.
    A hand is a handful of cards: two ints are cheaper to build and test than a sorted set, compiled or not."""
    held = twice = 0
    for v in hand:
        bit = 1 << v
        twice |= held & bit
        held |= bit
    return held, twice


class _ByValues:
    """One action per card value, read by a bit mask of values (`_held`): the actions of its values in value order,
    remembered at index mask // 2 (4,096 masks of values 1-12), as every decision of a turn lists them."""

    __slots__ = ("actions", "memo")

    def __init__(self, actions: dict[int, Action]) -> None:
        self.actions = actions
        self.memo: list[tuple[Action, ...] | None] = [None] * (1 << len(VALUES))

    def of(self, values: int) -> tuple[Action, ...]:
        found = self.memo[values >> 1]
        if found is None:
            found = self.memo[values >> 1] = tuple(self.actions[v] for v in VALUES if values >> v & 1)
        return found


_TAKES: Final = _ByValues(TAKE)
_PAIRS: Final = _ByValues({v: PAIR[v, v] for v in VALUES})
_KEEPS: Final = _ByValues(KEEP)

#: Makes an `Event` from all its fields without the Python frame of NamedTuple's constructor (which fills defaults):
#: a decision records one or two events.
_new_event: Final = tuple.__new__
_EVENT: Final = Event  # compiled, a `Final` name is read without the module's dict lookup

_PART_NAMES: Final = frozenset(f.name for f in FIELDS) - {"rules", "rng"}  # given to `assemble` by name


class GameState(Parts):
    """One game in progress. Create it with `new_game(rules, seed)` or `GameState.from_position`.

    Its parts (`hands`, `deck`, `phase` …) are the fields of `Parts`; the attributes here derive from the rules."""

    __slots__ = ("n", "variant", "automated_seats", "_legal")

    n: int
    variant: Variant
    automated_seats: frozenset[int]
    _legal: list[Action] | None

    # ----------------------------------------------------------------- setup

    @classmethod
    def assemble(cls, rules: Rules, rng: random.Random, **values: Any) -> GameState:
        """A state from the values of its `FIELDS` (any left out but `rng` take their value before the deal).

        For the modules that build states (saves, sampled worlds, positions); they check what they build."""
        if not _PART_NAMES.issuperset(values):
            unknown = sorted(values.keys() - _PART_NAMES)
            raise GameError(f"a game has no parts {unknown}; its parts: {[f.name for f in FIELDS]}")
        parts = defaults(rules)
        parts.update(values)
        parts["rng"] = rng
        self = cls(**parts)
        self.n = rules.players
        self.variant = variant_of(rules)
        self.automated_seats = self.variant.automated(rules)
        self._legal = None
        return self

    def replaced(self, **parts: Any) -> GameState:
        """This state with some parts replaced and the others shared, not copied (for a copy one owns)."""
        values = {f.name: getattr(self, f.name) for f in FIELDS} | parts
        # The rules and the generator positionally: compiled by mypyc, `**` does not fill named parameters.
        return GameState.assemble(values.pop("rules"), values.pop("rng"), **values)

    @classmethod
    def start(cls, rules: Rules, seed: int, *, automate: bool = True) -> GameState:
        """A new game. With `automate=False` an automated seat that starts has not played yet (`play_step`)."""
        self = cls.assemble(rules, _seeded(seed), seed=seed)
        first, why = self.variant.first_player(self)
        self._start_round(first, why)
        if automate:
            self.play_automated()
        return self

    @classmethod
    def from_position(cls, rules: Rules, *, hands: Sequence[Sequence[int]], discard: Sequence[int],
                      deck: Sequence[int], piles: Sequence[Sequence[int]] | None = None, turn: int = 0,
                      stop_caller: int | None = None, scores: Sequence[Sequence[int]] = (),
                      known: Mapping[tuple[int, int], Sequence[int]] | None = None, rest: str | None = None,
                      seed: int = 0) -> GameState:
        """A game in round `len(scores) + 1` where seat `turn` must choose the action of its turn (T1-T5).

        Every list runs bottom to top, the top card LAST, as everywhere in the engine: `discard`, `deck` (its
        last card is drawn first) and `piles[seat]`, an automated seat's hidden pile (SM4); `hands[seat]` is that
        seat's hand (an automated seat's visible cards); `known[observer, seat]` the cards `observer` has seen in
        `seat`'s hand (T2, A10, A11). Every card of `rules.counts` must be named exactly once,
        unless `rest` is "deck" or "discard": then the cards nobody named go under the deck or the discard pile,
        in value order. Checked like a saved game: GameError says what is impossible.
        """
        n = rules.players
        piles = piles if piles is not None else [[] for _ in range(n)]
        for what, lists in (("hands", hands), ("piles", piles)):
            if isinstance(lists, (str, bytes)) or len(lists) != n:
                raise GameError(f"a position needs {n} {what}, one per seat (got {len(lists)})")
        try:
            tables: dict[str, list[list[int]]] = {"hands": [list(h) for h in hands], "piles": [list(p) for p in piles]}
            cards: dict[str, list[int]] = {"discard": list(discard), "deck": list(deck)}
        except TypeError as exc:
            raise GameError(f"a position lists cards as lists of ints: {exc}") from None
        if rest is not None:
            if rest not in ("deck", "discard"):
                raise GameError(f"rest must be 'deck', 'discard' or None, not {rest!r}")
            named = Counter(cards["discard"] + cards["deck"] + [c for h in (*hands, *piles) for c in h])
            too_many = named - Counter(rules.deck)
            if too_many:
                raise GameError(f"the deck has no room for {sorted(too_many.elements())}")
            cards[rest] = sorted((Counter(rules.deck) - named).elements()) + cards[rest]
        if scores and any(len(row) != n for row in scores):
            raise GameError(f"each round's scores need {n} entries")
        if type(turn) is not int or not 0 <= turn < n:
            raise GameError(f"turn must be a seat 0-{n - 1}, not {turn!r}")
        state = cls.assemble(
            rules, random.Random(seed), seed=seed, **tables, **cards, round=len(scores) + 1,
            scores=[list(s) for s in scores], totals=[sum(col) for col in zip(*scores)] if scores else [0] * n,
            turn=turn, current=turn, stop_caller=-1 if stop_caller is None else stop_caller,
            known={key: list(values) for key, values in (known or {}).items()})
        save.validate(state)
        return state

    def _start_round(self, first: int, why: str) -> None:
        """S1: shuffle all cards, turn one up, deal a hand to everyone (an automated seat's is its hidden pile)."""
        self.round += 1
        deck = self.rules.deck
        later = self.round > 1 and self.seed is not None
        shuffle(random.Random(f"egonb-round:{self.seed}:{self.round}") if later else self.rng, deck)
        self.deck = deck
        self.discard = [deck.pop()]
        hs = self.rules.hand_size
        for p in range(self.n):
            cards = deck[-hs:][::-1]  # dealt one by one from the top
            del deck[-hs:]
            if p in self.automated_seats:
                self.piles[p], self.hands[p] = cards, []
            else:
                self.hands[p], self.piles[p] = cards, []
        self.known = {}
        self.stop_caller = -1
        self.emit("round_start", "S2", first, {"round": self.round, "reason": why})
        self.emit("flip", "S1", None, {"card": self.discard[-1]})
        for p in range(self.n):
            if p not in self.automated_seats:
                self.emit("deal", "S1", p, {"n": hs}, {"hand": list(self.hands[p])}, (p,))
        self._start_turn(first)

    def _start_turn(self, seat: int, extra: bool = False) -> None:
        """`extra`: the turn is the one an Hourglass gave (A12, SP12, SC12), which views show."""
        self.turn = seat
        self.current = seat
        self.phase = ACTION
        self.drawn = 0
        self.pending = None
        self.extra = extra
        self.turns += 1
        self._legal = None

    # ------------------------------------------------------------ public API

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        return self.current

    @property
    def decision(self) -> Phase:
        return self.phase

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def automated(self) -> bool:
        """An automated seat (a Citybot) must play now: `play_step` plays it."""
        return self.current in self.automated_seats and self.phase != GAME_OVER

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat]) + len(self.piles[seat])

    def hand_total(self, seat: int) -> int:
        return sum(self.hands[seat]) + sum(self.piles[seat])

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take now (empty when the game is over).

        A fresh list each time: changing it cannot change what the engine accepts.
        """
        return self._legal_now()[:]

    def _legal_now(self) -> list[Action]:
        """The legal actions, listed once per decision; never changed, as clones share the list."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def can_apply(self, action: Action | int, player: int | None = None) -> bool:
        """Would `apply(action, player)` be accepted now?"""
        return self.why_not(action, player) is None

    def why_not(self, action: Action | int, player: int | None = None) -> str | None:
        """Why `apply(action, player)` would be refused, in plain words (with what is allowed); None if it would
        be accepted."""
        try:
            self._check(action, player)
        except GameError as err:
            return str(err)
        return None

    def apply(self, action: Action | int, player: int | None = None, *, automate: bool = True) -> Action:
        """Perform one legal action and return it as the engine's own `Action` (what it read, once, from
        `action`); bad input raises GameError and changes nothing.

        Automated seats (the Citybots) then play until another seat must decide; their moves are in `events`,
        each with the number of its turn and its Citybot step. `automate=False` leaves them to `play_step`.
        """
        act = self._check(action, player)
        self._legal = None  # before the action: the ability it offers may already list its own (`play_and_offer`)
        (_HANDLERS.get(act.kind) or self.variant.handlers[act.kind])(self, act)
        if automate and self.current in self.automated_seats:
            self.play_automated()
        return act

    def play_step(self) -> bool:
        """Play one step of the automated seat that must play now (`automated`): a whole turn, or its first
        part when it reveals cards (SB2, SB3) before playing on. True when it stopped after such a reveal."""
        if not self.automated:
            raise GameError("no automated seat must play now")
        revealed = self.variant.play_step(self)
        self._legal = None
        return revealed

    def play_automated(self) -> None:
        """Play the automated seats until another seat must decide (or the game ends), as `apply` does."""
        while self.automated:
            self.variant.play_step(self)
        self._legal = None

    def automated_steps(self) -> Iterator[GameState]:
        """`play_automated`, pausing at the beats a front end shows: this state before each automated turn, after
        the cards a turn reveals (SB2, SB3), and after the last turn (nothing when no automated seat must play)."""
        played = False
        while self.automated:
            yield self
            played = True
            if self.play_step():
                yield self
                self.play_step()
        if played:
            yield self

    def clone(self) -> GameState:
        """An independent copy (far cheaper than copy.deepcopy)."""
        c = GameState(*[copy(getattr(self, name)) for name, copy in _COPIES])
        c.n, c.variant, c.automated_seats, c._legal = self.n, self.variant, self.automated_seats, self._legal
        return c

    def view(self, player: int) -> View:
        """Everything `player` may know, and nothing more (see `view`)."""
        return build_view(self, player)

    def events_for(self, player: int | None, start: int = 0) -> list[tuple[Event, str]]:
        """(event, text as `player` may read it) from index `start` on."""
        names = self.rules.names
        return [(e, e.text(names, player)) for e in self.events[start:]]

    def revealed_hands(self) -> list[list[int]]:
        """Every seat's hand as the last round end showed it to everyone (E1); [] before the first one."""
        return [e.args["hand"] for e in self.events if e.kind == "reveal_hand"][-self.n:]

    def decision_text(self, texts: Texts = ENGLISH) -> str:
        """What the current player must do now, e.g. 'answer with a Black Shield or not (SP9)'."""
        pend = self.pending
        designated, choices = (pend.targets, pend.choices) if isinstance(pend, TwoCardsChoice) else ((), ())
        return decision_words(self.variant, self.phase, self.rules.names, designated, choices, texts)

    def describe(self, action: Action | int, *, public: bool = False, texts: Texts = ENGLISH) -> str:
        """The action in plain words for the current player, then its rule id (`rule_of`), e.g. 'keep the drawn 3
        in place of your 11 (T1)'; `public=True` leaves the drawn card unnamed (T1: only its player has seen it)."""
        act = _as_action(action)
        words = act.words(texts)
        if act.kind == "keep" and self.drawn:
            words = texts("describe.keep.unseen" if public else "describe.keep", drawn=self.drawn, a=act.a)
        elif act.kind == "take" and self.discard:
            words = texts("describe.take", top=self.discard[-1], a=act.a)
        elif act.kind in ("random", "announce") and isinstance(pend := self.pending, TwoCardsChoice):
            target = self.rules.names[pend.targets[len(pend.choices)]]  # name whose card it is
            words = texts(f"describe.{act.kind}", target=target, a=act.a)
        elif act.kind in ("look", "designate", "reveal_pile"):
            names = self.rules.names
            seats = [(self.current or 0) + o for o in ((act.a,) if act.kind != "designate" else (act.a, act.b))]
            words = texts(f"describe.{act.kind}", seats=texts.join([names[s % self.n] for s in seats]))
        return texts("describe", words=words, rule=self.rule_of(act))

    def rule_of(self, action: Action | int) -> str:
        """The rule id `action` cites in this game, as `describe` ends with it: a match or pair by the 789 cites
        A8 (SP8 in solo), a Black Shield and an Hourglass the variant's ids (A9, A12; SP9, SP12 in solo)."""
        act = _as_action(action)
        if act.kind in ("match", "pair"):
            return self._match_rule(act)
        return {"A9": self.variant.shield, "A12": self.variant.hourglass}.get(act.rule, act.rule)

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
        return save.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """A game from `to_json` output (this version's or an earlier one); GameError says what is wrong."""
        rules, values = save.loads(text)
        try:
            state = cls.assemble(rules, values.pop("rng"), **values)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise GameError(f"saved game is malformed: {exc!r}") from None
        save.validate(state)
        return state

    def __repr__(self) -> str:
        who = "nobody" if self.current is None else self.rules.names[self.current]
        return f"<GameState round {self.round}, {who} to {self.phase.value}, totals {self.totals}>"

    # ------------------------------------------------------------ validation

    def _check(self, action: Action | int, player: int | None) -> Action:
        if self.phase == GAME_OVER:
            raise GameError("the game is over: no action is allowed")
        if player is not None and (isinstance(player, bool) or player != self.current):
            decider = self.rules.names[self.current or 0]
            raise GameError(
                f"seat {self.current} ({decider}) decides now, not seat {player}: "
                f"{decider} must {self.decision_text()}"
            )
        act = _table_action(action)
        legal = self._legal_now()
        if act not in legal:
            allowed = "; ".join(f"{a.id}: {self.describe(a)}" for a in legal)
            asked = f"{self.rules.names[self.current or 0]} must {self.decision_text()}"
            # Wrong for the position (a match that does not match) or for the moment (a keep while choosing an action)
            why = (f"(it does not fit this position): {asked}" if act.kind in DECISION_KINDS[self.phase]
                   else f"({asked})")
            raise GameError(f"'{self.describe(act)}' is not allowed now {why}", allowed=allowed,
                            public=f"'{self.describe(act, public=True)}' is not allowed now {why}")
        return act

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        if phase == ACTION:
            return self._legal_turn_actions()
        if phase == KEEP_OR_DISCARD:
            return [DISCARD_DRAWN, *_KEEPS.of(_held(self.hands[self.turn])[0])]
        if phase == GAME_OVER:
            return []
        return self.variant.legal(self)

    def _legal_turn_actions(self) -> list[Action]:
        """T1-T5 for the current player, with A8 for matches and pairs; T2 and T3 need a card on the discard."""
        held, twice = _held(self.hands[self.turn])
        out = [DRAW] if self.can_draw() else []
        if self.stop_caller < 0:
            out.append(STOP)
        if self.discard:
            out += _TAKES.of(held)
            out += [_MATCHES[v - 1] for v in MATCHING[self.discard[-1]] if held >> v & 1]
        if twice:  # some value is there more than once
            out += _PAIRS.of(twice)
        if held >> SEVEN_EIGHT_NINE & 1:
            for other in (7, 9):
                if held >> other & 1:
                    out.append(PAIR[SEVEN_EIGHT_NINE, other])
                    out.append(PAIR[other, SEVEN_EIGHT_NINE])
        return out

    def _match_rule(self, act: Action) -> str:
        """The rule a match or a pair cites: T3 or T4, or the one that lets a 789 count as a 7 or a 9 (A8;
        yours is SP8 in solo mode, the Citybots' SC8). Only a match the 789 makes possible cites it: a 12 on a 789
        is no match at all (T3)."""
        if act.kind == "pair":
            by_789 = act.a != act.b  # unequal pairs exist only with the 789
        else:
            top = self.discard[-1] if self.discard else act.a
            by_789 = act.a != top and matches(act.a, top)
        if by_789:
            return self.variant.match_789
        return "T4" if act.kind == "pair" else "T3"

    # ------------------------------------------ operations the variants use

    def emit(self, kind: str, rule: str, player: int | None, args: dict[str, Any],
             secret: dict[str, Any] | None = None, to: tuple[int, ...] = (), step: str = "") -> None:
        """Record an event of the turn in progress. In an automated seat's turn every event carries the step it
        belongs to: `step`, else the step of the turn's last event (a round end, SM2, your Black Shield answer);
        in another seat's turn none does (a Citybot's SC9 answer to your Magnifying Glass is part of your turn)."""
        if self.turn not in self.automated_seats:
            step = ""
        elif not step and self.events and self.events[-1].turn == self.turns:
            step = self.events[-1].step
        self.events.append(_new_event(_EVENT, (kind, rule, player, args, secret, to, self.turns, step)))

    def ask(self, phase: Phase, seat: int, pending: Pending | None) -> None:
        """`seat` must now take a decision of kind `phase` about the ability `pending` (D2, A9-A11): the record
        replaces the one before (None: no ability is pending any more)."""
        self.phase = phase
        self.current = seat
        self.pending = pending
        self._legal = None

    def call_stop(self, seat: int) -> None:
        """T5: `seat` says STOP; the round ends when the turn comes back to it."""
        self.stop_caller = seat

    def can_draw(self) -> bool:
        return bool(self.deck) or len(self.discard) > 1

    def draw_card(self, step: str = "") -> int:
        """Top deck card, reshuffling the discard under its top card first if needed (S4); 0 if none. `step`: the
        Citybot step that draws (SB7), which the reshuffle belongs to."""
        if not self.deck:
            if len(self.discard) < 2:
                return 0
            top = self.discard.pop()
            self.deck, self.discard = self.discard, [top]
            shuffle(self.rng, self.deck)
            self.emit("reshuffle", "S4", None, {"top": top, "n": len(self.deck)}, step=step)
        return self.deck.pop()

    def take_discard(self) -> int:
        """T2, SB6: the top card of the discard pile leaves it."""
        return self.discard.pop()

    def discard_card(self, card: int) -> None:
        """D1, SB9: a card goes on the discard pile without its ability (and without ending the round: T6 counts
        only played cards)."""
        self.discard.append(card)

    def set_aside(self, card: int) -> None:
        """SM2: a removed card goes under the discard pile: the top everyone saw at the round's end stays."""
        self.discard.insert(0, card)

    def give(self, seat: int, card: int) -> None:
        """`card`, which already left where it was, joins `seat`'s hand (an automated seat's visible cards)."""
        self.hands[seat].append(card)

    def take(self, seat: int, card: int) -> int:
        """A card of value `card` leaves `seat`'s hand: its visible cards first, else its hidden pile (SM2)."""
        try:
            self.hands[seat].remove(card)
        except ValueError:
            self.piles[seat].remove(card)
        return card

    def take_top(self, seat: int) -> int:
        """The top card of `seat`'s hidden pile leaves it unseen (SP11, SC11: exchanged at once)."""
        return self.piles[seat].pop()

    def reveal_top(self, seat: int) -> int:
        """SB2, SB3: the top card of `seat`'s hidden pile joins its visible cards."""
        card = self.piles[seat].pop()
        self.hands[seat].append(card)
        return card

    def reveal_pile(self, seat: int) -> list[int]:
        """SP10, SC10: every hidden card of `seat`'s pile joins its visible cards; the cards, top first."""
        cards = self.piles[seat][::-1]
        self.piles[seat] = []
        self.hands[seat].extend(cards)
        return cards

    def forget(self, seat: int, value: int) -> None:
        """A card of `value` left `seat`'s hand in public: nobody may still count it as there."""
        known = self.known
        if not known or not self.variant.tracks_knowledge:  # early in a round nobody has seen a card yet
            return
        for obs in range(self.n):
            lst = known.get((obs, seat))
            if lst and value in lst:
                lst.remove(value)

    def learn(self, seat: int, value: int, observers: Iterable[int], new: bool) -> None:
        """Observers saw that `seat` holds `value`: a card that just arrived (`new`) or one shown."""
        if not self.variant.tracks_knowledge:
            return
        known = self.known
        for obs in observers:
            if obs == seat:
                continue
            lst = known.get((obs, seat))
            if lst is None:
                known[obs, seat] = [value]
            elif new or value not in lst:
                lst.append(value)

    def saw_hand(self, observer: int, seat: int) -> None:
        """A10: `observer` now knows every card of `seat`'s hand."""
        self.known[observer, seat] = list(self.hands[seat])

    def exchanged(self, seat: int, gone: int, came: int, knows_gone: Iterable[int], knows_came: Iterable[int]) -> None:
        """A11: what each observer may still say about `seat`'s hand once `gone` left it and `came` arrived."""
        knows_gone = set(knows_gone)
        for obs in range(self.n):
            key = (obs, seat)
            lst = self.known.get(key)
            if obs == seat or not lst:
                continue
            if obs not in knows_gone:
                del self.known[key]
            elif gone in lst:
                lst.remove(gone)
        self.learn(seat, came, sorted(set(knows_came)), new=True)

    def play(self, seat: int, value: int) -> bool:
        """D2: a card that already left a hand goes on the discard pile. False when the hand is empty (T6)."""
        self.discard.append(value)
        if not self.hands[seat] and not self.piles[seat]:
            self._end_round("T6", seat)
            return False
        return True

    def play_and_offer(self, seat: int, value: int) -> None:
        """A deciding player played `value`: offer its ability (D2), else the turn ends."""
        if not self.play(seat, value):
            return
        if value in PLAYED_ABILITIES:
            self.ask(ABILITY, seat, AbilityOffer(value))
            if self._legal_now() != [SKIP]:
                return
            rule, why = self.variant.no_target(self)
            self.emit("no_target", rule, seat, {"ability": value, "reason": why})
        self.end_turn()

    def end_turn(self, again: bool = False) -> None:
        """Next player clockwise (S3), or the same one `again` after an Hourglass (A12); STOP ends the round (T5),
        and so may the variant (MV3)."""
        if self.phase == GAME_OVER:
            return
        nxt = self.turn if again else (self.turn + 1) % self.n
        if nxt == self.stop_caller:
            self._end_round("T5", nxt)
        elif (rule := self.variant.round_over(self)) is not None:
            self._end_round(rule, nxt)
        else:
            self._start_turn(nxt, again)

    def _end_round(self, rule: str, seat: int) -> None:
        """The variant's round end (SM2), then E1 scoring; E2 decides whether another round starts.

        `rule` is T5 (the turn came back to `seat`, who said STOP), T6 (`seat` has no card left) or MV3 (the turn
        limit is reached; `seat` would have played next).
        """
        # The table as the round ended, all public: a summary shows it after the next deal has replaced it.
        self.emit("round_end", rule, seat, {
            "round": self.round, "deck": len(self.deck), "discard": len(self.discard),
            "top": self.discard[-1] if self.discard else 0,
            "stop": self.stop_caller if self.stop_caller >= 0 else None})
        self.drawn = 0
        self.pending = None
        self.variant.round_end(self)
        scores = [self.hand_total(p) for p in range(self.n)]
        for p in range(self.n):
            self.emit("reveal_hand", "E1", p, {"hand": self.hands[p] + self.piles[p], "score": scores[p]})
        self.scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        if not self.rules.full_game or max(self.totals) >= self.rules.end_score:
            best = min(self.totals)
            self.winners = [p for p in range(self.n) if self.totals[p] == best]
            kind = "game_end" if self.rules.full_game else "game_end_round"
            self.emit(kind, "E2", None, {"rounds": self.round, "seats": list(self.winners), "total": best})
            self.phase = GAME_OVER
            self.current = None
            self._legal = None
            return
        high = max(scores)
        tied = [p for p in range(self.n) if scores[p] == high]
        first = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        why = "highest_tied" if len(tied) > 1 else "highest"
        self._start_round(first, why)

    # ------------------------------------------------------------ T1 - T5

    def _do_draw(self, act: Action) -> None:
        p = self.turn
        self.drawn = self.draw_card()
        self.ask(KEEP_OR_DISCARD, p, None)
        self.emit("draw", "T1", p, {}, {"card": self.drawn}, (p,))

    def _do_discard_drawn(self, act: Action) -> None:
        card, self.drawn = self.drawn, 0
        self.discard.append(card)
        self.emit("discard_drawn", "D1", self.turn, {"card": card})
        self.end_turn()

    def _do_keep(self, act: Action) -> None:
        p, drawn = self.turn, self.drawn
        hand = self.hands[p]
        hand.remove(act.a)
        self.forget(p, act.a)
        hand.append(drawn)
        self.drawn = 0
        self.emit("keep", "T1", p, {"card": act.a}, {"drawn": drawn}, (p,))
        self.play_and_offer(p, act.a)

    def _do_take(self, act: Action) -> None:
        p = self.turn
        taken = self.discard.pop()
        hand = self.hands[p]
        hand.remove(act.a)
        self.forget(p, act.a)
        hand.append(taken)
        self.learn(p, taken, range(self.n), new=True)
        self.emit("take", "T2", p, {"taken": taken, "card": act.a})
        self.play_and_offer(p, act.a)

    def _do_match(self, act: Action) -> None:
        p = self.turn
        self.hands[p].remove(act.a)
        self.forget(p, act.a)
        self.emit("match", self._match_rule(act), p, {"top": self.discard[-1], "card": act.a})
        self.play_and_offer(p, act.a)

    def _do_pair(self, act: Action) -> None:
        p = self.turn
        self.hands[p].remove(act.a)
        self.forget(p, act.a)
        self.learn(p, act.b, range(self.n), new=False)
        self.emit("pair", self._match_rule(act), p, {"card": act.a, "kept": act.b})
        self.play_and_offer(p, act.a)

    def _do_stop(self, act: Action) -> None:
        self.stop_caller = self.turn
        self.emit("stop", "T5", self.turn, {})
        self.end_turn()


_HANDLERS: Final[dict[str, Handler]] = {
    "draw": GameState._do_draw,
    "discard_drawn": GameState._do_discard_drawn,
    "keep": GameState._do_keep,
    "take": GameState._do_take,
    "match": GameState._do_match,
    "pair": GameState._do_pair,
    "stop": GameState._do_stop,
}


def new_game(rules: Rules | None = None, seed: int = 0) -> GameState:
    """A new game, deterministic for a given seed (any process, any PYTHONHASHSEED).

    In solo mode the Citybots have played up to your first decision (SM3: Citybot Left starts)."""
    try:
        seed = seed_number(seed)
    except (TypeError, ValueError) as err:
        raise GameError(str(err)) from None
    return GameState.start(rules or Rules(), seed)
