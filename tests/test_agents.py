"""The agent ladder: legal play from views only, determinism, hidden information, and strength order."""

from __future__ import annotations

import random

import pytest

from egonb import GameError, GameState, Rules, new_game
from egonb.agents import (
    AGENTS,
    CitybotStyleAgent,
    FunctionAgent,
    GreedyAgent,
    ISMCTSAgent,
    MonteCarloAgent,
    as_agent,
)
from egonb.games.egocentric_world.actions import MATCH, STOP, TAKE
from egonb.games.egocentric_world.agents import unseen_and_mean
from egonb.games.egocentric_world.search import guess_score, useful, values
from egonb.games.egocentric_world.worlds import state_from_view, unseen_cards
from egonb.play import play
from egonb.tournament import tournament

FAST = {"ismcts": {"iterations": 30}, "monte-carlo": {"simulations": 30}}


def make(name: str):
    return AGENTS[name](**FAST.get(name, {}))


@pytest.mark.parametrize("name", list(AGENTS))
@pytest.mark.parametrize("rules", [Rules.solo_game(3, full_game=False), Rules(players=2), Rules(players=5)],
                         ids=["solo", "2p", "5p"])
def test_every_agent_plays_legal_moves_and_repeats_itself(name: str, rules: Rules) -> None:
    seats = len(rules.agent_seats)
    records = [play([make(name) for _ in range(seats)], rules, seed=4, transcript=False) for _ in range(2)]
    assert records[0].fault is None and records[0].finished
    assert records[0].actions == records[1].actions, "same seed and same agent RNG seeds: same game"


def test_agents_receive_views_only() -> None:
    seen = []

    def spy(view):
        seen.append(type(view).__name__)
        return view.legal_actions[0]

    play([spy, spy, spy], Rules(players=3), seed=1, transcript=False)
    assert seen and set(seen) == {"View"}


