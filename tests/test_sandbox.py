"""egonb.sandbox: an agent file plays in a process of its own that receives nothing but its seat's views (as plain
data, rebuilt into the same View classes) and its generator's state, and plays exactly the games it plays in process.
Loading is checked in such a process too, with a deadline. (Hostile files: test_hostile_files.py.)"""

from __future__ import annotations

import json
import os
import pickle
import random
import re
from pathlib import Path

import pytest

from egonb import protocol
from egonb.agentfile import load, load_agent
from egonb.agents import AGENTS
from egonb.games.diverse_city import Config
from egonb.games.egocentric_world.rules import Rules
from egonb.play import play
from egonb.sandbox import IsolatedAgent, Limits, builtin, close_servers, isolated, load_files
from egonb.sandbox.wire import WireError, decode, encode
from egonb.tournament import tournament

ROOT = Path(__file__).resolve().parent.parent
SKELETON = ROOT / "assignments" / "beat-greedy" / "agent.py"  # draws every move from its rng
GOOD = ROOT / "tests" / "ladder_agents" / "good.py"


@pytest.fixture(autouse=True)
def _no_servers_left():
    yield
    close_servers()


def views_of_random_games(rules, seeds: range):
    """Every seat's view at every decision of random games: hidden cards, Citybots, ability choices included."""
    for seed in seeds:
        game = protocol.new_state(rules, seed)
        rng = random.Random(seed)
        while not game.is_over:
            for seat in range(rules.players):
                yield game.view(seat)
            game.apply(rng.choice(game.view(game.current_player).legal_actions))


@pytest.mark.parametrize("rules", [Rules.solo_game(3, full_game=True), Rules(players=4), Config(players=3)],
                         ids=["solo", "multiplayer", "diverse-city"])
def test_a_view_crosses_as_plain_json_and_comes_back_the_same(rules) -> None:
    for view in views_of_random_games(rules, range(3)):
        back = decode(json.loads(json.dumps(encode(view))))
        assert back == view and type(back) is type(view)
        assert type(back.rules) is type(view.rules) and all(type(a) is type(view.legal_actions[0])
                                                            for a in back.legal_actions)


@pytest.mark.parametrize("data", [{"@": "egonb.games.egocentric_world.state.GameState", "f": {}},
                                  {"@": "os.system", "v": ["ls"]}, {"deck": [1, 2]},
                                  {"@": "egonb.games.egocentric_world.rules.Rules", "f": {"players": "many"}}])
def test_only_egonb_values_of_the_allow_list_are_rebuilt(data) -> None:
    with pytest.raises((WireError, ValueError)):
        decode(data)


def test_a_game_state_cannot_be_sent() -> None:
    with pytest.raises(WireError, match="GameState cannot cross"):
        encode(protocol.new_state(Rules(players=2), 0))


@pytest.mark.parametrize("rules", [Rules.solo_game(2, full_game=True), Rules(players=2, full_game=True)],
                         ids=["solo", "duel"])
def test_an_isolated_agent_plays_the_games_it_plays_in_process(rules) -> None:
    agent = isolated(SKELETON)
    _, here = load_agent(SKELETON)
    others = [] if len(rules.agent_seats) == 1 else [AGENTS["greedy"]()]
    for seed in range(3):
        rngs = [random.Random(f"same:{seed}:{i}") for i in range(len(rules.agent_seats))]
        apart = play([agent, *others], rules, seed, rngs=rngs, time_limit=30)
        rngs = [random.Random(f"same:{seed}:{i}") for i in range(len(rules.agent_seats))]
        together = play([here, *others], rules, seed, rngs=rngs, time_limit=30)
        assert apart.fault is None and apart.actions == together.actions and apart.totals == together.totals


