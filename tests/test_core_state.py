"""The core (docs/ARCHITECTURE.md): one declaration of the state's parts, the public position builder, can_apply and
why_not, and refusals that say which decision is asked."""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError

import pytest
from helpers import assert_all_cards

from egonb import GameError, GameState, Rules, new_game
from egonb.games.egocentric_world.actions import DRAW, MATCH, PAIR, STOP, TAKE
from egonb.games.egocentric_world.decisions import AbilityOffer, Phase, ShieldQuestion, TwoCardsChoice
from egonb.games.egocentric_world.events import Event
from egonb.games.egocentric_world.fields import FIELDS, defaults

R3 = Rules(players=3)


def _play_until(rules: Rules, wanted) -> GameState:
    """The first position of seeded random play where `wanted(state)` holds."""
    for seed in range(300):
        g = new_game(rules, seed)
        rng = random.Random(seed)
        while not g.is_over:
            if wanted(g):
                return g
            g.apply(rng.choice(g.legal_actions()))
        if wanted(g):
            return g
    raise AssertionError("no seed reached such a position")


def busy_states() -> list[GameState]:
    """Valid states that between them give every declared part a value other than its default."""
    two_cards = _play_until(Rules(players=4, full_game=True), lambda g: (
        g.decision == "two_cards_choice" and g.pending.choices and g.round > 1 and g.known
        and g.stop_caller >= 0 and g.turn != 0))
    two_cards.extra = True  # an Hourglass turn: the only part random play left at its default there
    drawn = _play_until(Rules.solo_game(2), lambda g: g.decision == "keep_or_discard" and any(g.piles))
    over = _play_until(Rules(players=3, full_game=True), lambda g: g.is_over)
    return [two_cards, drawn, over]


def _parts(g: GameState) -> dict[str, object]:
    """Every declared part, in a form that compares by value (the generator by its state)."""
    return {f.name: (getattr(g, f.name).getstate() if f.kind == "rng" else getattr(g, f.name)) for f in FIELDS}


def test_the_busy_states_give_every_declared_part_a_value_of_its_own() -> None:
    states = busy_states()
    for f in FIELDS:
        if f.name != "rules" and f.kind != "rng":  # the rules are the game's; the generator is compared below
            assert any(getattr(g, f.name) != defaults(g.rules)[f.name] for g in states), f.name


@pytest.mark.parametrize("which", range(3))
def test_clone_copies_every_declared_part_and_shares_no_list(which) -> None:
    g = busy_states()[which]
    c = g.clone()
    assert _parts(c) == _parts(g)
    for f in FIELDS:
        if f.kind in ("list", "lists", "known", "events", "rng"):  # a pending record is immutable: copies share it
            assert getattr(c, f.name) is not getattr(g, f.name), f.name
    c.hands[0].append(99)
    assert 99 not in g.hands[0]


@pytest.mark.parametrize("which", range(3))
def test_a_save_round_trip_keeps_every_declared_part(which) -> None:
    g = busy_states()[which]
    back = GameState.from_json(g.to_json())
    assert _parts(back) == _parts(g)
    assert isinstance(back.phase, Phase)
    assert back.to_json() == g.to_json()


def test_every_event_names_its_turn_and_citybot_step() -> None:
    g = new_game(Rules.solo_game(2), 3)
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    turns = [e.turn for e in g.events]
    assert turns == sorted(turns) and turns[-1] == g.turns
    # a Citybot's narration names its step, but for SC9 in your turn (tests/test_event_steps.py: every event)
    assert all(e.step == e.rule or (e.rule, e.step) == ("SC9", "") for e in g.events if e.kind == "bot")
    assert any(e.step for e in g.events if e.kind != "bot"), "a Citybot turn's round end carries its step"
    assert Event.from_dict(json.loads(json.dumps(g.events[-1].to_dict()))) == g.events[-1]


