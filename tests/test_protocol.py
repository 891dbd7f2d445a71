"""The toolkit plays a second game, `highcard.HighCard`, through the game protocol alone: `play`, `tournament` (a
process pool), `check_agent`, the search agents and the PettingZoo environment, none of them changed for it."""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from highcard import SWAP, Game, HighCard, keeps_high

from egonb import Rules, protocol
from egonb.agents import AGENTS, ISMCTSAgent, MonteCarloAgent
from egonb.check import check_agent
from egonb.play import play
from egonb.tournament import tournament


class Plain(HighCard):
    """High card, registered with a game that supplies no encoder."""


class PlainGame:
    new_state = Game.new_state
    sample_state = Game.sample_state


protocol.register(Plain, PlainGame())


def test_play_records_the_games_own_ranks_and_transcript() -> None:
    """Who wins belongs to the game: here the highest card, the opposite of Egocentric World's lowest total (E2)."""
    record = play({"keeper": keeps_high, "random": AGENTS["random"](), "swapper": lambda v: SWAP}, HighCard(3), seed=5)
    assert record.finished and record.fault is None and len(record.actions) == 3
    cards = record.totals
    assert record.ranks == protocol.rank_by(cards, higher_wins=True)
    assert set(record.winners) == {seat for seat, card in enumerate(cards) if card == max(cards)}
    assert record.ranks[record.winners[0]] < 2 and record.actions[2] == SWAP.id
    assert record.names == ("keeper", "random", "swapper")
    assert record.transcript[0] in ("keeper keeps", "keeper swaps"), "the game's texts name the table's agents"
    assert record.transcript[-3:] == [f"{name} shows {card}" for name, card in zip(record.names, cards)]
    assert play([keeps_high, keeps_high, keeps_high], HighCard(3), seed=5).totals == play(
        [keeps_high, keeps_high, keeps_high], HighCard(3), seed=5).totals, "the same seed deals the same game"


def test_ranks_of_egocentric_world_still_put_the_lowest_total_first() -> None:
    record = play([AGENTS["greedy"](), AGENTS["random"]()], Rules(players=2), seed=2)
    assert record.finished and record.ranks == protocol.rank_by(record.totals, higher_wins=False)


def test_a_tournament_in_a_process_pool_plays_the_second_game_as_in_one_process() -> None:
    agents = {"keeper": keeps_high, "random": AGENTS["random"]()}
    pooled = tournament(agents, HighCard(2), games=6, seed=3, workers=2, progress=False)
    here = tournament(agents, HighCard(2), games=6, seed=3, workers=1, progress=False)
    assert [r.actions for r in pooled.records] == [r.actions for r in here.records]
    assert [r.ranks for r in pooled.records] == [r.ranks for r in here.records]
    rows = {row.agent: row for row in pooled.rows()}
    assert rows["keeper"].games == rows["random"].games == 12 and rows["keeper"].faults == 0
    wins = sum(1 for s, r in zip(pooled.schedule, pooled.records) for seat in r.winners if s.order[seat] == 0)
    assert rows["keeper"].win_rate == pytest.approx(wins / 12)


def always_swaps(view):
    return SWAP


def test_a_tournament_ranks_by_the_games_returns_not_by_lowest_total() -> None:
    """The higher card wins here: the agent that keeps its high cards comes first, by its mean return."""
    result = tournament({"swapper": always_swaps, "keeper": keeps_high}, HighCard(2), games=30, seed=2, workers=1,
                        progress=False)
    mean_return = {name: sum(rec.returns[seat] for s, rec in zip(result.schedule, result.records)
                             for seat, agent in enumerate(s.order) if result.names[agent] == name) / 60
                   for name in result.names}
    assert mean_return["keeper"] > mean_return["swapper"]
    assert [row.agent for row in result.rows()] == ["keeper", "swapper"]


def test_a_fresh_worker_registers_the_game_by_unpickling_its_config() -> None:
    """A worker that starts afresh (spawn: macOS, Windows) knows no game until it unpickles the config, whose class
    lives in `highcard`: importing it there registers the game."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        result = tournament([keeps_high, AGENTS["random"]()], HighCard(2), games=2, seed=1, executor=pool,
                            progress=False)
    assert all(r.finished for r in result.records)


def test_check_agent_checks_an_agent_for_the_second_game() -> None:
    report = check_agent(keeps_high, HighCard(3), games=4)
    assert report.ok and report.asked == {"keep_or_swap": 4} and report.possible == ("keep_or_swap",), report
    bad = check_agent(lambda view: 7, HighCard(2), games=2)
    assert len(bad.illegal) == 2 and "7 is not allowed now" in bad.illegal[0] and not bad.ok


@pytest.mark.parametrize("agent", [MonteCarloAgent(simulations=40), ISMCTSAgent(iterations=40)],
                         ids=lambda a: a.name)
def test_the_search_agents_play_any_game_and_stay_deterministic(agent) -> None:
    """Without the game's hints they sample whole worlds (`Game.sample_state`), play out at random and score by
    `returns()`: enough to keep a high card."""
    assert check_agent(agent, HighCard(2), games=4).ok
    agent.reset(0, random.Random(0))
    keep = protocol.new_state(HighCard(2), 0).view(0)
    assert agent.act(type(keep)(keep.rules, 0, 0, 13)).id == 0, "a 13 cannot be beaten: keep it"
    assert agent.act(type(keep)(keep.rules, 0, 0, 1)).id == SWAP.id, "a 1 cannot lose more: swap it"


@pytest.mark.parametrize("name", ["greedy", "citybot-style"])
def test_egocentric_world_agents_refuse_another_games_view(name) -> None:
    view = protocol.new_state(HighCard(2), 0).view(0)
    with pytest.raises(TypeError, match=f"the {name} agent plays Egocentric World only, got a view of another game"):
        AGENTS[name]().act(view)


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")
def test_the_aec_environment_plays_any_game_with_an_encoder() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from egonb.envs.aec import EgonbAEC

    env = EgonbAEC(rules=HighCard(3))
    env.reset(seed=3)  # the deals of the test's resets without a seed follow from this one
    env.action_space("player_0").seed(3)  # one space object for every agent: its random actions too
    env.observation_space("player_0").seed(3)
    api_test(env, num_cycles=20)
    env = EgonbAEC(rules=HighCard(2), render_mode="ansi")
    env.reset(seed=1)
    final = {}
    for agent in env.agent_iter():
        observation, reward, done, cut, info = env.last()
        if done or cut:
            final[agent] = reward
        env.step(None if done or cut else 0)  # both keep their cards
    cards = env.game.totals  # type: ignore[union-attr]
    assert final == {f"player_{seat}": 1.0 if card == max(cards) else -1.0 for seat, card in enumerate(cards)}
    assert str(env.render()).splitlines()[-2:] == [f"P{seat + 1} shows {card}" for seat, card in enumerate(cards)]


def test_a_game_without_an_encoder_has_no_environment() -> None:
    pytest.importorskip("pettingzoo")
    from egonb.envs.aec import EgonbAEC

    with pytest.raises(TypeError, match="Plain games supply no observation encoder"):
        EgonbAEC(rules=Plain(2))


def test_anything_but_a_registered_configuration_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match=r"rules must be a game configuration \(.*HighCard.*Rules.*got str"):
        play([keeps_high], "high card")
