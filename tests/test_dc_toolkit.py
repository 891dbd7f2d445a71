"""The toolkit, unchanged, plays Diverse City through the game protocol: play, tournament, check_agent, the search
agents (with the game's search hints) and the PettingZoo AEC environment (with its encoder)."""

from __future__ import annotations

import random

import pytest

from egonb.agents import AGENTS, ISMCTSAgent, MonteCarloAgent
from egonb.check import check_agent
from egonb.games.diverse_city import Config, HeuristicAgent
from egonb.play import play
from egonb.tournament import tournament


def test_play_records_a_diverse_city_game_won_by_the_highest_total() -> None:
    record = play([HeuristicAgent(), AGENTS["random"](), AGENTS["random"]()], Config(players=3), seed=1)
    assert record.finished and record.fault is None
    assert max(record.totals) >= 50 and record.totals[record.winners[0]] == max(record.totals)
    assert record.ranks[record.winners[0]] == 1.0 and record.names[0] == "dc-heuristic"
    assert record.transcript[0].startswith("[ U1] Round 1 begins")
    again = play([HeuristicAgent(), AGENTS["random"](), AGENTS["random"]()], Config(players=3), seed=1)
    assert again.actions == record.actions


def test_a_tournament_rotates_seats_and_the_heuristic_beats_random() -> None:
    result = tournament({"heuristic": HeuristicAgent(), "random": AGENTS["random"]()}, Config(players=2), games=5,
                        seed=3, workers=1, progress=False)
    rows = {row.agent: row for row in result.rows()}
    assert rows["heuristic"].games == rows["random"].games == 10 and rows["heuristic"].faults == 0
    assert rows["heuristic"].win_rate > rows["random"].win_rate


def test_check_agent_passes_the_heuristic_and_the_random_agent() -> None:
    for agent in (HeuristicAgent(), AGENTS["random"]()):
        report = check_agent(agent, Config(players=3), games=3)
        assert report.ok, report
        assert set(report.possible) == set(Config().decisions)


@pytest.mark.parametrize("agent", [MonteCarloAgent(simulations=6), ISMCTSAgent(iterations=6)], ids=lambda a: a.name)
def test_the_search_agents_play_diverse_city(agent) -> None:
    assert check_agent(agent, Config(players=2), games=1).ok
    record = play([agent, HeuristicAgent()], Config(players=2), seed=4)
    assert record.finished and record.fault is None


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")
def test_the_aec_environment_passes_pettingzoos_api_and_seed_tests() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from egonb.envs.aec import EgonbAEC

    env = EgonbAEC(rules=Config(players=3))
    env.reset(seed=3)
    env.action_space("player_0").seed(3)
    env.observation_space("player_0").seed(3)
    api_test(env, num_cycles=100)
    seed_test(lambda: EgonbAEC(rules=Config(players=4)), num_cycles=50)
    env = EgonbAEC(rules=Config(players=2))
    env.reset(seed=1)
    rng = random.Random(1)
    for _ in env.agent_iter():
        observation, reward, done, cut, info = env.last()
        legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
        env.step(None if done or cut else rng.choice(legal))
    assert env.game is not None and env.game.is_over
