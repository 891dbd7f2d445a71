"""The words for a new player beside the table: "How to play" and the rules page (egonb/app/guide.py, each game's
guide.py, named by its record)."""

from __future__ import annotations

import re

from egonb import Rules
from egonb.app.assets import rules_text
from egonb.app.guide import rules_page
from egonb.games.egocentric_world.events import uncited
from egonb.games.egocentric_world.guide import guide

SOLO, MULTIPLAYER = Rules.solo_game(), Rules(players=4, full_game=True)

RULE_ID = re.compile(r"\*\*([A-Z]+\d+)")


def test_the_rules_page_has_every_rule_of_the_rules_text_but_the_teaching_variant() -> None:
    text = rules_text()
    ids = [i for i in RULE_ID.findall(text) if not i.startswith("MV")]
    page = guide()["rules"]
    assert [r["id"] for s in page for r in s["rules"]] == ids
    assert [s["title"] for s in page][:2] == ["Components", "Setup (2–6 players)"]
    assert all("*" not in r["text"] and "`" not in r["text"] for s in page for r in s["rules"])


def test_a_rule_is_read_whole_in_plain_words() -> None:
    """A rule over several lines is one paragraph; an interpretation is said as this edition's reading; the ids it
    cites stay out of the sentence (the rule's own id is shown by the page's switch)."""
    page = rules_page("## A turn\n\n- **T5 STOP.** Say STOP: every other\n  player plays once more (T6).\n"
                      "  *Interpretation:* only one STOP per round.\n\n## Teaching variant\n\n- **MV1** Not here.\n",
                      plain=uncited)
    assert page == [{"title": "A turn", "rules": [{"id": "T5", "text": "STOP. Say STOP: every other player plays "
                                                   "once more. How this edition reads it: only one STOP per round."}]}]


def test_how_to_play_is_short_and_in_plain_words() -> None:
    steps = guide()["how_to_play"]
    assert 4 <= len(steps) <= 9
    assert not any(re.search(r"\b[A-Z]{1,2}\d+\b", s["title"] + s["text"]) for s in steps)


def test_how_to_play_points_to_the_coach_in_both_games() -> None:
    """A newcomer reads of Hint, Play it and Coach me (widgets/coach.js) early, in the words of their buttons."""
    from egonb.games.diverse_city.guide import guide as city_guide
    from egonb.messages import PAGE

    buttons = [PAGE(key) for key in ("ui.coach.hint", "ui.coach.play", "ui.coach.mode")]
    for steps in (guide(SOLO)["how_to_play"], guide(MULTIPLAYER)["how_to_play"], city_guide()["how_to_play"]):
        coach = [i for i, s in enumerate(steps) if all(word in s["text"] for word in buttons)]
        assert len(coach) == 1 and coach[0] <= 3


def test_how_to_play_speaks_of_the_game_on_the_table() -> None:
    """The solo walk-through names the Citybots and SP10's "hidden cards"; the multiplayer one (A8–A12) names the AI
    players, A10's look at a hand, A11's announce-a-value and A9's 9 against a card aimed at you — never a Citybot."""
    solo = " ".join(s["title"] + " " + s["text"] for s in guide(SOLO)["how_to_play"])
    multi = [s["title"] + " " + s["text"] for s in guide(MULTIPLAYER)["how_to_play"]]
    assert "Citybot" in solo and "AI player" not in solo
    assert not any("Citybot" in step for step in multi)
    assert any("AI players" in step for step in multi)
    powers = next(step for step in multi if step.startswith("Card powers"))
    assert all(words in powers for words in ("another player's hand", "announce a value", "play a 9"))
    assert not any(re.search(r"\b[A-Z]{1,2}\d+\b", step) for step in multi)


def test_a_session_sends_the_guide_of_the_game_it_deals() -> None:
    from egonb.games.egocentric_world.session import GameSession

    sent: list[dict] = []
    session = GameSession(seed=3, pace_ms=0, update=sent.append)
    assert "Citybot" in str(session.state["guide"]["how_to_play"])
    session.choose_game(game="multiplayer", opponents=2, strength="Greedy")
    session.new_game()
    assert "AI players" in str(session.state["guide"]["how_to_play"])
    assert "Citybot" not in str(sent[-1]["guide"]["how_to_play"])
    session.choose_game(game="solo")
    session.new_game()
    assert "Citybot" in str(session.state["guide"]["how_to_play"])


def test_how_to_play_warns_of_a_citybots_stop_and_says_the_difficulty() -> None:
    """The key tactic of the solo game (SB1: a Citybot with every card face up says STOP once its total is below
    yours, so a Magnifying Glass on its pile can end your round) and what each difficulty does (SM2) are said in plain
    words; each step's rule ids are badges for the "Show rule ids" switch, and every one is a rule of docs/RULES.md."""
    steps = {s["title"]: s for s in guide(SOLO)["how_to_play"]}
    watch = steps["When a Citybot says STOP"]
    assert watch["rules"] == ["SB1"] and all(w in watch["text"] for w in ("face up", "lower than yours", "Magnifying"))
    level = steps["Difficulty"]
    assert level["rules"] == ["SM2"] and all(w in level["text"] for w in ("keep all", "lowest", "highest"))
    known = set(RULE_ID.findall(rules_text()))
    assert all(set(s["rules"]) <= known for rules in (SOLO, MULTIPLAYER) for s in guide(rules)["how_to_play"])


