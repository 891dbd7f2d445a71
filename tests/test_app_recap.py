"""The recap: one line per Citybot turn since your last move, grouped in Python by the turn
number every event carries, from hand-built positions."""

from __future__ import annotations

from egonb.games.egocentric_world.events import Event
from egonb.games.egocentric_world.recap import recap_lines
from egonb.games.egocentric_world.rules import Rules
from egonb.games.egocentric_world.session import GameSession
from egonb.games.egocentric_world.state import GameState
from egonb.messages import texts_for

FULL = Rules.solo_game(difficulty=1, full_game=True)


def session_at(game: GameState) -> GameSession:
    session = GameSession(seed=1, difficulty=1, pace_ms=0)
    session.resume(game, "a hand-built position")
    return session


def act_kind(session: GameSession, kind: str) -> None:
    table = session.state["table"]
    session.act(table["token"], next(a["id"] for a in table["legal"] if a["kind"] == kind))


def recap(session: GameSession) -> list[dict]:
    return session.state["feed"]["frames"][-1]["recap"]["lines"]


def test_sc11_a_citybots_two_cards_is_one_line_with_the_cards_exchanged() -> None:
    """SB2, SB5, SC11: Citybot Left reveals its last hidden card, plays one of its pair of 11s and, with no hidden
    card left, gives you its highest card for your lowest, all said in one line; Right's turn is the next line."""
    game = GameState.from_position(FULL, hands=[[1, 2], [11, 11], [4, 6]], discard=[5], deck=[3],
                                   piles=[[], [6], [7, 8]], rest="deck")
    session = session_at(game)
    act_kind(session, "draw")
    act_kind(session, "discard_drawn")
    lines = recap(session)
    assert [line["player"] for line in lines] == [1, 2]
    assert lines[0]["text"] == ("Citybot Left revealed a 6, showed a pair and played its 11 — Two Cards: your 1 for "
                                "its 11")
    assert lines[0]["rules"] == ["SB2", "SB5", "SC11"]
    assert lines[1]["text"].startswith("Citybot Right revealed a 789, ")
    assert lines[0]["turn"] < lines[1]["turn"]
    assert session.state["feed"]["frames"][-1]["recap"]["moved"]  # since your turn, not since the round began


def test_sb6_sb12_an_extra_turn_is_a_line_of_its_own_and_your_move_keeps_the_recap() -> None:
    """SB6 then SC12: Citybot Left takes the discard and plays its Hourglass, so it plays again: two lines for
    Left, one for Right. Your next move does not empty the recap: it holds until a Citybot moves again."""
    game = GameState.from_position(FULL, hands=[[1, 2], [12], [4, 6]], discard=[5], deck=[3],
                                   piles=[[], [], [7, 8]], rest="deck")
    session = session_at(game)
    act_kind(session, "draw")
    act_kind(session, "discard_drawn")
    lines = recap(session)
    assert lines[0]["text"] == "Citybot Left took the 3 and played its 12 — Hourglass: it plays again"
    assert [line["player"] for line in lines][:2] == [1, 1] and lines[-1]["player"] == 2
    assert len({line["turn"] for line in lines}) == len(lines)


def test_a_step_saved_without_its_cards_is_told_in_its_own_words() -> None:
    """A game saved before the steps recorded their cards: the line falls back on the step's plain words."""
    old = Event("bot", "SB6", 1, {"step": "SB6", "text": "it takes the 5 and plays the 7 (SB6)"}, turn=3, step="SB6")
    assert recap_lines([old], FULL.names, 0, 1) == [
        {"player": 1, "turn": 3, "rules": ["SB6"], "text": "Citybot Left — it takes the 5 and plays the 7"}]


