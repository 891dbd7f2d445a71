"""Diverse City's own heuristic agent, its search hints and its observation encoder, through the game protocol."""

from __future__ import annotations

import random

import pytest

from egonb import protocol
from egonb.diverse_city import Config, HeuristicAgent, new_game
from egonb.diverse_city.search import DiverseCitySearch
from egonb.errors import GameError


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
