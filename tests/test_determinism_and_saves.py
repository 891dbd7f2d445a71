"""Seeded determinism, save/restore, and hidden information of views."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

import pytest

from egonb import GameError, GameState, Rules, determinize, new_game
from egonb.games.egocentric_world.actions import KEEP, MATCH, STOP
from egonb.games.egocentric_world.state import shuffle

CONFIGS = [Rules(players=p, full_game=True) for p in range(2, 7)] + [
    Rules.solo_game(d, full_game=True) for d in (1, 2, 3)
]


def random_game(rules: Rules, seed: int, stop_after: int | None = None) -> GameState:
    g = new_game(rules, seed)
    rng = random.Random(seed * 7919)
    steps = 0
    while not g.is_over and steps != stop_after:
        # Saying STOP rarely makes rounds long enough to reach every kind of decision.
        actions = [a for a in g.legal_actions() if a.kind != "stop" or rng.random() < 0.05] or g.legal_actions()
        g.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return g


def fingerprint(seeds: range) -> str:
    digest = hashlib.sha256()
    for rules in CONFIGS:
        for seed in seeds:
            digest.update(random_game(rules, seed).to_json().encode())
    return digest.hexdigest()


_SCRIPT = "import sys; sys.path.insert(0, 'tests'); from test_determinism_and_saves import fingerprint; " \
          "print(fingerprint(range(5)))"


def test_same_seed_same_game_in_other_processes_and_hash_seeds() -> None:
    here = fingerprint(range(5))
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == here
    assert fingerprint(range(1, 6)) != here, "different seeds give different games"


def test_S1_S4_the_engine_shuffles_as_random_shuffle_and_leaves_the_generator_where_it_does() -> None:
    """Every seed deals the cards it dealt when the engine called `random.shuffle` (the golden games rely on it)."""
    for seed in range(200):
        for size in (0, 1, 2, 3, 17, 33, 60, 64, 65, 90):
            ours, theirs = random.Random(seed), random.Random(seed)
            cards, expected = list(range(size)), list(range(size))
            shuffle(ours, cards)
            theirs.shuffle(expected)
            assert cards == expected, (seed, size)
            assert ours.getstate() == theirs.getstate(), (seed, size)


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.players}p-d{r.difficulty}")
def test_save_restore_at_random_points_resumes_identically(rules: Rules) -> None:
    for seed in range(25):
        stop = random.Random(seed).randrange(1, 120)
        g = random_game(rules, seed, stop_after=stop)
        text = g.to_json()
        restored = GameState.from_json(text)
        assert restored.to_json() == text
        assert restored.view(restored.current_player or 0) == g.view(g.current_player or 0)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not g.is_over:
            a, b = g.legal_actions(), restored.legal_actions()
            assert a == b
            g.apply(a[rng_a.randrange(len(a))])
            restored.apply(b[rng_b.randrange(len(b))])
        assert restored.to_json() == g.to_json()


def test_clone_is_independent() -> None:
    g = random_game(Rules(players=4), 3, stop_after=10)
    before = g.to_json()
    c = g.clone()
    assert c.to_json() == before
    rng = random.Random(0)
    while not c.is_over:
        c.apply(rng.choice(c.legal_actions()))
    assert g.to_json() == before


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.players}p-d{r.difficulty}")
def test_view_unchanged_when_unseen_cards_are_dealt_anew(rules: Rules) -> None:
    """docs/ARCHITECTURE.md, "Information": permuting the cards a player cannot see never changes that player's view."""
    changed_hidden = checked = 0
    for seed in range(60):
        g = random_game(rules, seed, stop_after=random.Random(seed).randrange(0, 25))
        if g.is_over:
            continue
        for seat in g.rules.agent_seats:
            other = determinize(g, seat, random.Random(seed))
            assert other.view(seat) == g.view(seat)
            changed_hidden += other.deck != g.deck
            checked += 1
    assert checked > 20 and changed_hidden > checked * 0.8, "the permutation really moved hidden cards"