def test_as_agent_wraps_functions_and_refuses_other_things() -> None:
    assert isinstance(as_agent(len), FunctionAgent)
    agent = make("greedy")
    assert as_agent(agent) is agent
    with pytest.raises(TypeError):
        as_agent(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is a class"):  # AGENTS holds classes; a class has act() too
        as_agent(AGENTS["greedy"])


class OnlyAct:
    def act(self, view):
        return view.legal_actions[0]


class OnlyReset:
    def reset(self, seat, rng):
        pass


def test_half_an_agent_is_told_what_is_missing() -> None:
    with pytest.raises(TypeError, match=r"OnlyAct has act\(\) but no reset\(seat, rng\)"):
        as_agent(OnlyAct())
    with pytest.raises(TypeError, match=r"OnlyReset has reset\(\) but no act\(view\)"):
        play([OnlyReset()], Rules.solo_game(1))


@pytest.mark.parametrize("margin", ["x", None, float("nan"), -1])
@pytest.mark.parametrize("cls", [GreedyAgent, CitybotStyleAgent])
def test_greedy_and_citybot_style_refuse_a_margin_that_is_not_a_number(cls, margin) -> None:
    with pytest.raises((TypeError, ValueError), match="margin must be a"):
        cls(margin=margin)
    assert cls(margin=0).margin == 0


def test_greedy_says_stop_when_clearly_lowest_and_only_then() -> None:
    """T5: a total of 13 against two hands of five unknown cards (about 32 each) is clearly lowest; a total of
    33 is not, and greedy plays on (here T3, matching the 11 on the discard pile)."""
    rules = Rules(players=3)
    low = GameState.from_position(
        rules, hands=[[1, 2, 10], [6, 7, 8, 9, 10], [3, 5, 6, 7, 8]], discard=[4], deck=[], rest="deck")
    high = GameState.from_position(
        rules, hands=[[11, 12, 10], [6, 7, 8, 9, 10], [3, 5, 6, 7, 8]], discard=[11], deck=[], rest="deck")
    greedy = GreedyAgent()
    assert greedy.act(low.view(0)) == STOP
    assert greedy.act(high.view(0)) == MATCH[11]
    assert GreedyAgent(margin=40).act(low.view(0)) != STOP, "the margin is the safety it asks for"


def test_greedy_says_stop_when_nothing_is_left_to_gain() -> None:
    """T5: with 1, 2, 3 against two one-card hands (about 6.5 each) greedy is not clearly lowest, but a draw
    would gain a point or two only on a 1 or a 2: it stops rather than draw and discard for ever."""
    g = GameState.from_position(Rules(players=3), hands=[[1, 2, 3], [6], [7]], discard=[12], deck=[], rest="deck")
    assert not GreedyAgent().clearly_lowest(g.view(0), unseen_and_mean(g.view(0))[1])
    assert GreedyAgent().act(g.view(0)) == STOP


def test_a_table_of_greedy_agents_finishes_its_games() -> None:
    """E2: without STOP a greedy round only ended when a hand emptied (T6), and 5- or 6-player tables ran into
    the 3,000-decision cap; with it every game ends, in about a hundred decisions on average."""
    for players in (5, 6):
        records = [play([GreedyAgent() for _ in range(players)], Rules(players=players, full_game=True), seed=s,
                        transcript=False) for s in range(40)]
        assert all(r.finished for r in records)
        assert sum(len(r.actions) for r in records) / len(records) < 300


@pytest.mark.parametrize("name", list(AGENTS))
def test_an_agent_asked_out_of_turn_says_so(name: str) -> None:
    game = new_game(Rules(players=2), 1)
    waiting = game.view(1 - game.current_player)
    agent = make(name)
    with pytest.raises(GameError, match="decides now: an agent only acts for the player who must decide"):
        agent.act(waiting)
    if isinstance(agent, MonteCarloAgent):
        with pytest.raises(GameError, match="decides now"):
            agent.evaluate(waiting)


@pytest.mark.parametrize("budget", [0, -5, 2.5, True, "400"])
def test_search_agents_refuse_a_budget_that_is_not_a_positive_count(budget) -> None:
    with pytest.raises((ValueError, TypeError), match="simulations must be a whole number"):
        MonteCarloAgent(simulations=budget)
    with pytest.raises((ValueError, TypeError), match="iterations must be a whole number"):
        ISMCTSAgent(iterations=budget)
    with pytest.raises(ValueError, match="exploration"):
        ISMCTSAgent(exploration=-0.3)


@pytest.mark.parametrize("rules", [Rules.solo_game(2), Rules(players=4)], ids=["solo", "4p"])
def test_a_sampled_state_shows_the_same_view_at_every_decision(rules: Rules) -> None:
    """Every kind of decision (T1 keep/discard, abilities, A9 shields, A11 choices) is rebuilt exactly."""
    rng = random.Random(0)
    phases = set()
    for seed in range(6):
        g = new_game(rules, seed)
        while not g.is_over:
            view = g.view(g.current_player)
            sample = state_from_view(view, random.Random(rng.random()))
            assert sample.view(view.player) == view
            act = rng.choice(g.legal_actions())
            sample.apply(act)  # the sample accepts the same move
            g.apply(act)
            phases.add(view.decision)
    assert phases >= {"action", "keep_or_discard", "ability", "shield"}
    if rules.variant != "solo":
        assert "two_cards_choice" in phases


def test_sampling_depends_only_on_the_view_not_on_hidden_cards() -> None:
    """ARCHITECTURE.md, "Information": two games that differ only in cards seat 0 cannot see give the same samples."""
    rules = Rules(players=3)
    a = GameState.from_position(
        rules, hands=[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 1, 2, 3]], discard=[4], deck=[], rest="deck")
    b = GameState.from_position(
        rules, hands=[[1, 2, 3, 4, 5], [11, 12, 1, 2, 3], [6, 7, 8, 9, 10]], discard=[4], deck=[], rest="deck")
    va, vb = a.view(0), b.view(0)
    assert va == vb
    sa, sb = state_from_view(va, random.Random(5)), state_from_view(vb, random.Random(5))
    assert sa.hands == sb.hands and sa.deck == sb.deck
    assert sorted(unseen_cards(va)) == sorted(a.deck + a.hands[1] + a.hands[2])


def test_determinization_really_redeals_hidden_cards() -> None:
    view = new_game(Rules.solo_game(1), 3).view(0)
    piles = {tuple(state_from_view(view, random.Random(s)).piles[1]) for s in range(20)}
    assert len(piles) > 10


