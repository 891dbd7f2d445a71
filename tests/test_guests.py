"""Your own agents at the page's table (egonb/app/guests.py): `egonb play --opponent` and `play_against`. An agent
file plays an AI seat from that seat's view in a process of its own; its faults (a file that gives no agent, an
exception, an illegal move, a hang) are told on the page in plain words and the seat goes to the built-in AI player
for the rest of the game, which goes on."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

import egonb
from egonb.app.guests import ENV_AGENTS, ENV_SECONDS, Guests, play_against
from egonb.app.serve import _opponents
from egonb.app.serve import main as serve_main
from egonb.games.diverse_city.session import DCSession
from egonb.games.egocentric_world.session import GameSession
from egonb.games.egocentric_world.state import GameState
from egonb.sandbox import close_servers

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "tests" / "ladder_agents" / "good.py"
HANGS = ROOT / "tests" / "ladder_agents" / "hangs.py"
RAISES = ROOT / "tests" / "ladder_agents" / "crashes.py"
CITY = ROOT / "tests" / "dc_agents" / "city_planner.py"
LAST = '"""Plays the last action it is offered."""\n\nNAME = "last-one"\n\n\ndef agent(view):\n' \
       '    return view.legal_actions[-1]\n'
MULTIPLAYER = {"game": "multiplayer", "opponents": 2, "strength": "Greedy"}


@pytest.fixture(autouse=True)
def _no_servers_left():
    yield
    close_servers()


class Page:
    """What a session sends its page: every note of the log, in order, from the frames it is sent."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def update(self, changes: dict[str, Any]) -> None:
        for frame in changes.get("feed", {}).get("frames", []):
            self.lines += frame["events"]

    @property
    def notes(self) -> list[str]:
        return [line["text"] for line in self.lines if line["kind"] == "note"]

    @property
    def faults(self) -> list[str]:
        return [line["text"] for line in self.lines if line["kind"] == "note" and line.get("error")]


def ew_session(page: Page, *agents: object, time_limit: float = 30.0) -> GameSession:
    return GameSession(seed=3, pace_ms=0, update=page.update, choice=MULTIPLAYER,
                       guests=Guests(list(agents), time_limit=time_limit))


def play_on(session: Any, decisions: int) -> None:
    """You play the first action offered, `decisions` times (or until the game ends); the AI seats play between."""
    for _ in range(decisions):
        if session.game.is_over:
            return
        assert session.game.current_player == 0  # the AI seats never leave the game waiting
        assert session.act(session.token, session.game.legal_actions()[0].id)


def test_an_agent_file_plays_its_seat_from_its_own_process(tmp_path, monkeypatch) -> None:
    agent = tmp_path / "last.py"
    agent.write_text(LAST)
    moves: list[tuple[int, int, int]] = []
    apply = GameState.apply

    def watched(game: GameState, action: Any, player: Any = None, **kw: Any) -> Any:
        if player is not None and player != 0:
            moves.append((player, getattr(action, "id", action), game.view(player).legal_actions[-1].id))
        return apply(game, action, player=player, **kw)

    monkeypatch.setattr(GameState, "apply", watched)
    page = Page()
    session = ew_session(page, agent)
    play_on(session, 30)
    assert page.notes[1] == "Ada is played by your agent last-one (last.py), in a process of its own that receives " \
                            "only Ada's view."
    assert page.faults == []
    ada = [m for m in moves if m[0] == 1]
    ben = [m for m in moves if m[0] == 2]
    assert len(ada) >= 10 and all(action == last for _, action, last in ada)  # the file's choice, every time
    assert any(action != last for _, action, last in ben)  # Ben is the page's Greedy AI player