@pytest.mark.parametrize(("rules", "decisions"), [
    (Rules(players=4), {"ability", "shield", "two_cards_choice"}), (Rules.solo_game(3), {"ability", "shield"})],
    ids=["multiplayer", "solo"])
def test_D2_A9_A11_each_decision_holds_its_own_immutable_pending_record(rules, decisions) -> None:
    """What an ability decision is about is one typed record (None outside them), which copies share."""
    kinds = {"ability": AbilityOffer, "shield": ShieldQuestion, "two_cards_choice": TwoCardsChoice}
    seen = set()
    for seed in range(6):
        g, rng = new_game(rules, seed), random.Random(seed)
        while not g.is_over:
            pend = g.pending
            assert type(pend) is kinds.get(g.decision, type(None)), (g.decision, pend)
            if isinstance(pend, ShieldQuestion):
                assert g.current_player == pend.ask[0]  # A9: the first seat still to answer decides
                assert g.view(g.current_player).designated == pend.targets
            if pend is not None:
                assert g.clone().pending is pend
                with pytest.raises(FrozenInstanceError):
                    pend.card = 0  # type: ignore[misc]
            seen.add(g.decision)
            g.apply(rng.choice(g.legal_actions()))
    assert decisions <= seen


def test_SM4_SM2_card_operations_reveal_from_the_top_and_take_visible_cards_before_hidden_ones() -> None:
    g = GameState.from_position(Rules.solo_game(2), hands=[[5], [3], [4]], piles=[[], [1, 2, 3], [6, 7]], discard=[9],
                                deck=[], rest="deck")
    assert g.reveal_top(1) == 3 and (g.hands[1], g.piles[1]) == ([3, 3], [1, 2])  # SB2: the top card
    assert g.take(1, 3) == 3 and (g.hands[1], g.piles[1]) == ([3], [1, 2])  # a visible card first
    assert g.take(1, 1) == 1 and g.piles[1] == [2]  # SM2: else a hidden one
    assert g.reveal_pile(2) == [7, 6] and (g.hands[2], g.piles[2]) == ([4, 7, 6], [])  # SC10: all, top first
    assert g.take_top(1) == 2 and g.piles[1] == []
    for card in (3, 1, 2):  # the cards taken join your hand, in order
        g.give(0, card)
    assert g.hands[0] == [5, 3, 1, 2]
    assert_all_cards(g)


# ------------------------------------------------------------------- from_position


def test_from_position_builds_exactly_the_named_table_top_card_last() -> None:
    deck = [c for c in Rules(players=2).deck]
    for card in (1, 2, 3, 12, 12, 5, 7, 9, 4):
        deck.remove(card)
    g = GameState.from_position(Rules(players=2), hands=[[1, 2, 3], [12, 12]], discard=[5, 7], deck=deck + [9, 4],
                                turn=1)
    assert g.view(0).hand == (1, 2, 3) and g.view(1).hand == (12, 12) and g.view(0).top == 7
    assert g.current_player == 1 and g.decision == "action" and g.round == 1 and g.events == []
    g.apply(DRAW)
    assert g.view(1).drawn == 4  # the deck's last card is its top
    assert_all_cards(g)


def test_from_position_is_validated_like_a_save() -> None:
    with pytest.raises(GameError, match="do not add up"):  # a card missing: every card exactly once
        GameState.from_position(R3, hands=[[1], [2], [3]], discard=[4], deck=[])
    with pytest.raises(GameError, match="no room for"):
        GameState.from_position(R3, hands=[[7] * 6, [1], [2]], discard=[4], deck=[], rest="deck")
    with pytest.raises(GameError, match="3 hands"):
        GameState.from_position(R3, hands=[[1], [2]], discard=[4], deck=[], rest="deck")
    with pytest.raises(GameError, match="hidden piles"):
        GameState.from_position(R3, hands=[[1], [2], [3]], discard=[4], deck=[], piles=[[5], [], []], rest="deck")
    with pytest.raises(GameError, match="turn must be a seat"):
        GameState.from_position(R3, hands=[[1], [2], [3]], discard=[4], deck=[], turn=3, rest="deck")
    with pytest.raises(TypeError):
        GameState.from_position(R3, [[1], [2], [3]], [4], [])  # type: ignore[misc]  # keyword-only


