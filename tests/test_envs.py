"""Encoding and learning environments: the environments pass their libraries' own checkers (those tests
are skipped cleanly without the `rl` extra)."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from egonb import NUM_ACTIONS, GameError, Rules, View, new_game
from egonb.games.egocentric_world.actions import DRAW, KEEP, STOP
from egonb.games.egocentric_world.encoding import OBS_SIZE, PHASES, action_mask, encode
from egonb.play import MAX_DECISIONS


@pytest.fixture
def gym() -> None:
    pytest.importorskip("gymnasium")


@pytest.fixture
def pz() -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")


def test_import_egonb_stays_light() -> None:
    code = ("import sys, egonb, egonb.play, egonb.tournament, egonb.agents, egonb.games.egocentric_world.encoding, "
            "egonb.check; "
            "print(sorted(m for m in ('gymnasium', 'pettingzoo', 'matplotlib', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("rules", [Rules.solo_game(3), Rules(players=6)], ids=["solo", "6p"])
def test_encoding_has_a_fixed_size_and_the_mask_matches_the_legal_actions(rules) -> None:
    g = new_game(rules, 2)
    view = g.view(g.current_player)
    x, mask = encode(view), action_mask(view)
    assert x.shape == (OBS_SIZE,) and x.dtype == np.float32 and mask.shape == (NUM_ACTIONS,)
    assert set(np.flatnonzero(mask)) == {a.id for a in view.legal_actions}
    other = (g.current_player + 1) % g.n
    assert action_mask(g.view(other)).sum() == 0, "a player who does not decide has no legal action"


def test_encoding_ignores_hidden_cards() -> None:
    g = new_game(Rules(players=3), 8)
    before = encode(g.view(0))
    g.hands[1], g.hands[2] = g.hands[2], g.hands[1]
    assert np.array_equal(before, encode(g.view(0)))


def test_solo_env_passes_check_env(gym: None) -> None:
    from gymnasium.utils.env_checker import check_env

    from egonb.envs.solo import SoloEnv

    env = SoloEnv(difficulty=2)
    env.action_space.seed(2)  # the checker's random actions, the same every run
    check_env(env, skip_render_check=True)


def test_solo_env_made_by_name_passes_check_env_without_a_warning(gym: None) -> None:
    """What a student runs first: every warning of the checker, such as a missing render_fps, is a question."""
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import egonb.envs.solo  # noqa: F401 - importing registers the environment

    for render_mode in (None, "ansi"):
        env = gymnasium.make("egonb/Solo-v0", render_mode=render_mode).unwrapped
        env.action_space.seed(1)  # the checker's random actions, the same every run
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(env)


def test_solo_env_is_registered_and_gives_maskable_ppo_its_action_masks(gym: None) -> None:
    """Toolkits build environments by name (gym.make) and sb3-contrib's MaskablePPO calls `action_masks()`."""
    import gymnasium

    import egonb.envs.solo  # noqa: F401 - importing registers the environment

    env = gymnasium.make("egonb/Solo-v0", difficulty=3)
    assert env.unwrapped.rules.difficulty == 3
    obs, _ = env.reset(seed=4)
    pick = np.random.default_rng(4)
    for _ in range(40):
        masks = env.unwrapped.action_masks()
        assert masks.dtype == bool and (masks == obs["action_mask"].astype(bool)).all() and masks.any()
        obs, _, terminated, truncated, _ = env.step(int(pick.choice(np.flatnonzero(masks))))
        if terminated or truncated:
            assert not env.unwrapped.action_masks().any()  # nothing is legal once the episode is over
            obs, _ = env.reset()