def test_only_the_seats_view_and_its_generator_cross(tmp_path, monkeypatch) -> None:
    """Everything sent to the agent's processes, replayed: the file and its limits, then per game its seat and the
    generator's state, then exactly the seat's views (`game.view(seat)`, which hide the Citybots' piles, the deck
    and the other hands, docs/RULES.md SM4); back come only its name and its moves."""
    monkeypatch.setenv("EGONB_SANDBOX_TAP", str(tmp_path))
    rules = Rules.solo_game(3, full_game=False)
    agent = isolated(SKELETON)
    records = [play([agent], rules, seed, rngs=[random.Random(seed)], time_limit=30) for seed in range(3)]
    messages = [json.loads(line) for line in (tmp_path / f"{os.getpid()}.jsonl").read_text().splitlines()]
    sent = [m for m in messages if m["direction"] == "send"]
    expected = []
    for seed, record in zip(range(3), records):
        game = protocol.new_state(rules, seed)
        expected.append({"reset": [0, encode(random.Random(seed).getstate())]})
        for action in record.actions:
            expected.append({"act": encode(game.view(0))})
            game.apply(action)
    assert [m["message"] for m in sent if m["channel"] == "game"] == json.loads(json.dumps(expected))
    control = [m["message"] for m in sent if m["channel"] == "control"]
    assert {key for m in control for key in m} == {"source", "filename", "memory_mb", "fork", "end"}
    received = [m["message"] for m in messages if m["direction"] == "receive"]
    assert {key for m in received for key in m} <= {"loaded", "forked", "ended", "died", "status", "done",
                                                               "move"}
    text = json.dumps(messages)
    assert '"piles"' not in text and '"deck"' not in text and '"hands"' not in text


def test_an_isolated_agent_is_small_plain_and_picklable() -> None:
    agent = isolated(GOOD)
    play([agent, AGENTS["greedy"]()], Rules(players=2), 0, time_limit=30)
    data = pickle.dumps(agent)
    assert len(data) < len(GOOD.read_text()) + 1000
    twin = pickle.loads(data)
    assert isinstance(twin, IsolatedAgent) and twin.name == "careful" and twin.source == GOOD.read_text()
    assert play([twin, AGENTS["greedy"]()], Rules(players=2), 0).actions == \
        play([agent, AGENTS["greedy"]()], Rules(players=2), 0).actions


def test_play_and_tournament_take_the_path_of_an_agent_file() -> None:
    record = play([str(GOOD), AGENTS["greedy"]()], Rules(players=2), 0, time_limit=30)
    assert record.names == ("careful", "greedy") and record.fault is None
    result = tournament({"careful": GOOD, "greedy": AGENTS["greedy"]()}, Rules(players=2), games=2, workers=1,
                        progress=False, time_limit=30)
    assert result.faults() == [] and len(result.records) == 4


def test_a_built_in_agent_can_be_isolated_too() -> None:
    apart = play([builtin("diverse-city", "dc-heuristic"), builtin("diverse-city", "random")], Config(players=2), 1,
                 time_limit=30)
    together = play([_dc("dc-heuristic"), _dc("random")], Config(players=2), 1)
    assert apart.fault is None and apart.actions == together.actions


def _dc(name: str) -> object:
    from egonb.classroom import class_game

    return class_game("diverse-city").agent(name)


@pytest.mark.parametrize("body, says", [
    ("def agent(view)\n    return 0\n", "cannot be loaded: SyntaxError: expected ':' (line 1)"),
    ("import nothing_of_that_name\n", "cannot be loaded: ModuleNotFoundError: No module named 'nothing_of_that_name' "
                                      "(line 1: import nothing_of_that_name)"),
    ("X = 1\n", "defines no agent"),
    ("class A:\n    def act(self, view):\n        return 0\n\nagent = A\n", "has act() but no reset(seat, rng)"),
])
def test_a_file_that_defines_no_agent_is_refused_as_agentfile_says(tmp_path, body, says) -> None:
    path = tmp_path / "student.py"
    path.write_text(body)
    (entry,) = load_files([path])
    assert entry.agent is None and says in entry.error
    if "reset" not in says:
        assert entry.error == load(path).error


@pytest.mark.parametrize("body, says", [
    ("import os\n\nos._exit(3)\n", re.escape("its process ended while loading the file (exit code 3)")),
    # The line named is where the loop was when it was stopped: either line of the loop.
    ("while True:\n    pass\n", re.escape("loading did not end within 1 s (an endless loop, or a slow import?) ")
                                 + r"\((line 1: while True:|line 2: pass)\)"),
])
def test_a_file_whose_loading_ends_its_process_or_never_ends_is_refused(tmp_path, body, says) -> None:
    path = tmp_path / "student.py"
    path.write_text(body)
    (entry,) = load_files([path], Limits(load_seconds=1))
    assert entry.agent is None and re.fullmatch(f"cannot be loaded: {says}", entry.error or "")