def test_sp9_your_black_shield_answer_completes_the_citybots_line() -> None:
    """SC11 with SP9: while you decide, Citybot Left's line ends on its Two Cards aimed at you; once you play your
    9 it says you cancelled it (and with no answer of a 9, the exchange itself)."""
    position = {"hands": [[9, 1], [11, 11], [4, 6]], "discard": [5], "deck": [3], "piles": [[], [], [7, 8]],
                "rest": "deck"}
    for answer, ending in (("shield", "Two Cards: you cancelled it with your 9"),
                           ("no_shield", "Two Cards: your 1 for its 11")):
        session = session_at(GameState.from_position(FULL, **position))
        act_kind(session, "draw")
        act_kind(session, "discard_drawn")
        assert session.state["table"]["decision"] == "shield"
        assert [line["text"] for line in recap(session)] == [
            "Citybot Left showed a pair and played its 11 — Two Cards against you"]
        act_kind(session, answer)
        assert recap(session)[0]["text"] == f"Citybot Left showed a pair and played its 11 — {ending}"
        assert recap(session)[0]["rules"][-1] in ("SC11", "SP9")


def test_an_ai_player_s_turn_is_one_line_its_name_said_once_and_you_in_lower_case() -> None:
    """A11 and A9 in an AI player's turn (multiplayer): its own events lose their subject (`.did`), yours read
    "you ..." inside the line (`.inside`), by the messages themselves: the same in any reader's language."""
    names = ("You", "Ada", "Ben")
    turn = [Event("draw", "T1", 1, {}, {"card": 3}, (1,), turn=5),
            Event("keep", "T1", 1, {"card": 11}, {"drawn": 3}, (1,), turn=5),
            Event("designate", "A11", 1, {"seats": [1, 0], "ability": 11}, turn=5),
            Event("no_shield", "A9", 0, {}, turn=5),
            Event("pick", "A11", 1, {}, {"card": 2}, (1,), turn=5),
            Event("announce", "A11", 1, {"q": 0, "value": 5}, turn=5),
            Event("exchange", "A11", 1, {"q": 1, "r": 0}, turn=5),
            Event("receive", "A11", 1, {"q": 0}, {"card": 5}, (0, 1), turn=5),
            Event("receive", "A11", 0, {"q": 1}, {"card": 2}, (0, 1), turn=5)]
    [line] = recap_lines(turn, names, 0, len(turn))
    assert line["player"] == 1 and line["rules"] == ["T1", "A11", "A9"]
    assert line["text"] == ("Ada draws a card, keeps the drawn card and plays the 11 (Two Cards), designates themself "
                            "and you for the Two Cards, you do not play a Black Shield, chooses a card from their own "
                            "hand, announces the value 5 for you, exchanges a card with you, receives the 5 from you, "
                            "you receive the 2 from Ada")
    wrong = [Event("announce", "A11", 2, {"q": 0, "value": 5}, turn=6), Event("wrong", "A11", 2, {"q": 0, "value": 5},
                                                                              turn=6)]
    assert recap_lines(wrong, names, 0, 2)[0]["text"] == ("Ben announces the value 5 for you, you have no 5: the "
                                                          "exchange is cancelled")


def test_an_ai_player_designating_you_says_you_in_the_middle_of_its_sentence() -> None:
    """A11: an AI player designates you with another player, in either order; the sentence names you in the second
    person in lower case ("Cleo designates you", never "Cleo designates You"), and in French the list follows the
    verb's colon, since a French object pronoun cannot stand after « désigne »."""
    names = ("You", "Ada", "Cleo")
    first = Event("designate", "A11", 2, {"seats": [0, 1], "ability": 11}, turn=5)
    second = Event("designate", "A11", 2, {"seats": [1, 0], "ability": 11}, turn=5)
    assert first.text(names, 0) == "Cleo designates you and Ada for the Two Cards"
    assert second.text(names, 0) == "Cleo designates Ada and you for the Two Cards"
    assert first.text(names, 1) == "Cleo designates you and Ada for the Two Cards"  # seat 0 is "You" (SM1)
    french = texts_for("fr", rules=False)
    assert first.text(names, 0, texts=french) == "Cleo désigne pour la capacité Échange\u00a0: vous et Ada"