def test_view_shows_the_knowledge_of_a_taken_discard() -> None:
    """T2 is public: everyone knows the taker now holds the taken card, until it leaves."""
    g = new_game(Rules(players=3), seed=11)
    p = g.current_player
    taken = g.discard[-1]
    give = next(a for a in g.legal_actions() if a.kind == "take" and a.a != taken)
    g.apply(give)
    if g.decision == "ability":
        g.apply(g.legal_actions()[0])
    others = [s for s in range(3) if s != p]
    assert all(taken in g.view(s).known[p] for s in others)
    assert g.view(p).known[p] == ()


def test_bad_input_raises_one_error_type_and_changes_nothing() -> None:
    g = random_game(Rules(players=4), 5, stop_after=7)
    before = g.to_json()
    wrong_seat = (g.current_player + 1) % 4
    illegal = next(i for i in range(562) if all(a.id != i for a in g.legal_actions()))
    bad_inputs = [
        (g.legal_actions()[0], wrong_seat),
        (illegal, None),
        (10_000, None),
        (-1, None),
        ("draw", None),
        (True, None),
        (None, None),
    ]
    for action, seat in bad_inputs:
        with pytest.raises(GameError) as info:
            g.apply(action, player=seat)  # type: ignore[arg-type]
        assert g.to_json() == before
        assert info.value.args[0]
    with pytest.raises(GameError, match="allowed: "):
        g.apply(illegal)


def test_error_message_names_the_problem_and_the_allowed_actions() -> None:
    g = new_game(Rules(players=2), seed=1)
    with pytest.raises(GameError) as info:
        g.apply(next(a for a in range(562) if a not in [x.id for x in g.legal_actions()]))
    text = str(info.value)
    assert "is not allowed now" in text
    assert "draw the top card of the deck" in text


def test_error_message_tells_a_wrong_moment_from_a_wrong_position() -> None:
    """T3 needs the same value as the discard top: a wrong match is refused for the position, not the moment."""
    g = GameState.from_position(Rules(players=2), hands=[[3, 5, 5, 9, 12], [1, 2, 4, 6, 7]], discard=[3], deck=[],
                                rest="deck")
    with pytest.raises(GameError) as info:
        g.apply(MATCH[5])
    assert "'play your 5 on the discard pile as a match (T3)' is not allowed now (it does not fit this position)" \
        in str(info.value)
    with pytest.raises(GameError) as info:
        g.apply(KEEP[5])
    assert "(Player 1 must choose the action of the turn (T1-T5))" in str(info.value)


@pytest.mark.parametrize("rules_kw, message", [
    ({"players": 1}, "players must be 2 to 6"),
    ({"players": 7}, "players must be 2 to 6"),
    ({"counts": (1,) * 12, "players": 6}, "need at least"),
    ({"counts": (5,) * 11}, "12 non-negative ints"),
    ({"hand_size": 0}, "hand_size"),
    ({"difficulty": 4, "players": 3}, "difficulty must be 1, 2 or 3"),
    ({"difficulty": 2, "players": 4}, "exactly 3 players"),
    ({"difficulty": True, "players": 3}, "difficulty must be 1, 2 or 3"),
    ({"difficulty": 2.0, "players": 3}, "difficulty must be 1, 2 or 3"),
    ({"players": 4.0}, "players must be 2 to 6"),
    ({"full_game": "no"}, "full_game must be True or False"),
    ({"names": (1, 2, 3, 4)}, "names must be non-empty strings"),
])
def test_impossible_configurations_are_refused(rules_kw: dict, message: str) -> None:
    with pytest.raises(GameError, match=message):
        Rules(**rules_kw)


def test_numpy_integers_configure_rules_as_plain_ints() -> None:
    """A student's numpy integers (np.int64 from an array) are whole numbers: stored as int, so a save is JSON."""
    import numpy as np

    rules = Rules(players=np.int64(4), counts=np.full(12, 5), hand_size=np.int32(4), end_score=np.int64(40))
    assert (rules.players, rules.hand_size, rules.end_score) == (4, 4, 40)
    assert all(type(v) is int for v in (rules.players, rules.hand_size, rules.end_score, *rules.counts))
    assert Rules.solo_game(np.int64(3)).difficulty == 3
    assert new_game(rules, 1).to_json()