def test_the_magnifying_glass_legend_warns_of_a_citybots_stop() -> None:
    """Card abilities (the legend beside the table) says it too: SP10 reveals a pile, and SB1 then may STOP."""
    from egonb.games.egocentric_world.snapshot import card_faces

    use = card_faces(False)["10"]["use"]
    assert "says STOP" in use and "lower than yours" in use and "SB1" not in use  # ids only with the switch


def test_diverse_city_has_a_how_to_play_and_its_rules_page() -> None:
    """Diverse City (docs/DIVERSE-CITY.md): How to play says CITY and PEOPLE (K1), Diversity (R1, R4), disasters (X3),
    why to donate (X4, X9) and the Major disasters (M1-M4), in plain words with the ids as badges; the rules page has
    every rule of its text in order, its deck table's rows joined to their rule (K8), its open questions left out."""
    from egonb.games.diverse_city import Config
    from egonb.games.diverse_city.guide import guide as city_guide

    g = city_guide(Config(end_score=30))
    words = " ".join(s["title"] + " " + s["text"] for s in g["how_to_play"])
    assert all(w in words for w in ("CITY", "PEOPLE", "Diversity", "score 0", "disaster", "reset", "World War", "30"))
    assert not any(re.search(r"\b[A-Z]{1,2}\d+\b", s["title"] + s["text"]) for s in g["how_to_play"])
    text = rules_text("DIVERSE-CITY.md")
    assert [r["id"] for s in g["rules"] for r in s["rules"]] == RULE_ID.findall(text)
    assert {r for s in g["how_to_play"] for r in s["rules"]} <= set(RULE_ID.findall(text))
    k8 = next(r["text"] for s in g["rules"] for r in s["rules"] if r["id"] == "K8")
    assert "Flood (−3): Emergency Services + Food; Fire" in k8 and "|" not in k8 and "disaster |" not in k8
    assert "Open questions" not in [s["title"] for s in g["rules"]]


def test_a_diverse_city_session_sends_its_guide() -> None:
    from egonb.games.diverse_city.session import DCSession

    session = DCSession(seed=1, pace_ms=0, end_score=20)
    first = session.state["guide"]["how_to_play"][0]["text"]
    assert "once a total reaches 20, the highest total wins the game." in first and "shows every kind of card" in first


def test_the_rules_tab_is_a_players_rulebook_solo_rules_first_with_the_reference_as_notes() -> None:
    """The Rules tab opens on a rulebook in plain words: in solo, the Citybots and when one says STOP (SB1) come before
    the cards' details and the difficulty (SM2) is told; in multiplayer, the powers A8-A12. No rule id, seat number or
    word about sources is in its text (ids are badges the "Show rule ids" switch shows); the engine's reference
    (docs/RULES.md) follows as "Notes for the curious"."""
    for multiplayer in (False, True):
        g = guide(MULTIPLAYER if multiplayer else SOLO)
        book = g["rulebook"]
        words = " ".join(s["title"] + " " + s["text"] for s in book)
        assert not re.search(r"\b(?:[A-Z]{1,2}\d+)\b|seat \d|French|source", words), words
        assert book[0]["title"] == "The goal" and "50" in book[0]["text"]
        ids = [i for s in book for i in s["rules"]]
        assert {"T1", "T5", "E1", "E2"} <= set(ids)
        assert g["notes"]["title"] == "Notes for the curious" and g["rules"]  # the reference, folded
    solo = [s["rules"] for s in guide(SOLO)["rulebook"]]
    where = {i: n for n, ids in enumerate(solo) for i in ids}
    assert where["SB1"] < where["C2"] and where["SM1"] < where["C1"] and "SM2" in where
    assert not any(i.startswith(("SB", "SC", "SP", "SM")) for s in guide(MULTIPLAYER)["rulebook"] for i in s["rules"])
    assert {"A8", "A9", "A10", "A11", "A12"} <= {i for s in guide(MULTIPLAYER)["rulebook"] for i in s["rules"]}


def test_diverse_citys_rules_tab_is_a_rulebook_too() -> None:
    """Diverse City's Rules tab: its rulebook in plain words (the goal G1 first; CITY, PEOPLE, disasters, giving and
    asking X4-X5, Major disasters M1-M4, Diversity R1, duplicates R4), no rule id in its text; the reference
    (docs/DIVERSE-CITY.md) as notes."""
    from egonb.games.diverse_city.guide import guide as city_guide

    g = city_guide()
    words = " ".join(s["title"] + " " + s["text"] for s in g["rulebook"])
    assert not re.search(r"\b(?:[A-Z]\d+)\b|seat \d|OCR|rulebook", words), words
    ids = {i for s in g["rulebook"] for i in s["rules"]}
    assert {"G1", "K1", "X4", "X5", "M1", "R1", "R4"} <= ids and g["rulebook"][0]["rules"][-1] == "G1"
    for word in ("CITY", "PEOPLE", "Diversity", "World War", "Pandemic", "Global Warming"):
        assert word in words, word
    assert g["notes"]["title"] == "Notes for the curious" and g["rules"]
