"""Property-based, stateful tests of the engine: random action sequences, illegal ones
included, on random configurations and seeds, with every invariant checked after every step."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from invariants import Tracker, check

from egonb import NUM_ACTIONS, GameError, GameState, Rules, new_game

configs = st.one_of(
    st.builds(lambda p, full: Rules(players=p, full_game=full), st.integers(2, 6), st.booleans()),
    st.builds(lambda d, full: Rules.solo_game(d, full_game=full), st.integers(1, 3), st.booleans()),
    st.builds(lambda p, c: Rules(players=p, counts=(c,) * 12, full_game=True, end_score=40),
              st.integers(2, 4), st.integers(2, 3)),
)


class EngineMachine(RuleBasedStateMachine):
    game: GameState
    tracker: Tracker

    @initialize(rules=configs, seed=st.integers(0, 2**32))
    def start(self, rules: Rules, seed: int) -> None:
        self.game = new_game(rules, seed)
        self.tracker = Tracker(self.game)

    @precondition(lambda self: not self.game.is_over)
    @rule(pick=st.integers(0, 10_000))
    def legal_action(self, pick: int) -> None:
        legal = self.game.legal_actions()
        self.game.apply(legal[pick % len(legal)])

    @rule(action=st.one_of(st.integers(-5, NUM_ACTIONS + 5), st.text(max_size=3), st.none()),
          seat=st.one_of(st.none(), st.integers(-1, 7)))
    def any_action(self, action: object, seat: int | None) -> None:
        """Whatever is sent, either it was legal and applied, or GameError and not a byte changed."""
        g = self.game
        before = g.to_json()
        legal_ids = {a.id for a in g.legal_actions()}
        ok = isinstance(action, int) and action in legal_ids and seat in (None, g.current_player)
        try:
            g.apply(action, player=seat)  # type: ignore[arg-type]
        except GameError:
            assert not ok, "a legal action by the right seat must be accepted"
            assert g.to_json() == before
        else:
            assert ok, f"{action!r} by seat {seat} was accepted though not legal"

    @rule()
    def save_and_restore(self) -> None:
        text = self.game.to_json()
        self.game = GameState.from_json(text)
        assert self.game.to_json() == text

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "game"):
            check(self.game, self.tracker)


TestEngineMachine = EngineMachine.TestCase
TestEngineMachine.settings = settings(max_examples=60, stateful_step_count=60, deadline=None,
                                      suppress_health_check=[HealthCheck.too_slow])