def _tamper(edit) -> str:
    g = random_game(Rules(players=3, full_game=True), 2, stop_after=15)
    data = json.loads(g.to_json())
    edit(data)
    return json.dumps(data)


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["hands"][0].append(d["deck"].pop()) or d["hands"][0].append(5), "do not add up"),
    (lambda d: d["hands"][1].__setitem__(0, d["hands"][2][0] % 12 + 1), "do not add up"),
    (lambda d: d.update(cheat=True), "unknown \\['cheat'\\]"),
    (lambda d: d.pop("deck"), "missing \\['deck'\\]"),
    (lambda d: d.update(version=4), "version 4 is not supported"),
    (lambda d: d.update(version=True), "version True is not supported"),
    (lambda d: d.update(seed="7"), "seed must be an int or null"),
    (lambda d: d.update(version=1), "unknown \\['seed', 'turns'\\]"),
    (lambda d: d.update(format="chess"), "not an egonb saved game"),
    (lambda d: d.update(phase="dance"), "unknown decision"),
    (lambda d: d.update(current=9), "current player"),
    (lambda d: d["rules"].update(players=9), "players must be 2 to 6"),
    (lambda d: d.update(totals=[1, 2, 3]), "totals"),
    (lambda d: d["pending"].update(evil=1), "unknown pending"),
    (lambda d: d.update(turn=(d["turn"] + 1) % 3), "the player whose turn it is decides"),
    (lambda d: d.update(pending={}), "does not fit the decision 'ability'"),
    (lambda d: d["pending"].update(card=9), "does not fit the decision"),
    (lambda d: d.update(phase="shield"), "does not fit the decision 'shield'"),
    (lambda d: d.update(extra="no"), "extra must be true or false"),
    (lambda d: d.update(turn=True), "turn must be an int"),
    (lambda d: d.update(winners=[0]), "winners are named once the game is over"),
    (lambda d: d.update(round=3), "round, scores and winners disagree"),
    (lambda d: d["events"][0].update(kind="teleport"), "malformed event 'teleport'"),
])
def test_tampered_saves_are_rejected(edit, message: str) -> None:
    with pytest.raises(GameError, match=message):
        GameState.from_json(_tamper(edit))


def test_a_version_1_save_loads_and_deals_its_later_rounds_from_its_generator() -> None:
    """Saves from before per-round deals have no "seed": they load, and play on to the end of the game."""
    data = json.loads(random_game(Rules(players=3, full_game=True), 2, stop_after=15).to_json())
    del data["seed"], data["turns"]
    data["version"] = 1
    g = GameState.from_json(json.dumps(data))
    assert g.seed is None and json.loads(g.to_json())["version"] == 3  # saved again in this version
    rng = random.Random(0)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.round > 1 and g.winners


def test_every_round_is_dealt_from_the_seed_and_the_round_number_alone() -> None:
    """S1 for duplicate deals: two games of one seed, played differently, get the same cards at the start of
    every round they both reach; a determinized copy (which must not know the future) deals anew."""
    rules = Rules(players=3, full_game=True)
    deals: list[dict[int, tuple]] = []
    for play_seed in (1, 2):
        g, rng, seen = new_game(rules, 7), random.Random(play_seed), {}
        while not g.is_over:
            if g.round not in seen:
                seen[g.round] = (g.discard[:], [h[:] for h in g.hands], g.deck[:])
            g.apply(rng.choice(g.legal_actions()))
        deals.append(seen)
    both = set(deals[0]) & set(deals[1])
    assert {1, 2} <= both
    assert all(deals[0][r] == deals[1][r] for r in both)
    real = new_game(rules, 7)
    copies = [determinize(real, 0, random.Random(k)) for k in range(2)]
    for g in (real, *copies):
        while g.round == 1:  # T5: the first player says STOP at once, the others play one turn each
            g.apply(STOP if STOP in g.legal_actions() else g.legal_actions()[0])
    assert all(c.seed is None for c in copies)
    assert len({tuple(g.deck) for g in (real, *copies)}) == 3, "the copies' round 2 is not the real one"


