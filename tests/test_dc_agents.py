"""Diverse City's own heuristic agent, its search hints and its observation encoder, through the game protocol."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from dc_positions import PEOPLE, C, D, table

from egonb import protocol
from egonb.errors import GameError
from egonb.games.diverse_city import Config, HeuristicAgent, new_game
from egonb.games.diverse_city.search import DiverseCitySearch


def _play(agents: list, config: Config, seed: int) -> protocol.State:
    game = protocol.new_state(config, seed)
    for seat, agent in enumerate(agents):
        agent.reset(seat, random.Random(seed * 10 + seat))
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(agents[seat].act(game.view(seat)), player=seat)
    return game


class _Random:
    def reset(self, seat: int, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view):
        return self.rng.choice(view.legal_actions)


def test_the_heuristic_beats_random_players() -> None:
    wins = 0
    for seed in range(30):
        game = _play([HeuristicAgent(), _Random(), _Random(), _Random()], Config(players=4), seed)
        wins += 0 in game.winners
    assert wins >= 20


def test_the_heuristic_acts_only_on_its_own_turn() -> None:
    game = new_game(Config(players=3), 1)
    other = (game.current_player or 0) + 1
    with pytest.raises(GameError, match="decides now"):
        HeuristicAgent().act(game.view(other))


def test_the_search_hints_sample_worlds_that_end_with_the_round_and_value_them_in_range() -> None:
    game = new_game(Config(players=4), 3)
    hints = protocol.game_for(game.config).search_hints(game.config)  # type: ignore[attr-defined]
    assert isinstance(hints, DiverseCitySearch)
    view = game.view(game.current_player or 0)
    rng = random.Random(0)
    for _ in range(10):
        world = hints.sample(view, rng)
        assert set(hints.candidates_in(world)) <= set(world.legal_actions()) and hints.candidates(view)
        steps = 0
        while not world.is_over and steps < 400:
            world.apply(hints.rollout(world))
            steps += 1
        assert world.is_over and world.round == 1 and all(-1 <= v <= 1 for v in hints.values(world))


def test_the_encoder_gives_fixed_size_observations_in_range_and_the_legal_mask() -> None:
    pytest.importorskip("numpy")
    game = new_game(Config(players=6), 2)
    encoder = protocol.game_for(game.config).encoder(game.config)  # type: ignore[attr-defined]
    rng = random.Random(2)
    for _ in range(200):
        if game.is_over:
            break
        view = game.view(game.current_player or 0)
        obs = encoder.observation(view)
        assert obs.shape == (encoder.size,) and obs.min() >= 0 and obs.max() <= 10
        assert {i for i, m in enumerate(encoder.mask(view)) if m} == {a.id for a in view.legal_actions}
        game.apply(rng.choice(view.legal_actions))


def _diversity_choice(hand: list[int], turns: int, totals: list[int] | None = None) -> str:
    """What the heuristic does at P7 (R1) with `hand` on turn `turns` of the round, everyone else holding 5 cards."""
    rest = [[C("Housing", 1), C("Housing", 2), C("Food", 1), C("Food", 2), C("School", 1)],
            [C("Housing", 3), C("Housing", 4), C("Food", 3), C("Food", 4), C("School", 2)],
            [C("Power Plant", 1), C("Power Plant", 2), C("Activity", 1), C("Activity", 2), C("School", 3)]]
    game = table([hand, *rest], phase="diversity", totals=totals)
    game.turns = turns
    assert {a.kind for a in game.legal_actions()} == {"call", "no_call"}
    return HeuristicAgent().act(game.view(0)).kind


MODEST = [PEOPLE, C("Communications", 1), C("Activity", 3), C("Waste Management", 2), C("Emergency Services", 1)]
FINE = [PEOPLE, C("Communications", 4), C("Activity", 4), C("Waste Management", 4), C("Emergency Services", 3)]


def test_R1_the_heuristic_does_not_call_diversity_on_its_first_turn_with_a_modest_city() -> None:
    """10 points lead the rivals' estimate, but the round would end before it has begun (seen on the page)."""
    assert _diversity_choice(MODEST, turns=1) == "no_call"


def test_R1_the_heuristic_calls_diversity_when_its_city_is_worth_it_and_it_is_ahead() -> None:
    assert _diversity_choice(FINE, turns=1) == "call"
    assert _diversity_choice(MODEST, turns=12) == "call"  # a long round lowers the bar (PATIENCE)


def test_R1_G1_the_heuristic_calls_diversity_at_once_when_the_call_wins_the_game_but_not_when_behind() -> None:
    assert _diversity_choice(MODEST, turns=1, totals=[45, 30, 30, 30]) == "call"
    assert _diversity_choice(MODEST, turns=1, totals=[45, 30, 30, 52]) == "no_call"


def test_X5_the_heuristic_asks_each_player_once_a_round_per_disaster_though_the_rules_allow_more() -> None:
    """X5 allows an ask per player and disaster in every turn; the heuristic asks again only when the disaster has
    changed (a partial given) or in the next round, and never a player with no card in hand: a person at the table
    is not asked the same question turn after turn."""
    allowed = asked = 0
    for seed in range(6):
        game = new_game(Config(players=4), seed)
        agents = [HeuristicAgent() for _ in range(4)]
        for seat, agent in enumerate(agents):
            agent.reset(seat, random.Random(seed))
        seen: Counter[tuple[int, ...]] = Counter()
        while not game.is_over and game.round <= 3:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            allowed += sum(a.kind == "ask" for a in view.legal_actions)
            act = agents[seat].act(view)
            if act.kind == "ask":
                target = (seat + act.offset) % 4
                code, partial, _ = game.fronts[seat][act.slot]
                assert game.hands[target], "a player with no card in hand is never asked"
                seen[game.round, seat, target, code, partial] += 1
                asked += 1
            game.apply(act, player=seat)
        assert max(seen.values(), default=1) == 1, seen
    assert 0 < asked < allowed  # it does ask, and far less than it may


def test_X5_search_leaves_asks_out_as_it_cannot_tell_their_worth() -> None:
    """The rollout policy always declines an ask, so every ask looks as good as doing nothing to a search: the
    Monte-Carlo player would ask at random, turn after turn. Its candidates keep the rest of the main phase."""
    s = table([[C("Food", 1), C("Housing", 2)], [C("Food", 2)], [C("Food", 3)]], [[D("Traffic Jam")], [], []])
    hints = DiverseCitySearch(s.config)
    kinds = {a.kind for a in s.legal_actions()}
    assert "ask" in kinds
    assert {a.kind for a in hints.candidates(s.view(0))} == kinds - {"ask"}
