"""The Diverse City session (egonb/games/diverse_city/session.py) driven the way its page drives it: plain JSON
messages.

A real engine and real AI players throughout, every game seeded."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from egonb.errors import GameError
from egonb.games.diverse_city import sample_state
from egonb.games.diverse_city.checks import problems
from egonb.games.diverse_city.decisions import Answer
from egonb.games.diverse_city.events import Event
from egonb.games.diverse_city.save import dumps
from egonb.games.diverse_city.session import DCSession, event_feed, table_state

SLOT = "cd" * 16


def choose(t: dict[str, Any]) -> dict[str, Any]:
    """A simple player on the browser's table: call Diversity, donate when asked, else the first move offered."""
    legal = t["legal"]
    by_kind = {a["kind"]: a for a in legal}
    if "call" in by_kind:
        return by_kind["call"]
    return next((a for a in legal if a["kind"] == "give"), legal[0]) if t["decision"] == "answer" else legal[0]


class Page:
    """A page model fed only by `update` and `send`: every change and message must survive JSON unchanged."""

    def __init__(self) -> None:
        self.model: dict[str, Any] = {}
        self.inbox: list[dict[str, Any]] = []

    def update(self, changes: dict[str, Any]) -> None:
        assert json.loads(json.dumps(changes)) == changes
        self.model.update(changes)

    def send(self, message: dict[str, Any]) -> None:
        assert json.loads(json.dumps(message)) == message
        self.inbox.append(message)

    def session(self, **kw: Any) -> DCSession:
        return DCSession(update=self.update, send=self.send, pace_ms=0, **kw)


