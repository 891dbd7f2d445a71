"""Egocentric World in OpenSpiel (egonb.openspiel): OpenSpiel's own checks, the mini variant's tree, CFR, and
information states that hide what a player cannot see."""

from __future__ import annotations

import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import cfr, exploitability, get_all_states  # noqa: E402

from egonb import GameError, Rules  # noqa: E402
from egonb.games.egocentric_world.actions import DISCARD_DRAWN, DRAW, STOP  # noqa: E402
from egonb.openspiel import MINI, load, params_from_rules, rules_from_params  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_openspiel_random_simulation_checks_pass(players: int) -> None:
    """OpenSpiel's generic game test (legal actions, chance outcomes, clones, serialisation, observations) on
    the full deck; its random generator has a fixed seed, so the games are the same on every run."""
    pyspiel.random_sim_test(load(Rules(players=players)), num_sims=3, serialize=True, verbose=False)


def test_openspiel_random_simulation_checks_pass_on_the_mini_variant_with_score_returns() -> None:
    pyspiel.random_sim_test(load(MINI, utility="score"), num_sims=10, serialize=True, verbose=False)


def test_parameters_map_to_rules_and_back() -> None:
    rules = Rules(players=3, counts=(2,) * 12, hand_size=2, turn_limit=4)
    assert rules_from_params(params_from_rules(rules)) == rules
    game = load(rules)
    assert game.num_players() == 3 and game.num_distinct_actions() == rules.num_actions
    with pytest.raises(GameError, match="solo"):
        params_from_rules(Rules.solo_game(1))
    with pytest.raises(GameError, match="unknown"):
        rules_from_params({"player": 2})


def test_importing_egonb_does_not_import_pyspiel() -> None:
    code = "import sys, egonb, egonb.games.egocentric_world.game; print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_MV1_MV2_MV3_the_mini_variant_tree_is_small_and_finite() -> None:
    states = get_all_states.get_all_states(load(MINI), include_terminals=True, include_chance_states=True)
    assert len(states) == 1657
    terminal = [s for s in states.values() if s.is_terminal()]
    assert terminal and all(sum(s.returns()) == 0 for s in terminal)  # zero-sum: who wins (E1)


def test_chance_deals_then_draws_the_card_it_picked() -> None:
    state = load(MINI).new_initial_state()
    for outcome in (0, 1, 3, 2):  # seat 0 starts; seat 0 gets a 1, seat 1 a 3; the 2 is turned up
        assert state.is_chance_node() and outcome in dict(state.chance_outcomes())
        state.apply_action(outcome)
    assert state.current_player() == 0
    state.apply_action(DRAW.id)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(1, 0.5), (2, 0.5)]  # left: 1, 2 (1, 1, 2, 2, 3 minus the dealt)
    state.apply_action(2)
    assert "draws a 2" in state.information_state_string(0)
    assert "draws a 2" not in state.information_state_string(1)
    state.apply_action(DISCARD_DRAWN.id)
    assert state.current_player() == 1


def test_an_information_state_never_shows_a_card_the_player_cannot_see() -> None:
    """Two games that differ only in seat 1's card give seat 0 the same information state (S1), until the
    card is played."""
    game = load(Rules(players=2, counts=(2, 2, 2) + (0,) * 9, hand_size=1, turn_limit=2))

    def after(deal: tuple[int, ...]) -> pyspiel.State:
        state = game.new_initial_state()
        for outcome in deal:
            state.apply_action(outcome)
        state.apply_action(DRAW.id)
        state.apply_action(3)  # seat 0 draws a 3
        state.apply_action(DISCARD_DRAWN.id)
        state.apply_action(STOP.id)  # seat 1 says STOP
        return state

    a, b = after((0, 1, 2, 3)), after((0, 1, 1, 3))
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert (a.observation_tensor(0) == b.observation_tensor(0)) and (
        a.information_state_tensor(0) == b.information_state_tensor(0))
    assert a.information_state_string(1) != b.information_state_string(1)  # seat 1 knows its own card


def test_cfr_lowers_nash_conv_on_the_mini_variant() -> None:
    game = pyspiel.convert_to_cached_tree(load(MINI))
    solver = cfr.CFRPlusSolver(game)
    curve = []
    for _ in range(6):
        solver.evaluate_and_update_policy()
        curve.append(exploitability.nash_conv(game, solver.average_policy()))
    assert curve == sorted(curve, reverse=True) and curve[-1] < curve[0] / 5