def test_T2_T3_an_empty_discard_pile_offers_no_take_and_no_match() -> None:
    g = GameState.from_position(R3, hands=[[1, 1], [2], [3]], discard=[], deck=[], rest="deck")
    kinds = {a.kind for a in g.legal_actions()}
    assert kinds == {"draw", "stop", "pair"}
    assert not g.can_apply(TAKE[1]) and "not allowed now" in (g.why_not(TAKE[1]) or "")
    assert g.describe(TAKE[1]).endswith("(T2)")


# ------------------------------------------------------------------- can_apply / why_not / refusals


def test_can_apply_and_why_not_agree_with_apply_and_change_nothing() -> None:
    g = GameState.from_position(R3, hands=[[3, 5], [1], [2]], discard=[3], deck=[], rest="deck")
    before = g.to_json()
    assert g.can_apply(MATCH[3]) and g.why_not(MATCH[3]) is None
    assert g.can_apply(MATCH[3].id, player=0) and not g.can_apply(MATCH[3], player=1)
    why = g.why_not(MATCH[5])
    assert why is not None and not g.can_apply(MATCH[5])
    assert "choose the action of the turn (T1-T5)" in why and "allowed: " in why and "match" in why
    assert "seat 0 (Player 1) decides now" in (g.why_not(STOP, player=2) or "")
    assert g.to_json() == before
    with pytest.raises(GameError) as info:
        g.apply(MATCH[5])
    assert str(info.value) == why


def test_T3_a_refused_match_on_a_789_cites_T3_not_A8() -> None:
    g = GameState.from_position(R3, hands=[[12, 7], [1], [2]], discard=[8], deck=[], rest="deck")
    assert g.rule_of(MATCH[12]) == "T3" and g.rule_of(MATCH[7]) == "A8"
    why = g.why_not(MATCH[12]) or ""
    assert "as a match (T3)' is not allowed now (it does not fit this position)" in why
    assert "Player 1 must choose the action of the turn (T1-T5)" in why
    assert g.can_apply(MATCH[7])


def test_SP8_a_refused_match_on_a_789_in_solo_cites_T3_and_a_789_pair_SP8() -> None:
    g = GameState.from_position(Rules.solo_game(1, full_game=False), hands=[[12, 7, 8], [1], [2]], discard=[8],
                                deck=[], rest="deck")
    assert g.rule_of(MATCH[12]) == "T3" and g.rule_of(MATCH[7]) == "SP8" and g.rule_of(PAIR[8, 7]) == "SP8"
    assert g.rule_of(MATCH[8]) == "T3"


# ------------------------------------------------------------------- variants answer for their seats


def test_SM1_the_variant_names_the_seats_and_says_which_ones_it_plays() -> None:
    """Rules and views ask the variant (Egocentric World's seating.py): no solo flag, no seat numbers outside its
    variants/."""
    solo, four = Rules.solo_game(2), Rules(players=4)
    assert (solo.variant, solo.names, solo.agent_seats) == ("solo", ("You", "Citybot Left", "Citybot Right"), (0,))
    assert (four.variant, four.names, four.agent_seats) == ("multiplayer", tuple(f"Player {i}" for i in range(1, 5)),
                                                             (0, 1, 2, 3))
    assert "two_cards_choice" in four.decisions and "two_cards_choice" not in solo.decisions, "SP11, SC11 say which"
    assert Rules.solo_game(1, names=("Ada", "L", "R")).names == ("Ada", "L", "R"), "given names win"
    game = new_game(solo, 4)
    assert game.automated_seats == {1, 2} and game.view(0).automated == (1, 2), "SM4: their visible cards are public"
    assert new_game(four, 4).view(2).automated == ()