@pytest.mark.parametrize("text", ["", "not json", "[]", "{}", '{"format": "egonb-game"}', "null"])
def test_malformed_saves_are_rejected(text: str) -> None:
    with pytest.raises(GameError):
        GameState.from_json(text)


def test_look_alike_actions_are_refused_and_change_nothing() -> None:
    """Only the engine's own actions count: a forged id, a lying subclass or a wrong field is refused."""
    from egonb import Action

    class Liar(Action):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = Action.__hash__

    g = new_game(Rules(players=2), seed=0)
    before = g.to_json()
    draw = g.legal_actions()[0]
    for fake in (Action(None, "draw", 0, 0, 0), Action(0.0, "draw"), Action("0", "draw"),  # type: ignore[arg-type]
                 Liar(*draw), Liar(draw.id, "take", 99), draw._replace(a=3), Action(10_000, "draw")):
        with pytest.raises(GameError, match="not an egonb action"):
            g.apply(fake)
        assert g.to_json() == before
    g.apply(Action(*draw))  # an equal plain Action is the same action


def test_numpy_integer_ids_are_actions_but_not_booleans_or_arrays() -> None:
    """An agent's argmax is a numpy integer: it names the action like a Python int. True/False, floats
    and arrays are refused and change nothing."""
    import numpy as np

    g = new_game(Rules.solo_game(1), seed=3)
    before = g.to_json()
    for bad in (True, np.bool_(True), np.float64(0.0), np.array([0]), "0"):
        with pytest.raises(GameError, match="an action must be an Action or an int id"):
            g.apply(bad)  # type: ignore[arg-type]
        assert g.to_json() == before
    draw = g.legal_actions()[0]
    assert g.describe(np.int64(draw.id)) == g.describe(draw)  # type: ignore[arg-type]
    g.apply(np.int64(draw.id))  # type: ignore[arg-type]
    assert g.decision == "keep_or_discard"


def test_true_is_not_seat_1() -> None:
    """`player=True` equals 1 in Python, but a seat is a number: it is refused even when seat 1 decides."""
    g = new_game(Rules(players=2), seed=0)
    while g.current_player != 1:
        g.apply(g.legal_actions()[0])
    before = g.to_json()
    with pytest.raises(GameError, match="decides now, not seat True"):
        g.apply(g.legal_actions()[0], player=True)
    assert g.to_json() == before
    g.apply(g.legal_actions()[0], player=1)


def _states_with_a_secret_pick() -> list[GameState]:
    """Random multiplayer states where the actor has just picked a card of its own hand for Two Cards (A11)."""
    found = []
    for seed in range(400):
        g = new_game(Rules(players=3), seed)
        rng = random.Random(seed)
        while not g.is_over and len(found) < 12:
            if g.decision == "two_cards_choice" and any(k == "pick" for k, _ in g.pending.choices):
                found.append(g.clone())
                break
            acts = [a for a in g.legal_actions() if a.kind != "stop"] or g.legal_actions()
            pick = [a for a in acts if a.kind in ("match", "designate", "pick", "no_shield")]
            g.apply(rng.choice(pick or acts))
    return found


def test_determinize_keeps_no_trace_of_the_real_hidden_cards() -> None:
    """Samples for search agents: no other seat's secret events or knowledge, and a secret pick re-dealt."""
    states = _states_with_a_secret_pick()
    assert len(states) >= 5
    for g in states:
        other = next(s for s in range(g.n) if s != g.turn)
        original = g.pending
        for i in range(20):
            d = determinize(g, other, random.Random(i))
            assert d.view(other) == g.view(other)
            assert all(e.secret is None or other in e.to for e in d.events)
            assert all(observer == other for observer, _ in d.known)
            pick = next(v for k, v in d.pending.choices if k == "pick")
            assert pick in d.hands[d.turn], "the picked card is one the actor holds in this sample"
        assert g.pending == original, "sampling leaves the real game untouched"
