"""Diverse City under random play: invariants after every action, hidden information, saves, determinism, and
bad input refused without a change."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from egonb.errors import GameError
from egonb.games.diverse_city import Config, DCState, new_game
from egonb.games.diverse_city.cards import is_city, is_disaster
from egonb.games.diverse_city.checks import problems
from egonb.games.diverse_city.save import dumps, loads

#: Short games keep 2,000 of them to a few seconds: a lower end score and a turn cap of 40 per round
#: (Open question 7); every rule still comes up (see the counts asserted below).
QUICK = {"end_score": 12, "turn_cap": 40}


def random_game(seed: int, players: int, **config: object) -> DCState:
    game = new_game(Config(players=players, **{**QUICK, **config}), seed)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_2000_random_games_keep_every_invariant_after_every_action() -> None:
    seen: set[str] = set()
    for seed in range(2000):
        players = 2 + seed % 5
        game = new_game(Config(players=players, free_clearing=seed % 7 == 0, **QUICK), seed)  # type: ignore[arg-type]
        rng = random.Random(seed)
        while not game.is_over:
            seen.add(game.phase)
            seat = game.turn
            game.apply(rng.choice(game.legal_actions()))
            assert not problems(game), (seed, problems(game))  # cards, H2, X8, the deciding seat
            if game.turn != seat:  # H1 at the end of every turn (a reset empties every hand)
                assert len(game.hands[seat]) + len(game.fronts[seat]) <= 8 or not game.hands[seat]
        assert game.winners and max(game.totals) >= 12
        seen.update(e.kind for e in game.events)
    assert {"answer", "give_more", "resolve_fill", "resolve_more", "major", "hand_limit", "diversity"} <= seen
    assert {"reset", "redeal", "pass_hand", "put_back", "clear", "turn_cap", "second_people"} <= seen


def _permute_unseen(game: DCState, viewer: int, rng: random.Random) -> DCState:
    """The same game with the CITY cards `viewer` cannot see (other hands minus what they know, the draw pile)
    shuffled among their places."""
    other = game.clone()
    places = [(None, i) for i, c in enumerate(other.draw_pile) if is_city(c)]
    for seat in range(other.n):
        if seat != viewer:
            known = list(other.known.get((viewer, seat), []))
            for i, c in enumerate(other.hands[seat]):
                if c in known:
                    known.remove(c)
                elif is_city(c):
                    places.append((seat, i))
    cards = [other.draw_pile[i] if seat is None else other.hands[seat][i] for seat, i in places]
    rng.shuffle(cards)
    for (seat, i), card in zip(places, cards):
        (other.draw_pile if seat is None else other.hands[seat])[i] = card
    return other


def test_I1_views_do_not_change_when_unseen_cards_are_permuted() -> None:
    rng = random.Random(7)
    for seed in range(40):
        game = new_game(Config(players=2 + seed % 5), seed)
        for _ in range(rng.randrange(1, 200)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        for viewer in range(game.n):
            assert _permute_unseen(game, viewer, rng).view(viewer) == game.view(viewer)


def test_save_and_restore_at_random_points_resume_identically() -> None:
    for seed in range(60):
        game = new_game(Config(players=2 + seed % 5, **QUICK), seed)  # type: ignore[arg-type]
        rng = random.Random(seed)
        stop = rng.randrange(1, 150)
        for _ in range(stop):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        copy = loads(dumps(game))
        assert dumps(copy) == dumps(game)
        for agent_seed in range(2):
            a, b = game.clone(), loads(dumps(game))
            r1, r2 = random.Random(agent_seed), random.Random(agent_seed)
            while not a.is_over:
                a.apply(r1.choice(a.legal_actions()))
                b.apply(r2.choice(b.legal_actions()))
            assert dumps(a) == dumps(b)


def test_tampered_or_malformed_saves_are_refused_with_one_clear_error() -> None:
    game = new_game(Config(players=3), 5)
    data = json.loads(dumps(game))
    bad_versions = []
    extra_card = json.loads(json.dumps(data))
    extra_card["hands"][0].append(0)
    bad_versions.append(extra_card)
    swapped = json.loads(json.dumps(data))
    swapped["current"] = (data["current"] + 1) % 3
    bad_versions.append(swapped)
    disaster_in_hand = json.loads(json.dumps(data))  # every card still once, but a disaster held in a hand (U3)
    pile, hand = disaster_in_hand["draw_pile"], disaster_in_hand["hands"][1]
    i = next(i for i, c in enumerate(pile) if is_disaster(c))
    pile[i], hand[0] = hand[0], pile[i]
    bad_versions.append(disaster_in_hand)
    for field, value in (("phase", "dance"), ("turns", "7"), ("config", {"players": 9}), ("hands", [[1]]),
                         ("events", [{"kind": "nope", "rule": "X", "player": 0, "args": {}, "secret": None,
                                      "to": []}])):
        bad_versions.append({**data, field: value})
    bad_versions.append({k: v for k, v in data.items() if k != "asks"})
    for bad in bad_versions:
        with pytest.raises(GameError):
            loads(json.dumps(bad))
    for text in ("", "[]", "{", '{"format": "egonb-game"}'):
        with pytest.raises(GameError):
            loads(text)


def test_bad_input_is_refused_with_a_game_error_and_changes_nothing() -> None:
    game = new_game(Config(players=4), 2)
    before = dumps(game)
    legal = {a.id for a in game.legal_actions()}
    illegal = next(i for i in range(500) if i not in legal)
    for bad in (illegal, -1, 10**6, "draw", 1.5, None, True, (0, "draw")):
        with pytest.raises(GameError):
            game.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="decides now"):
        game.apply(min(legal), player=(game.current or 0) + 1)
    with pytest.raises(GameError, match="no seat"):
        game.view(9)
    assert dumps(game) == before


def test_clone_is_independent() -> None:
    game = new_game(Config(players=3), 4)
    twin = game.clone()
    rng = random.Random(0)
    for _ in range(30):
        if twin.is_over:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert dumps(game) == dumps(new_game(Config(players=3), 4))


def test_the_same_seed_plays_the_same_game_in_another_process() -> None:
    code = ("import random, hashlib\n"
            "from egonb.games.diverse_city import Config, new_game\n"
            "from egonb.games.diverse_city.save import dumps\n"
            "g = new_game(Config(players=5, end_score=12, turn_cap=40), 11)\n"
            "r = random.Random(11)\n"
            "while not g.is_over:\n"
            "    g.apply(r.choice(g.legal_actions()))\n"
            "print(hashlib.sha256(dumps(g).encode()).hexdigest())\n")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    import hashlib

    assert other == hashlib.sha256(dumps(random_game(11, 5)).encode()).hexdigest()


def test_import_egonb_does_not_import_diverse_city() -> None:
    code = "import sys, egonb; assert 'egonb.games.diverse_city' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_diverse_city_registers_it_with_the_protocol() -> None:
    code = ("from egonb import protocol; import egonb.games.diverse_city as dc; "
            "assert protocol.new_state(dc.Config(players=2), 1).current_player is not None")
    subprocess.run([sys.executable, "-c", code], check=True)