def test_a_file_with_a_syntax_error_is_told_and_its_seat_plays_the_built_in(tmp_path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def agent(view)\n    return view.legal_actions[0]\n")
    page = Page()
    session = ew_session(page, broken)
    assert page.faults == ["broken cannot play Ada: cannot be loaded: SyntaxError: expected ':' (line 1). Ada is "
                           "played by the built-in Greedy in this game."]
    play_on(session, 30)
    assert len(page.faults) == 1  # the game went on, Ada played by Greedy
    assert sum(line["player"] == 1 for line in page.lines) > 5


def test_a_hanging_agent_is_stopped_at_the_time_limit_and_the_game_goes_on() -> None:
    page = Page()
    session = ew_session(page, HANGS, time_limit=1)
    play_on(session, 20)
    assert page.faults[0] == ("hangs did not answer in time as Ada (1 s a move), so it was stopped. Ada is played by "
                              "the built-in Greedy for the rest of this game.")
    assert page.faults[1:] == ["Where in hangs: hangs.py:8 in agent: time.sleep(0.05)"]  # where it hung
    fault = next(i for i, line in enumerate(page.lines) if line.get("error"))
    # told where it happened: before the first move the built-in made in Ada's place
    assert page.lines[fault + 2]["player"] == 1 and sum(line["player"] == 1 for line in page.lines) > 5
    assert not session.guests.seats[0].agent._game  # its process was killed
    session.new_game()  # a new game gives the agent its seat again (and it hangs again)
    assert page.faults[-2].startswith("hangs did not answer in time as Ada (1 s a move)")


def test_an_exception_is_told_with_where_it_happened() -> None:
    page = Page()
    session = ew_session(page, RAISES)
    play_on(session, 10)
    assert page.faults[0] == ("crashes raised an error as Ada: RuntimeError: my bug. Ada is played by the built-in "
                              "Greedy for the rest of this game.")
    assert page.faults[1] == 'Where in crashes: crashes.py:5 in agent: raise RuntimeError("my bug")'


def test_an_agent_function_in_this_process_that_makes_an_illegal_move_is_told() -> None:
    def wild(view):
        return 999

    page = Page()
    session = ew_session(page, "random", wild)
    play_on(session, 20)
    assert page.notes[1:3] == ["Ada is played by random, in this Python process.",
                               "Ben is played by wild, in this Python process."]
    assert page.faults == ["wild made a move the rules do not allow as Ben: 999 is not one of view.legal_actions "
                           "(an Action, or its id). Ben is played by the built-in Greedy for the rest of this game."]


def test_diverse_city_seats_an_agent_file_and_survives_a_broken_one(tmp_path) -> None:
    broken = tmp_path / "nothing.py"
    broken.write_text("X = 1\n")
    page = Page()
    session = DCSession(opponents=2, seed=4, pace_ms=0, update=page.update, guests=Guests([CITY, broken],
                                                                                          "diverse-city", 30))
    assert page.notes[1].startswith("Player 2 is played by your agent city-planner (city_planner.py)")
    assert len(page.faults) == 1 and page.faults[0].startswith("nothing cannot play Player 3: defines no agent")
    assert page.faults[0].endswith("Player 3 is played by the built-in Heuristic (quick) in this game.")
    for _ in range(30):
        if session.game.is_over:
            break
        assert session.act(session.token, session.game.legal_actions()[0].id)
    assert len(page.faults) == 1 and sum(line["player"] == 1 for line in page.lines) > 10


def test_bad_guests_are_refused_before_any_game() -> None:
    with pytest.raises(FileNotFoundError, match="no agent file"):
        Guests(["nowhere.py"])
    with pytest.raises(ValueError, match="no built-in agent 'nobody'"):
        Guests(["nobody"])
    with pytest.raises(ValueError, match="a list of agents"):
        Guests(str(GOOD))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="time_limit"):
        Guests([GOOD], time_limit=0)


def test_the_page_reads_the_agents_egonb_play_names(monkeypatch) -> None:
    monkeypatch.setenv(ENV_AGENTS, json.dumps([str(GOOD), "greedy"]))
    monkeypatch.setenv(ENV_SECONDS, "2.5")
    guests = Guests.from_env("egocentric-world")
    assert guests is not None and len(guests) == 2 and guests.time_limit == 2.5
    monkeypatch.delenv(ENV_AGENTS)
    assert Guests.from_env("egocentric-world") is None


def test_play_against_gives_the_table_with_your_agents() -> None:
    app = egonb.play_against(lambda view: view.legal_actions[0], "greedy", seed=1)
    assert app.session.game.rules.players == 3 and app.session.saves is None
    assert len(app.session.guests.seats) == 2
    city = play_against(str(CITY), game="diverse-city", seed=1)
    assert city.session.game.config.players == 2 and city.session.guests.seats[0].apart


def test_egonb_play_checks_the_agents_and_hands_them_to_the_page(tmp_path, capsys) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def agent(view)\n")
    env = _opponents(argparse.ArgumentParser(), [str(GOOD), str(broken), "greedy"], "egocentric-world", 3)
    assert json.loads(env[ENV_AGENTS]) == [str(GOOD), str(broken), "greedy"] and env[ENV_SECONDS] == "3.0"
    out = capsys.readouterr().out
    assert f"{GOOD}: plays as 'careful'" in out
    assert f"{broken}: cannot be loaded: SyntaxError" in out and "played by the page's AI player" in out


@pytest.mark.parametrize("args, says", [(["--opponent", "nowhere.py"], "no agent file 'nowhere.py'"),
                                        (["--opponent", "nobody"], "no built-in agent 'nobody'"),
                                        (["--opponent", "greedy"] * 6, "at most 5 agents"),
                                        (["--opponent", "greedy", "--time-limit", "-1"], "time_limit")])
def test_egonb_play_refuses_bad_opponents_before_serving(args, says, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        serve_main(args)
    assert stop.value.code == 2 and says in capsys.readouterr().err


def test_a_file_deleted_after_it_was_checked_is_told_and_its_seat_plays_the_built_in(tmp_path) -> None:
    gone = tmp_path / "gone.py"
    gone.write_text(LAST)
    guests = Guests([gone])
    gone.unlink()
    page = Page()
    GameSession(seed=3, pace_ms=0, update=page.update, choice=MULTIPLAYER, guests=guests)
    assert len(page.faults) == 1 and page.faults[0].startswith("gone cannot play Ada: its file cannot be read (")