def test_search_skips_moves_that_cannot_help() -> None:
    """T2 in place of a lower or equal card only worsens the hand (or replays an Hourglass forever)."""
    legal = [STOP, TAKE[12], TAKE[3], TAKE[11], MATCH[12]]
    assert useful(legal, (3, 11, 12), 11, 0) == [STOP, TAKE[12], MATCH[12]]
    assert useful([TAKE[3]], (3,), 11, 0) == [TAKE[3]], "never prune every legal action"


def test_guess_score_counts_the_sm2_removal() -> None:
    assert guess_score([3, 12], 0, 3) == 3  # difficulty 3 removes the highest card (SM2)
    assert guess_score([3, 12], 0, 2) == 12  # difficulty 2 removes the lowest
    assert guess_score([3, 12], 0, 1) == 15


@pytest.mark.parametrize("agent", [MonteCarloAgent(simulations=40), ISMCTSAgent(iterations=60)],
                         ids=["monte-carlo", "ismcts"])
def test_search_agents_empty_their_hand_when_they_can(agent) -> None:
    """T3 + T6: matching the last card ends the round at once with 0 points; anything else loses
    to opponents holding 1 + 1 and 2 + 1."""
    rules = Rules(players=3)
    g = GameState.from_position(rules, hands=[[7], [1, 1], [2, 1]], discard=[7], deck=[], rest="deck")
    agent.reset(0, random.Random(1))
    assert agent.act(g.view(0)) == MATCH[7]


def test_the_ladder_beats_random() -> None:
    """Greedy and the Citybot-style agent finish one-round solo games far lower than random (E1)."""
    agents = {name: make(name) for name in ("random", "greedy", "citybot-style")}
    rows = {r.agent: r for r in tournament(agents, Rules.solo_game(1, full_game=False), games=60,
                                           workers=1, progress=False).rows()}
    assert rows["greedy"].mean_score + 5 < rows["random"].mean_score
    assert rows["citybot-style"].mean_score + 5 < rows["random"].mean_score


def test_a_rollout_cut_off_mid_round_is_valued_by_the_hands_it_holds() -> None:
    s = new_game(Rules(players=3, full_game=True), 5)
    s.hands = [[1, 1, 2], [9, 10, 11, 12], [8, 8, 9, 12]]  # nobody has scored yet (E1): totals are all 0
    assert s.current is not None and s.totals == [0, 0, 0]
    mine, left, right = values(s, full_game=True)
    assert mine > 0 > left and right < 0, "the lowest hand is ahead, not a draw"


@pytest.mark.parametrize("agent", [MonteCarloAgent(simulations=24), ISMCTSAgent(iterations=24)], ids=["mc", "ismcts"])
def test_search_agents_invent_every_world_through_sample(agent) -> None:
    """`SearchAgent.sample` is the hook (chapter 22): a subclass that deals one fixed world is searched on it."""
    game = new_game(Rules.solo_game(1), 3)
    view = game.view(0)
    world = state_from_view(view, random.Random(1), one_round=True)
    calls = []

    def fixed(v):
        calls.append(v)
        return world.clone()

    agent.sample = fixed
    agent.reset(0, random.Random(0))
    agent.act(view)
    assert calls and all(v == view for v in calls), "every world came from sample(view)"


@pytest.mark.parametrize("cls", [MonteCarloAgent, ISMCTSAgent], ids=["mc", "ismcts"])
def test_search_agents_play_every_rollout_through_their_rollout_method(cls) -> None:
    """`SearchAgent.rollout` is the other hook (chapter 22): a subclass's policy plays every simulated decision.
    This one always says STOP (T5) when it may, so every rollout's round ends with a STOP."""
    stops = []

    class Stopper(cls):
        def rollout(self, world):
            if STOP in world.legal_actions():
                stops.append(world.current)
                return STOP
            return super().rollout(world)

    agent = Stopper(24)
    agent.reset(0, random.Random(0))
    view = new_game(Rules.solo_game(1), 3).view(0)
    assert agent.act(view) in view.legal_actions
    assert stops and set(stops) == {0}, "only you decide in a solo rollout; the Citybots play their own turns"


def test_an_unknown_built_in_name_lists_the_names_there_are() -> None:
    with pytest.raises(KeyError, match="no built-in agent named 'mcts'; AGENTS has 'random', 'greedy'"):
        AGENTS["mcts"]
    assert AGENTS.get("mcts") is None and AGENTS["greedy"] is GreedyAgent  # otherwise a plain dict