def test_the_session_imports_no_widget() -> None:
    code = ("import sys, egonb.games.diverse_city.session; "
            "bad = [m for m in ('ipywidgets', 'anywidget', 'IPython', 'traitlets')"
            " if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_page_plays_a_whole_game_through_json_messages() -> None:
    page = Page()
    s = page.session(opponents=2, seed=7, end_score=20)
    t = page.model["table"]
    assert t["names"] == ["You", "Player 2", "Player 3"] and page.model["feed"]["new_game"]
    assert page.model["feed"]["frames"][-1]["table"] == t and t["current"] == 0 and len(t["legal"]) >= 2
    moves = 0
    while t["decision"] != "game_over":
        batch = page.model["feed"]["batch"]
        s.handle({"type": "act", "token": t["token"], "action": choose(t)["id"]})
        feed = page.model["feed"]
        assert feed["batch"] == batch + 1 and feed["frames"][-1]["table"] == page.model["table"]
        t = page.model["table"]
        moves += 1
    assert s.refused == [] and moves > 3 and max(t["totals"]) >= 20 and t["winners"] and t["legal"] == []
    assert any(e["kind"] == "game_end" for f in page.model["feed"]["frames"] for e in f["events"])


def test_every_ai_decision_is_a_frame_and_your_move_comes_first() -> None:
    page = Page()
    s = page.session(opponents=3, seed=3)
    t = page.model["table"]
    mine = choose(t)
    s.act(t["token"], mine["id"])
    frames = page.model["feed"]["frames"]
    texts = [e["text"] for e in frames[0]["events"]]
    assert texts and texts[0].startswith("You "), texts
    assert all(f["events"] for f in frames[1:-1])  # every AI decision says what it did
    assert all(f["table"]["legal"] == [] for f in frames[:-1])  # nothing is clickable while the AI players move


BAD_MESSAGES = [
    "act", None, [], {"type": "shout"}, {"no": "type"},
    {"type": "act", "token": 99, "action": 0},
    {"type": "act", "token": True, "action": 0},
    {"type": "act", "token": "1", "action": 0},
    {"type": "act", "token": "TOKEN", "action": "0"},
    {"type": "act", "token": "TOKEN", "action": 1.5},
    {"type": "act", "token": "TOKEN", "action": -1},
    {"type": "act", "token": "TOKEN", "action": 10**9},
    {"type": "act", "token": "TOKEN", "action": "ILLEGAL"},
    {"type": "act", "token": "TOKEN", "action": None},
    {"type": "new_game", "token": "TOKEN", "opponents": 0, "ai": "heuristic"},
    {"type": "new_game", "token": "TOKEN", "opponents": 6, "ai": "heuristic"},
    {"type": "new_game", "token": "TOKEN", "opponents": True, "ai": "heuristic"},
    {"type": "new_game", "token": "TOKEN", "opponents": "3", "ai": "heuristic"},
    {"type": "new_game", "token": "TOKEN", "opponents": 3, "ai": "oracle"},
    {"type": "new_game", "token": 0, "opponents": 3, "ai": "heuristic"},
    {"type": "hello", "slot": "../../etc/passwd"},
    {"type": "resume", "choice": "continue"},
]


@pytest.mark.parametrize("message", BAD_MESSAGES, ids=[str(i) for i in range(len(BAD_MESSAGES))])
def test_a_hostile_message_gets_a_clear_error_and_changes_nothing(tmp_path: Path, message: Any) -> None:
    page = Page()
    s = page.session(opponents=3, seed=5, save_dir=tmp_path)
    if isinstance(message, dict):
        legal = {a["id"] for a in page.model["table"]["legal"]}
        illegal = next(i for i in range(1000) if i not in legal)
        message = {k: s.token if v == "TOKEN" else illegal if v == "ILLEGAL" else v for k, v in message.items()}
    before, model, token = dumps(s.game), json.dumps(page.model, sort_keys=True), s.token
    s.handle(message)
    assert dumps(s.game) == before and json.dumps(page.model, sort_keys=True) == model and s.token == token
    notes = [m for m in page.inbox if m["type"] == "note"]
    assert len(s.refused) == 1 and len(notes) == 1 and notes[0]["refused"]
    assert notes[0]["text"].startswith("Click ignored: ") and len(notes[0]["text"]) > 30
    assert not list(tmp_path.rglob("*.json")), "nothing is saved before the page names a valid slot"


def test_a_stale_or_repeated_click_is_applied_once() -> None:
    page = Page()
    s = page.session(opponents=1, seed=2)
    t = page.model["table"]
    assert s.act(t["token"], choose(t)["id"])
    after = dumps(s.game)
    assert not s.act(t["token"], choose(t)["id"]) and dumps(s.game) == after
    assert "arrived while decision" in s.refused[-1]


def test_the_session_refuses_a_bad_choice_when_made() -> None:
    with pytest.raises(GameError, match="1 to 5 AI players"):
        DCSession(opponents=6)
    with pytest.raises(GameError, match="AI players are one of"):
        DCSession(ai="random")


@pytest.mark.parametrize("opponents", [1, 2, 3, 4, 5])
def test_the_browser_is_told_nothing_you_cannot_see(opponents: int) -> None:
    """I1: re-deal every card you cannot see (other hands, the draw pile) in many ways; the table sent to the
    browser is the same (and each world holds every card once, a Major under way included). An event's secret (a
    card drawn into another hand) never reaches your log."""
    s = DCSession(opponents=opponents, seed=opponents, end_score=30)
    rng = random.Random(opponents)
    checked = 0
    while not s.game.is_over:
        view = s.game.view(0)
        for _ in range(3):
            world = sample_state(view, rng)
            assert table_state(world, s.token) == s.state["table"] and not problems(world)
            checked += 1
        s.act(s.token, choose(s.state["table"])["id"])
    assert checked >= 9
    feed = event_feed(s.game, 0)
    hidden = 0
    for item, event in zip(feed, s.game.events):
        if event.secret is not None and 0 not in event.to and not event.known_to_all(s.game.config.players):
            blind = event._replace(secret={k: "SECRET" for k in event.secret})
            s.game.events[item["i"]] = blind
            assert event_feed(s.game, item["i"])[0] == item
            s.game.events[item["i"]] = event
            hidden += 1
    assert hidden > 0 and not any("SECRET" in i["text"] for i in feed)


def test_a_question_out_of_turn_names_who_asks_for_which_disaster() -> None:
    """X5: an AI player asks you to donate while you hold a card that fits: you may decline or give it."""
    s = DCSession(opponents=3, seed=3, end_score=20)
    while s.state["table"]["decision"] != "answer":
        s.act(s.token, choose(s.state["table"])["id"])
    t = s.state["table"]
    pending = s.game.pending
    assert isinstance(pending, Answer)
    asker = pending.asker
    assert t["current"] == 0 and t["turn"] == asker != 0
    assert t["question"] == (f"Player {asker + 1} asks you to donate to their "
                             f"{s.game.config.card_name(s.game.fronts[asker][pending.place][0])}")
    kinds = {a["kind"] for a in t["legal"]}
    assert kinds == {"decline", "give"}
    labels = [a["label"] for a in t["legal"]]
    assert "Decline to donate" in labels and all("(" not in label for label in labels)  # no rule ids in words
    give = next(a for a in t["legal"] if a["kind"] == "give")
    assert s.act(s.token, give["id"])
    texts = [e["text"] for f in s.state["feed"]["frames"] for e in f["events"]]
    assert any(text.startswith("You give ") and f"Player {asker + 1}'s" in text for text in texts), texts


def test_a_game_is_saved_to_the_browser_slot_and_continued(tmp_path: Path) -> None:
    page = Page()
    s = page.session(opponents=4, seed=9, save_dir=tmp_path)
    s.handle({"type": "hello", "slot": SLOT})
    assert page.inbox[-1] == {"type": "welcome", "saving": True}
    for _ in range(3):
        if s.game.is_over:
            break
        s.act(s.token, choose(s.state["table"])["id"])
    saved = dumps(s.game)
    again = Page()
    s2 = again.session(opponents=1, seed=1, save_dir=tmp_path)
    s2.handle({"type": "hello", "slot": SLOT})
    offer = again.model["offer"]
    assert offer["names"] == ["You", "Player 2", "Player 3", "Player 4", "Player 5"] and offer["round"] >= 1
    assert not s2.act(s2.token, choose(again.model["table"])["id"])  # answer the offer first
    s2.handle({"type": "resume", "choice": "continue"})
    assert dumps(s2.game) == saved and again.model["offer"] == {} and again.model["feed"]["history"]
    assert again.model["table"]["names"] == offer["names"] and s2.opponents == 4
    s2.act(s2.token, choose(again.model["table"])["id"])
    third = Page()
    s3 = third.session(seed=1, save_dir=tmp_path)
    s3.handle({"type": "hello", "slot": SLOT})
    s3.handle({"type": "resume", "choice": "new"})
    assert third.model["offer"] == {} and len(third.model["table"]["names"]) == 4


def test_the_page_offers_paces_in_its_readers_words_the_normal_one_by_default() -> None:
    """The pace select (widgets/diverse.js): at the Instant pace (0 ms) no card travels (widgets/motion.js)."""
    page = Page()
    s = page.session(seed=11)
    paces = dict((name, ms) for ms, name in page.model["choices"]["paces"])
    assert paces == {"Slow": 1400, "Normal": 700, "Fast": 300, "Instant": 0}
    assert DCSession(seed=11).state["pace_ms"] == paces["Normal"]
    s.handle({"type": "new_game", "token": s.token, "opponents": 2, "ai": "heuristic"})
    assert page.model["choices"]["paces"] == [[ms, name] for name, ms in paces.items()]


def test_a_new_game_with_other_players_and_the_monte_carlo_ai_is_seeded() -> None:
    tables = []
    for _ in range(2):
        page = Page()
        s = page.session(seed=11)
        s.handle({"type": "new_game", "token": s.token, "opponents": 1, "ai": "monte-carlo"})
        s.act(s.token, choose(page.model["table"])["id"])
        tables.append(page.model["table"])
    assert tables[0] == tables[1] and tables[0]["names"] == ["You", "Player 2"]


def test_the_events_are_said_to_you_by_the_catalogue_whatever_your_seat_is_named() -> None:
    """The catalogue's second-person forms (egonb/messages), chosen for the reader, never repaired afterwards: seat 0
    reads "You ..." even when it is named Ada, and the others' words name you in lower case (X5, K3)."""
    names = ("Ada", "Bo", "Cy")
    said = {kind: Event(kind, "X5", player, args).text(names, 0, you=0) for kind, player, args in (
        ("draw", 0, {}), ("put_back", 0, {"card": "World War"}), ("pass", 0, {}),
        ("ask", 0, {"q": 1, "disaster": "Flood"}), ("give", 2, {"card": "Food 1", "q": 0, "disaster": "Flood"}),
        ("clear", None, {"q": 0, "disaster": "Flood", "cards": ["Food 1", "Housing 2"]}),
        ("round_start", 0, {"round": 2}), ("pass_hand", 1, {"q": 0, "n": 1}),
        ("game_end", None, {"seats": [0, 2], "total": 51}))}
    assert said == {"draw": "You draw a card", "put_back": "You show World War and put it back into the draw pile",
                    "pass": "You have no card and pass", "ask": "You ask Bo to donate to your Flood",
                    "give": "Cy gives Food 1 to your Flood",
                    "clear": "Your Flood is cleared: it goes to the discard pile with Food 1, Housing 2",
                    "round_start": "Round 2 begins: you play first", "pass_hand": "Bo passes 1 card to you",
                    "game_end": "Game over: you and Cy share the win with 51 points"}
    assert Event("draw", "P2", 1, {}).text(names, 0, you=0) == "Bo draws a card"


def test_a_major_disaster_asks_your_choice_card_by_card() -> None:
    """M1, M4, P8: Global Warming strikes and you hold more CITY cards than it takes: you discard them one at a
    time, told how many are left; the others choose after you, then the turn goes on."""
    s = DCSession(opponents=3, seed=6, end_score=20)
    while s.state["table"]["decision"] != "major":
        s.act(s.token, choose(s.state["table"])["id"])
    t = s.state["table"]
    assert t["question"] == "Global Warming strikes: discard 2 CITY cards"
    assert {a["kind"] for a in t["legal"]} == {"discard"} and len(t["legal"]) > 2
    hand = len(t["hand"])
    s.act(s.token, t["legal"][0]["id"])
    t = s.state["table"]
    assert t["question"] == "Global Warming strikes: discard 1 CITY card" and len(t["hand"]) == hand - 1


def test_a_round_end_frame_brings_the_disasters_in_front_as_the_round_ended() -> None:
    """R3: disasters count against their owner; the table after a call is the next round's, so the frame of the
    call carries the fronts the round ended with: with the hands shown they make every round score."""
    s = DCSession(opponents=3, seed=3, end_score=20)
    ends = 0
    while True:
        for frame in s.state["feed"]["frames"]:
            if "ended" in frame:
                t = frame["table"]
                for seat, (hand, front) in enumerate(zip(t["shown"], frame["ended"])):
                    assert s.game.config.round_score(hand, [e["card"] for e in front]) == t["scores"][-1][seat]
                ends += 1
        if s.game.is_over:
            break
        s.act(s.token, choose(s.state["table"])["id"])
    assert ends == len(s.game.scores) >= 2


def test_egonb_play_serves_the_diverse_city_notebook(tmp_path: Path) -> None:
    from egonb.app.serve import app_notebook

    notebook = app_notebook("diverse-city", tmp_path)
    assert notebook.name == "diverse-city.ipynb" and 'page(\\"diverse-city\\")' in notebook.read_text()
    assert json.loads(notebook.read_text())["metadata"]["title"] == "Diverse City"
    assert (tmp_path / "voila.json").is_file() and (tmp_path / "voila.py").is_file()
    run = subprocess.run([sys.executable, "-m", "egonb.cli", "play", "--help"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0 and "--game {diverse-city,egocentric-world}" in run.stdout


#: What a deal and the forced steps after it may say (U1-U5, P8: the first draw, from an empty discard pile, is
#: forced); an AI player's decision says something else.
DEALT = {"note", "round_start", "redeal", "deal", "front", "put_back", "turn", "draw", "reset", "major", "pass_hand",
         "major_done"}


def test_a_new_games_first_frame_is_the_deal_and_the_ai_players_decide_in_the_frames_after_it() -> None:
    """The page holds the AI players while How to play is open (widgets/diverse.js): it can only if their first
    decision is not in the deal's frame."""
    firsts = set()
    for seed in range(12):
        page = Page()
        page.session(opponents=3, seed=seed)
        frames = page.model["feed"]["frames"]
        first = frames[0]["table"]["current"]
        firsts.add(first)
        assert {e["kind"] for e in frames[0]["events"]} <= DEALT, frames[0]["events"]
        assert frames[0]["events"][0]["kind"] == "note" and frames[0]["table"]["round"] == 1
        if first != 0:  # an AI player opens: its decisions follow, one frame each
            assert len(frames) >= 2 and any(set(e["kind"] for e in f["events"]) - DEALT for f in frames[1:])
        else:
            assert len(frames) == 1 and frames[0]["table"]["legal"]
    assert len(firsts) > 1  # seeds where you open and seeds where an AI player does


def test_the_page_gets_a_card_legend_of_every_kind_of_card() -> None:
    """K1: CITY (the nine categories K2), PEOPLE (K7, H2), personal disasters (each with what clears it, K3, K8, and
    the reset threshold X8), Majors (M2-M4), and the Diversity call (R1)."""
    page = Page()
    s = page.session(opponents=3, seed=1)
    legend = page.model["legend"]
    assert [e["kind"] for e in legend] == ["city", "people", "disaster", "major", "diversity"]
    by = {e["kind"]: e for e in legend}
    faces = page.model["faces"]
    assert all(faces[str(e["sample"])]["kind"] == e["kind"] for e in legend if e["sample"] is not None)
    assert [i["text"] for i in by["city"]["items"]][:2] == ["Emergency Services", "Housing"]
    assert len(by["city"]["items"]) == 9 and "score 0" in by["city"]["text"]
    assert "Flood -3: Emergency Services and Food" in [i["text"] for i in by["disaster"]["items"]]
    assert "Blackout -2: Power Plant or Communications" in [i["text"] for i in by["disaster"]["items"]]
    assert "5 disasters" in by["disaster"]["text"]
    s.handle({"type": "new_game", "token": s.token, "opponents": 5, "ai": "heuristic"})
    assert "6 disasters" in {e["kind"]: e for e in page.model["legend"]}["disaster"]["text"]  # X8 with 6 players
    assert "call Diversity" in by["people"]["text"] and "one PEOPLE at most" in by["people"]["text"]
    assert [i["text"].split(":")[0] for i in by["major"]["items"]] == ["World War", "Pandemic", "Global Warming"]


def test_no_button_is_repeated_in_whole_games() -> None:
    """Identical disasters (two of each in the deck, K8) once gave two buttons with the same words."""
    for seed in range(4):
        s = DCSession(opponents=3, seed=seed, end_score=20)
        rng = random.Random(seed)
        while not s.game.is_over:
            labels = [a["label"] for a in s.state["table"]["legal"]]
            assert len(labels) == len(set(labels)), labels
            s.act(s.token, rng.choice(s.state["table"]["legal"])["id"])


def test_a_reload_offers_its_saved_game_and_continue_replaces_the_game_dealt_behind_it(tmp_path: Path) -> None:
    """The session deals as it starts (Voilà preheats it); the page plays nothing before the welcome, and an offer
    comes with that welcome; "Continue" replaces the whole feed with the saved game's."""
    page = Page()
    s = page.session(opponents=2, seed=4, save_dir=tmp_path)
    s.handle({"type": "hello", "slot": SLOT})
    s.act(s.token, choose(page.model["table"])["id"])
    saved = dumps(s.game)
    again = Page()
    s2 = again.session(opponents=2, seed=99, save_dir=tmp_path)
    dealt = again.model["feed"]["batch"]
    s2.handle({"type": "hello", "slot": SLOT})
    assert again.model["offer"] and again.inbox[-1]["type"] == "welcome"
    s2.handle({"type": "resume", "choice": "continue"})
    feed = again.model["feed"]
    assert feed["batch"] == dealt + 1 and feed["new_game"] and dumps(s2.game) == saved
    assert feed["frames"][-1]["table"] == again.model["table"]
