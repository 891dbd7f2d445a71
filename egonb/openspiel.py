"""Egocentric World as an OpenSpiel game, so OpenSpiel's algorithms (CFR, exploitability, search) run on it.

`load(rules)` gives a `pyspiel.Game` for any one-round multiplayer `Rules` (2-6 players; the solo game and full
games of several rounds are out of scope). The egonb engine stays the one source of the rules: this module only
lets chance deal the cards and then hands every player action to a `GameState`.

Chance is explicit where the cards are dealt and drawn, one card at a time, the outcome being the card's value
(equal values are interchangeable), with its probability the share of that value among the cards not yet placed:
first chance picks who starts (S2), then it deals each hand (S1: seat 0's cards first) and the card turned up,
and whenever a player's action draws from the deck (T1, an A11 penalty) chance picks each drawn card before the
engine applies the action. To learn whether an action draws, the adapter applies it to a copy first; when it
does, the engine state is rebuilt from the deal with the chosen cards on top of the deck and the moves replayed.
Two rarer random events stay inside the engine's seeded generator, a deterministic function of the history:
the order of the new deck after an S4 reshuffle (later draws are then the engine's, not chance nodes), and the
random card of an A11 exchange.

Information states are what a player saw, in order: the deal as it reached them, then the engine's own event
texts as that player may read them (`GameState.events_for`), and their own choices; observations are the
player's `View` (string) and its `games.egocentric_world.encoding` vector (tensor). Returns are the engine's: by default
`utility="win"`, each seat's mean place minus its place from `GameState.ranks()` (zero-sum: +1/2 for winning
a two-player game, -1/2 for losing, 0 for a tie); `utility="score"` is `GameState.returns()`, minus the total.

Importing this module imports `pyspiel` (`import egonb` never does) and registers the game as "egonb".
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from .errors import GameError
from .games.egocentric_world.actions import ACTIONS, NUM_ACTIONS
from .games.egocentric_world.cards import VALUES
from .games.egocentric_world.encoding import OBS_SIZE, encode
from .games.egocentric_world.rules import Rules
from .games.egocentric_world.state import GameState

GAME_NAME = "egonb"

#: OpenSpiel parameters of the game (OpenSpiel parameters are ints, floats, strings and bools): the `Rules`
#: fields, the counts as "5:5:..." (OpenSpiel reads a comma as the end of a parameter and "5-5" as a number),
#: a turn limit of 0 for none, and which returns the game reports.
DEFAULTS: dict[str, Any] = {
    "players": Rules().players,
    "counts": ":".join(map(str, Rules().counts)),
    "hand_size": Rules().hand_size,
    "turn_limit": 0,
    "utility": "win",
}

#: A generous bound on the steps of one turn (action, draw, keep, ability, designations, Black Shield
#: answers, Two Cards choices, a penalty draw): with a turn limit (MV3) the game has a known maximum length.
_STEPS_PER_TURN = 16
#: OpenSpiel wants a maximum length even for a game without a turn limit, which has none in principle.
_UNBOUNDED_LENGTH = 100_000


def rules_from_params(params: dict[str, Any]) -> Rules:
    """The `Rules` that OpenSpiel parameters describe (missing ones take `DEFAULTS`)."""
    unknown = set(params) - set(DEFAULTS)
    if unknown:
        raise GameError(f"unknown egonb game parameters {sorted(unknown)}; allowed: {sorted(DEFAULTS)}")
    p = {**DEFAULTS, **params}
    try:
        counts = tuple(int(c) for c in str(p["counts"]).split(":"))
    except ValueError:
        raise GameError(f"counts must be 12 whole numbers joined by ':', got {p['counts']!r}") from None
    return Rules(players=p["players"], counts=counts, hand_size=p["hand_size"],
                 turn_limit=p["turn_limit"] or None)


def params_from_rules(rules: Rules, utility: str = "win") -> dict[str, Any]:
    """The OpenSpiel parameters of `rules` (one round of the multiplayer game)."""
    if rules.agent_seats != tuple(range(rules.players)) or rules.full_game:  # the solo game plays its Citybots
        raise GameError("the OpenSpiel game is one round of the multiplayer game: no solo game, no full_game")
    if utility not in ("win", "score"):
        raise GameError(f"utility must be 'win' or 'score', got {utility!r}")
    return {"players": rules.players, "counts": ":".join(map(str, rules.counts)), "hand_size": rules.hand_size,
            "turn_limit": rules.turn_limit or 0, "utility": utility}


def load(rules: Rules, utility: str = "win") -> pyspiel.Game:
    """The OpenSpiel game of `rules`, e.g. `load(MINI)` for the mini variant."""
    return pyspiel.load_game(GAME_NAME, params_from_rules(rules, utility))


#: The mini variant (MV1-MV4, docs/MINI.md): two players, five cards (1, 1, 2, 2, 3), one card in hand, one turn
#: each. Small enough for OpenSpiel to walk its whole tree in seconds, and its deck never runs out (no S4).
MINI = Rules(players=2, counts=(2, 2, 1) + (0,) * 9, hand_size=1, turn_limit=1)


def _game_type(utility: str, info_state_tensor: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Egocentric World (egonb)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if utility == "win"
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=info_state_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULTS,
    )


class EgonbGame(pyspiel.Game):
    """One `Rules` configuration as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.rules = rules_from_params(params)
        self.utility = params["utility"]
        params_from_rules(self.rules, self.utility)  # checks the utility
        n, limit = self.rules.players, self.rules.turn_limit
        deal = 1 + n * self.rules.hand_size + 1
        self.max_length = deal + n * limit * _STEPS_PER_TURN if limit else _UNBOUNDED_LENGTH
        if self.utility == "win":
            worst, best, total = -(n - 1) / 2, (n - 1) / 2, 0.0
        else:  # every card of the deck in one hand, or none
            worst, best, total = -float(sum(self.rules.deck)), 0.0, None
        info = pyspiel.GameInfo(num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=len(VALUES) + 1,
                                num_players=n, min_utility=worst, max_utility=best, utility_sum=total,
                                max_game_length=self.max_length)
        super().__init__(_game_type(self.utility, limit is not None), info, params)

    def new_initial_state(self) -> EgonbState:
        return EgonbState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Any] | None = None) -> EgonbObserver:
        if params:
            raise ValueError(f"the egonb observer takes no parameters, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return EgonbObserver(self, perfect_recall)


class EgonbState(pyspiel.State):
    """OpenSpiel's view of one game in progress; the game itself is a `Table`."""

    def __init__(self, game: EgonbGame) -> None:
        super().__init__(game)
        self.table = Table(game.rules, game.utility)

    def current_player(self) -> int:
        return self.table.current_player()

    def is_terminal(self) -> bool:
        return self.table.is_over()

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.table.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.table.chance_words(action)
        return str(ACTIONS[action])

    def returns(self) -> list[float]:
        return self.table.returns()

    def __str__(self) -> str:
        return str(self.table)


class Table:
    """One game: the chance outcomes so far, then the egonb `GameState` they built, and what each player saw.

    The engine state is never changed in place (every action is applied to a copy), so copies of a table share
    it; OpenSpiel clones a Python state with `copy.deepcopy`, which `__deepcopy__` makes cheap.
    """

    def __init__(self, rules: Rules, utility: str) -> None:
        self.rules = rules
        self.utility = utility
        self.first: int | None = None
        self.dealt: list[int] = []  # S1: seat 0's hand, seat 1's ..., then the card turned up
        self.moves: list[int] = []  # the player actions the engine applied, in order
        self.draws: list[int] = []  # the cards chance drew from the deck, in order
        self.waiting: int | None = None  # a player action whose drawn cards chance picks first
        self.to_draw: list[int] = []  # the cards picked for it so far
        self.need = 0  # how many cards it draws
        self.engine_draws = False  # after an S4 reshuffle the engine's generator orders the deck
        self.engine: GameState | None = None
        self.seen = 0  # the engine events already in the logs
        self.logs: list[tuple[str, ...]] = [() for _ in range(rules.players)]

    def __deepcopy__(self, memo: dict) -> Table:
        c = copy.copy(self)
        c.dealt, c.moves, c.draws, c.to_draw, c.logs = (self.dealt[:], self.moves[:], self.draws[:],
                                                       self.to_draw[:], self.logs[:])
        return c

    # ------------------------------------------------------------------ what OpenSpiel asks

    def current_player(self) -> int:
        if self.engine is None or self.need:
            return int(pyspiel.PlayerId.CHANCE)
        if self.engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.engine.current_player)  # type: ignore[arg-type]

    def is_over(self) -> bool:
        return self.engine is not None and self.engine.is_over

    def legal_actions(self, player: int) -> list[int]:
        assert self.engine is not None and player == self.engine.current_player
        return sorted(a.id for a in self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Who starts (S2), or the value of the next card dealt or drawn, as likely as its share of the cards
        left (the deck table minus the cards placed so far)."""
        if self.first is None:
            n = self.rules.players
            return [(seat, 1 / n) for seat in range(n)]
        left = self._undealt() - Counter(self.draws) - Counter(self.to_draw)
        total = sum(left.values())
        return [(v, left[v] / total) for v in sorted(left) if left[v]]

    def chance_words(self, outcome: int) -> str:
        return f"{self.rules.names[outcome]} starts" if self.first is None else f"card {outcome}"

    def apply(self, action: int) -> None:
        if self.first is None:
            self.first = action
            self._log_all(f"{self.rules.names[action]} will play first (S2)")
        elif self.engine is None:
            self._deal(action)
        elif self.need:
            self.to_draw.append(action)
            if len(self.to_draw) == self.need:
                self.draws += self.to_draw
                self._play(self._rebuilt(), self.waiting)  # type: ignore[arg-type]
        else:
            self._choose(action)

    def returns(self) -> list[float]:
        n = self.rules.players
        if self.engine is None or not self.engine.is_over:
            return [0.0] * n
        if self.utility == "score":
            return list(self.engine.returns())
        return [(n + 1) / 2 - rank for rank in self.engine.ranks()]

    def __str__(self) -> str:
        g = self.engine
        if g is None:
            return f"dealing: first {self.first}, dealt {self.dealt}"
        waiting = f" (waiting for {self.need - len(self.to_draw)} drawn cards)" if self.need else ""
        return f"hands {g.hands} discard {g.discard} deck {g.deck}{waiting}, {g.current_player} to {g.decision}"

    # ------------------------------------------------------------------ the deal and the draws

    def _undealt(self) -> Counter:
        return Counter(self.rules.deck) - Counter(self.dealt)

    def _deal(self, card: int) -> None:
        """S1: the next card of a hand (its owner sees it), or the card turned up once every hand is full."""
        n, size = self.rules.players, self.rules.hand_size
        seat = len(self.dealt) // size
        self.dealt.append(card)
        if seat < n:
            for p in range(n):
                self._log(p, f"you are dealt a {card}" if p == seat else f"{self.rules.names[seat]} is dealt a card")
            return
        self._log_all(f"the {card} is turned up to start the discard pile")
        self.engine = self._rebuilt()
        self.seen = len(self.engine.events)

    def _rebuilt(self) -> GameState:
        """The engine state from the deal: the cards chance drew are on top of the deck in the order they were
        drawn (the others under them are never drawn before chance picks them), then every move replayed."""
        n, size = self.rules.players, self.rules.hand_size
        hands = [self.dealt[p * size:(p + 1) * size] for p in range(n)]
        rest = sorted((self._undealt() - Counter(self.draws)).elements())
        g = GameState.from_position(self.rules, hands=hands, discard=[self.dealt[-1]], deck=rest + self.draws[::-1],
                                    turn=self.first or 0)
        for move in self.moves:
            g.apply(move)
        return g

    def _choose(self, action: int) -> None:
        """A player's action: applied at once, unless it draws from the deck (then chance picks the cards)."""
        g = self.engine
        assert g is not None
        self._log(g.current_player or 0, f"you choose to {ACTIONS[action].words()}")
        trial = g.clone()
        trial.apply(action)
        drawn = len(g.deck) - len(trial.deck)
        self.engine_draws = self.engine_draws or any(e.kind == "reshuffle" for e in trial.events[len(g.events):])
        if drawn > 0 and not self.engine_draws:
            self.waiting, self.need, self.to_draw = action, drawn, []
        else:
            self._adopt(trial, action)

    def _play(self, g: GameState, action: int) -> None:
        """Apply the waiting action to the rebuilt state: it draws the cards chance picked."""
        g.apply(action)
        self.waiting, self.need, self.to_draw = None, 0, []
        self._adopt(g, action)

    def _adopt(self, g: GameState, action: int) -> None:
        self.engine = g
        self.moves.append(action)
        for p in range(self.rules.players):
            self.logs[p] += tuple(text for _, text in g.events_for(p, self.seen))
        self.seen = len(g.events)

    # ------------------------------------------------------------------ what each player saw

    def _log(self, seat: int, line: str) -> None:
        self.logs[seat] += (line,)

    def _log_all(self, line: str) -> None:
        for p in range(self.rules.players):
            self._log(p, line)

    def information_state(self, player: int) -> str:
        """Everything `player` saw, in order, and their own choices: perfect recall."""
        return "\n".join(self.logs[player])

    def observation(self, player: int) -> str:
        """What `player` may know now (their `View`), without the history."""
        g = self.engine
        if g is None:
            size = self.rules.hand_size
            mine = self.dealt[player * size:(player + 1) * size]
            return f"dealing: your cards {sorted(mine)}; {len(self.dealt)} cards dealt"
        v = g.view(player)
        return (f"{v.names[player]} to see; {v.decision} for {v.current_player}; hand {list(v.hand)}"
                f"{f', drew {v.drawn}' if v.drawn else ''}; discard {list(v.discard)}; deck {v.deck_size}; "
                f"hand sizes {list(v.hand_sizes)}; known {[list(k) for k in v.known]}; stop {v.stop_caller}; "
                f"ability {v.ability_card} designated {list(v.designated)} choices {list(v.choices)}; "
                f"totals {list(v.totals)}")

    def observation_vector(self, player: int) -> np.ndarray:
        """The player's view as `games.egocentric_world.encoding.encode` writes it (zeros while the cards are dealt)."""
        if self.engine is None:
            return np.zeros(OBS_SIZE, np.float32)
        return encode(self.engine.view(player))


class EgonbObserver:
    """OpenSpiel's observer interface: the observation (view) or, with perfect recall, the information state.

    The information-state tensor stacks the player's observation tensors after each step of the game so far
    (replayed from the start when asked): only games with a turn limit have one, since the stack needs a
    maximum length.
    """

    def __init__(self, game: EgonbGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        if perfect_recall:
            steps = game.max_length if game.rules.turn_limit else 0
            self.tensor = np.zeros(steps * OBS_SIZE, np.float32)
            self.dict: dict[str, np.ndarray] = {"views": self.tensor.reshape(steps, OBS_SIZE)}
        else:
            self.tensor = np.zeros(OBS_SIZE, np.float32)
            self.dict = {"view": self.tensor}

    def set_from(self, state: EgonbState, player: int) -> None:
        if not self.perfect_recall:
            self.tensor[:] = state.table.observation_vector(player)
            return
        self.tensor.fill(0)
        views = self.dict["views"]
        if not len(views):
            return
        replay = self.game.new_initial_state()
        for i, action in enumerate(state.history()):
            replay.apply_action(action)
            views[i] = replay.table.observation_vector(player)

    def string_from(self, state: EgonbState, player: int) -> str:
        return state.table.information_state(player) if self.perfect_recall else state.table.observation(player)


pyspiel.register_game(_game_type("win", True), EgonbGame)