def test_solo_env_plays_to_the_end_and_refuses_illegal_actions(gym: None) -> None:
    from egonb.envs.solo import SoloEnv

    env = SoloEnv(difficulty=1)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    done, reward = False, 0.0
    while not done:
        obs, reward, terminated, truncated, info = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        done = terminated or truncated
    assert reward in (1.0, -1.0) and "totals" in info
    with pytest.raises(GameError, match="reset"):
        env.step(0)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and "not allowed" in info["illegal"]
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    before = env.game.to_json()
    with pytest.raises(GameError, match="reset"):  # the episode ended: no move is taken after it
        env.step(legal)
    assert env.game.to_json() == before
    obs, _ = env.reset(seed=1)
    env.steps = MAX_DECISIONS - 1  # one step before the cap that stops endless games
    _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated and not terminated
    with pytest.raises(GameError, match="reset"):
        env.step(0)
    for garbage in ("draw", None, 2.5, 10**9, True):  # refused like any illegal action, never a raw exception
        env.reset(seed=1)
        _, reward, terminated, _, info = env.step(garbage)
        assert terminated and reward == -1.0 and info["illegal"]
    env.reset(seed=1)
    _, _, _, _, info = env.step(env.game.view(0).legal_actions[0])  # what a chapter-20 agent returns
    assert info["illegal"].endswith(": an environment takes ids, pass its .id"), info


def test_a_step_before_any_reset_says_no_episode_started(gym: None) -> None:
    from egonb.envs.solo import SoloEnv

    with pytest.raises(GameError, match=r"call reset\(\) first: no episode is under way \(none started yet"):
        SoloEnv().step(0)


def test_the_learning_tools_say_what_they_take_instead_of_a_raw_error(pz: None) -> None:
    """A student's slips: the game where a view is wanted, an AEC environment used before reset()."""
    from egonb.envs.aec import EgonbAEC

    game = new_game(Rules(players=3), 1)
    for tool in (encode, action_mask):
        with pytest.raises(TypeError, match=rf"{tool.__name__} takes a View.*use game.view\(seat\), got GameState"):
            tool(game)  # type: ignore[arg-type]
    env = EgonbAEC(3)
    for use in (lambda: env.step(0), lambda: env.observe("player_0"), env.agent_iter, env.last):
        with pytest.raises(GameError, match=r"call reset\(\) first: no game is under way"):
            use()
    assert env.game is None, "refused without starting anything"


def test_true_is_not_action_1(gym: None) -> None:
    from egonb.envs.solo import SoloEnv

    env = SoloEnv()
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"][1], "action 1 (STOP) is legal here, so True would have been played as it"
    _, reward, terminated, _, info = env.step(True)
    assert terminated and reward == -1.0 and "integer id, got True" in info["illegal"]


def test_unsupported_render_modes_are_refused(pz: None) -> None:
    from egonb.envs.aec import EgonbAEC
    from egonb.envs.solo import SoloEnv

    for make in (SoloEnv, EgonbAEC):
        with pytest.raises(ValueError, match=r"render_mode must be None or one of \['ansi'\], got 'human'"):
            make(render_mode="human")
        assert make(render_mode="ansi").render_mode == "ansi"


def test_aec_ansi_render_shows_the_table_and_no_hidden_card(pz: None) -> None:
    """The ansi render is the public table: who decides, the discard top, the deck, and per seat its card count and
    total (E2); the hands themselves never show, so swapping two hidden hands renders the same text."""
    from egonb.envs.aec import EgonbAEC

    env = EgonbAEC(3, render_mode="ansi")
    env.reset(seed=4)
    game = env.game
    assert game is not None
    first, *seats = str(env.render()).splitlines()
    assert first == (f"round 1 · {env.agent_selection} to decide (action) · discard top {game.discard[-1]} · "
                     f"deck {len(game.deck)} cards")
    assert seats == [f"player_{i}: 5 cards · total 0" for i in range(3)]
    before = env.render()
    game.hands[0], game.hands[1] = game.hands[1], game.hands[0]
    assert env.render() == before
    caller = env.agent_selection
    env.step(STOP.id)  # T5
    assert f"{caller}: 5 cards · total 0 · said STOP" in str(env.render()).splitlines()


def test_aec_illegal_info_does_not_show_the_offenders_hand(pz: None) -> None:
    from egonb.envs.aec import EgonbAEC

    env = EgonbAEC(3)
    env.reset(seed=1)
    offender = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(offender)["action_mask"] == 0)[0])
    env.step(illegal)
    said = env.infos[offender]["illegal"]
    assert said == f"{illegal} is not a legal action now (see the action mask)", said

    env.reset(seed=1)  # T1: a refused keep must not name the drawn card, which only the offender has seen
    offender = env.agent_selection
    env.step(DRAW.id)
    assert env.agent_selection == offender and env.game is not None and env.game.decision == "keep_or_discard"
    drawn = env.game.drawn
    refused = next(a for a in KEEP.values() if a.a not in env.game.hands[env.game.current_player or 0])
    env.step(refused.id)
    said = env.infos[offender]["illegal"]
    assert f"drawn {drawn}" not in said and "not a legal action" in said, said


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")
@pytest.mark.parametrize("players", [2, 3, 6])
def test_aec_env_passes_api_test(players: int, pz: None) -> None:
    from pettingzoo.test import api_test

    from egonb.envs.aec import EgonbAEC

    env = EgonbAEC(players)
    env.reset(seed=players)  # the deals of the test's resets without a seed follow from this one
    env.action_space("player_0").seed(players)  # one space object for every agent: its random actions too
    env.observation_space("player_0").seed(players)
    api_test(env, num_cycles=200)


def test_aec_env_rewards_the_winners(pz: None) -> None:
    from egonb.envs.aec import EgonbAEC

    env = EgonbAEC(4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(set(totals.values())) in ([-1.0, 1.0], [1.0])
    assert any(v == 1.0 for v in totals.values())


def _announced_first(seed: int) -> View | None:
    """The actor's view after announcing a value for the first Two Cards choice (A11), if random play gets there."""
    rng = random.Random(seed)
    g = new_game(Rules(players=4), seed)
    while not g.is_over:
        view = g.view(g.current_player)
        if view.decision == "two_cards_choice" and view.choices and view.choices[0][0] == "announce":
            return view
        g.apply(rng.choice(view.legal_actions))
    return None


def test_encoding_shows_the_first_two_cards_choice_and_an_extra_turn() -> None:
    view = next(v for v in map(_announced_first, range(200)) if v is not None)
    value = view.choices[0][1]
    assert not np.array_equal(encode(view), encode(replace(view, choices=(("pick", 0),))))
    assert not np.array_equal(encode(view), encode(replace(view, choices=(("announce", 13 - value),))))
    assert not np.array_equal(encode(view), encode(replace(view, extra_turn=not view.extra_turn)))


def test_encoding_says_whether_the_viewer_is_designated_or_the_actor() -> None:
    """A11: the actor choosing the exchange may be one of the two designated players or not; A9: a player asked
    for a shield is designated and not the actor. The viewer's own place in the ability is encoded."""
    seen = set()
    for seed in range(300):
        rng = random.Random(seed)
        g = new_game(Rules(players=4), seed)
        while not g.is_over:
            view = g.view(g.current_player)
            if view.designated:
                x = encode(view)
                own = 12 + 13 + 13 + 12 + 1 + len(PHASES) + 13  # after hand, drawn, top, discard, deck, phase, ability
                flags = (bool(x[own + 5]), bool(x[own + 6]))
                assert flags == (view.player in view.designated, view.turn == view.player)
                seen.add((view.decision, *flags))
            g.apply(rng.choice(view.legal_actions))
        if {("two_cards_choice", True, True), ("two_cards_choice", False, True), ("shield", True, False)} <= seen:
            break
    assert {("two_cards_choice", True, True), ("two_cards_choice", False, True), ("shield", True, False)} <= seen


def test_a_secret_two_cards_pick_changes_only_the_actors_encoding() -> None:
    rng = random.Random(0)
    g = new_game(Rules(players=4), 0)
    while not (g.decision == "two_cards_choice" and g.pending.choices and g.pending.choices[0][0] == "pick"):
        if g.is_over:
            g = new_game(Rules(players=4), rng.randrange(10**6))
        g.apply(rng.choice(g.legal_actions()))
    (kind, value), *rest = g.pending.choices
    other = g.replaced(pending=replace(g.pending, choices=((kind, 13 - value), *rest)))  # the actor picked another card
    for seat in range(g.n):
        same = np.array_equal(encode(g.view(seat)), encode(other.view(seat)))
        assert same == (seat != g.turn), f"seat {seat}: only the actor (A11) knows its own pick"
