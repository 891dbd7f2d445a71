"""The multiplayer game in the session: you and 1-5 AI players from `egonb.agents`.

Played through the very messages the page sends; the AI players' turns come as frames like the Citybots'; what the
page receives holds no card you cannot see (every such card dealt anew leaves every message unchanged); the game
saves, resumes and ends with n players; bad choices and clicks are refused and change nothing.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from helpers import multiplayer_move

from egonb import GameState, determinize
from egonb.app import SoloApp
from egonb.games.egocentric_world.actions import ACTIONS
from egonb.games.egocentric_world.players import AIPlayers, multiplayer_rules
from egonb.games.egocentric_world.session import GameSession
from egonb.games.egocentric_world.snapshot import event_feed, table_state

#: A seeded game of you and two Greedy AI players where `multiplayer_move` answers a Black Shield question with its 9,
#: makes a Two Cards announcement, and wins (the browser test plays the same game by clicking).
SEED, CHOICE = 44, {"game": "multiplayer", "opponents": 2, "strength": "Greedy"}
SLOT = "cd" * 16


def page(tmp_path=None, seed: int = SEED, choice: dict | None = CHOICE):
    """A session and the page's model and inbox, every change and message JSON round-tripped."""
    model: dict = {}
    inbox: list[dict] = []

    def update(changes: dict) -> None:
        model.update(json.loads(json.dumps(changes)))

    def send(message: dict) -> None:
        inbox.append(json.loads(json.dumps(message)))

    session = GameSession(seed=seed, pace_ms=0, save_dir=tmp_path, update=update, send=send, choice=choice)
    return session, model, inbox


def move(model: dict) -> dict:
    """The policy's action for the table on the page, as the page would send it."""
    t = model["table"]
    action = multiplayer_move(t["hand"], t["drawn"], [ACTIONS[a["id"]] for a in t["legal"]])
    return {"type": "act", "token": t["token"], "action": action.id}


def test_a_multiplayer_game_plays_to_the_end_with_a_black_shield_and_an_announcement(tmp_path) -> None:
    session, model, inbox = page(tmp_path)
    session.handle({"type": "hello", "slot": SLOT})
    table = model["table"]
    assert table["names"] == ["You", "Ada", "Ben"] and table["setting"] == "2 AI players"
    assert [(b["seat"], b["name"], b["player"]) for b in table["bots"]] == [(1, "Ada", True), (2, "Ben", True)]
    assert all(b["visible"] == [] and b["pile"] == 5 for b in table["bots"])  # S1: five cards each, none seen
    assert model["faces"]["11"]["rule"] == "A11" and "announce" in model["faces"]["11"]["use"]  # the legend
    asked = []
    announced = False
    banners: list[str] = []
    notes: list[str] = []
    while model["table"]["legal"]:
        t = model["table"]
        if t["decision"] == "shield":
            asked.append((t["prompt"], [a["label"] for a in t["legal"]]))
        if t["decision"] == "two_cards_choice" and any(a["kind"] == "random" for a in t["legal"]):
            assert "for Ada's card, take one at random, or announce a value" in t["prompt"]
            assert "Announce 5" in [a["label"] for a in t["legal"]]
            announced = True
        frames = model["feed"]["frames"]
        session.handle(move(model))
        assert model["table"]["token"] == t["token"] + 1, inbox[-1:]
        # After your move, each AI turn is a frame of its own, narrated by one recap line naming its player.
        frames = model["feed"]["frames"]
        banners += [n["text"] for f in frames for n in f["news"]]
        notes += [e["text"] for f in frames for e in f["events"] if e["kind"] == "note"]
        assert len(model["table"]["legal"]) != 1  # a question with one possible answer is never asked
        owners = [{e["player"] for e in f["events"] if e["player"] not in (None, 0)} for f in frames[1:]]
        assert all(len(o) <= 2 for o in owners)  # an AI's turn, and a Black Shield answer of another AI (A9)
        for line in frames[-1]["recap"]["lines"]:
            assert line["text"].split()[0] in ("Ada", "Ben")
    # A9: every designated player is asked; with a 9 you may cancel, without one the page lets it happen for you
    # at once, and the log says so.
    assert any(labels == ["Play your 9 (Black Shield) to cancel it", "Let it happen"] for _, labels in asked)
    assert "Answered for you, the only possible answer: Let it happen" in notes
    assert announced
    # An AI player's Two Cards that changes your hand, and a STOP, are told in a banner.
    assert "Ben took your 5 and gave you an 11." in banners
    assert "Ada said STOP: this is your last turn of the round." in banners
    end = model["table"]["game_end"]
    assert end["players"] == 3 and end["rank"] == 1 and len(end["running"]) == 3
    assert max(row[-1] for row in end["running"]) >= 50  # E2
    assert [b["pile"] for b in model["table"]["bots"]] == [0, 0]  # E1: the last hands are shown
    assert model["history"] == [{"difficulty": None, "label": "Multiplayer", "wins": 1, "losses": 0,
                                 "average": float(model["table"]["totals"][0])}]


def test_save_and_continue_a_multiplayer_game(tmp_path) -> None:
    """The slot saves a multiplayer game and the choice of the next game; a reload offers it and continues it, its AI
    players playing on (at the strength chosen)."""
    session, model, _ = page(tmp_path)
    session.handle({"type": "hello", "slot": SLOT})
    for _ in range(3):
        session.handle(move(model))
    again, model2, inbox2 = page(tmp_path, seed=7, choice=None)  # a new kernel: it deals a solo game first
    again.handle({"type": "hello", "slot": SLOT})
    assert model2["offer"]["setting"] == "2 AI players" and model2["offer"]["names"] == ["You", "Ada", "Ben"]
    assert again.choice == CHOICE  # kept in the slot's settings
    again.handle({"type": "resume", "choice": "continue"})
    assert again.game.to_json() == session.game.to_json()
    assert {k: v for k, v in model2["table"].items() if k != "token"} == {
        k: v for k, v in model["table"].items() if k != "token"}
    for _ in range(5):
        again.handle(move(model2))
    assert again.players is not None and again.game.current_player in (0, None)


def redealt_tables(game: GameState, players: AIPlayers, rng: random.Random) -> list[dict]:
    """The table of each beat of the AI players' turns due now, as it would be sent if every card you cannot see
    were dealt anew at that beat (and the narration, which must not change either); a question of yours with one
    possible answer is answered, as the page does."""
    out = []

    def redealt(state: GameState) -> None:
        other = determinize(state, 0, random.Random(rng.getrandbits(32)))
        out.append(public(table_state(other, 0)))
        start = max(0, len(state.events) - 12)
        assert event_feed(other, start) == event_feed(state, start)

    while True:
        for state in players.turns(game):
            redealt(state)
        if game.is_over or game.current_player != 0 or len(game.legal_actions()) != 1:
            return out
        game.apply(game.legal_actions()[0].id, player=0, automate=False)  # the page answers it at once (A9)
        redealt(game)


def public(table: dict) -> dict:
    return {k: v for k, v in json.loads(json.dumps(table)).items() if k not in ("token", "legal")}


@pytest.mark.parametrize("opponents", [1, 2, 3, 5])
def test_no_message_to_the_page_holds_a_card_you_cannot_see(opponents: int) -> None:
    """Dealing every card you cannot see anew leaves every table sent unchanged: the final one after each move, and
    every frame of the AI players' turns (replayed on a twin of the game with copies of the same agents)."""
    rng = random.Random(opponents)
    checked = frames = 0
    for game_no in range(6):
        session, model, _ = page(seed=game_no, choice={**CHOICE, "opponents": opponents})
        game = session.game  # the opening: the AI players who play before your first decision (S2)
        opening = redealt_tables(GameState.start(game.rules, game.seed, automate=False),
                                 AIPlayers(CHOICE["strength"], game.rules.players, game.seed), rng)
        assert [public(f["table"]) for f in model["feed"]["frames"]] == (opening or [public(model["table"])])
        while True:
            for _ in range(2):
                other = determinize(session.game, 0, random.Random(rng.getrandbits(32)))
                assert json.loads(json.dumps(table_state(other, session.token))) == model["table"]
            checked += 1
            if not model["table"]["legal"]:
                break
            twin, players = session.game.clone(), copy.deepcopy(session.players)
            message = move(model) if rng.random() < 0.7 else {
                "type": "act", "token": model["table"]["token"], "action": rng.choice(model["table"]["legal"])["id"]}
            session.handle(message)
            twin.apply(message["action"], player=0)
            beats = redealt_tables(twin, players, rng)
            sent = [public(f["table"]) for f in model["feed"]["frames"]]
            assert sent == (beats or sent[:1]) and len(sent) == max(1, len(beats))
            frames += len(beats)
    assert checked > 40 and frames > 40


def test_monte_carlo_players_play_a_seeded_round() -> None:
    """The stronger AI players (Monte-Carlo, with a bounded number of samples) play through the same path."""
    session, model, _ = page(seed=3, choice={**CHOICE, "opponents": 3, "strength": "Monte-Carlo"})
    start_round = model["table"]["round"]
    for _ in range(40):
        if model["table"]["round"] != start_round or not model["table"]["legal"]:
            break
        session.handle(move(model))
    assert session.players is not None and session.players.strength == "Monte-Carlo"
    assert any(f["events"] for f in model["feed"]["frames"])


def test_bad_choices_and_clicks_are_refused_and_change_nothing(tmp_path) -> None:
    session, model, inbox = page(tmp_path)
    before = json.dumps(model, sort_keys=True)
    for bad in (("multi", 2, "Greedy"), ("multiplayer", 0, "Greedy"), ("multiplayer", 6, "Greedy"),
                ("multiplayer", True, "Greedy"), ("multiplayer", 2, "Perfect"), (["solo"], 2, "Greedy"),
                ("multiplayer", 2, ["Greedy"])):
        with pytest.raises(ValueError):
            session.choose_game(*bad)
    assert session.choice == CHOICE
    t = model["table"]
    wrong = next(a.id for a in ACTIONS if a.kind == "announce")  # not a decision of yours now
    for message in ({"type": "act", "token": t["token"], "action": wrong}, {"type": "act", "token": t["token"] + 5,
                    "action": t["legal"][0]["id"]}, {"type": "choose_game", "game": "solo"}, ["act"]):
        session.handle(message)
        assert inbox[-1]["refused"]
    assert json.dumps(model, sort_keys=True) == before
    # A slot whose saved choice is malformed keeps the default choice.
    (tmp_path / f"{SLOT}.settings.json").write_text(json.dumps({"game": {"game": "multiplayer", "opponents": 9}}))
    fresh, _, _ = page(tmp_path, choice=None)
    fresh.handle({"type": "hello", "slot": SLOT})
    assert fresh.choice["game"] == "solo"


def test_a_position_where_an_ai_player_must_answer_or_you_must_answer() -> None:
    """Hand-built: you play Two Cards on Ada and Ben, who are asked in turn (A9; the AI answers on its own view);
    then your choices: a random card from Ada, an announced value for Ben (A11), with plain buttons."""
    rules = multiplayer_rules(2)
    game = GameState.from_position(rules, hands=[[11, 3], [4, 6], [2, 8]], discard=[11], deck=[], rest="deck")
    session, model, _ = page(choice=None)
    session.resume(game, "a hand-built position")
    assert session.players is not None and len(session.players.agents) == 2
    match = next(a for a in model["table"]["legal"] if a["kind"] == "match")
    session.handle({"type": "act", "token": model["table"]["token"], "action": match["id"]})
    t = model["table"]
    assert t["decision"] == "ability" and t["prompt"].startswith("Two Cards: choose two players")
    labels = {a["label"]: a for a in t["legal"]}
    assert "Exchange a card between Ada and Ben" in labels and "Exchange a card between you and Ada" in labels
    session.handle({"type": "act", "token": t["token"], "action": labels["Exchange a card between Ada and Ben"]["id"]})
    told = [e["text"] for f in model["feed"]["frames"] for e in f["events"]]
    assert told == ["You designate Ada and Ben for the Two Cards", "Ada does not play a Black Shield",
                    "Ben does not play a Black Shield"]  # neither holds a 9; both were asked (A9)
    assert model["feed"]["frames"][-1]["recap"]["lines"] == []  # their answers are part of your turn: no recap line
    t = model["table"]
    assert t["decision"] == "two_cards_choice" and t["designated"] == [1, 2]
    assert [a["label"] for a in t["legal"]] == ["Take a random card from Ada"] + [f"Announce {v}" for v in range(1, 13)]
    session.handle({"type": "act", "token": t["token"], "action": t["legal"][0]["id"]})  # a random card from Ada
    t = model["table"]
    assert "for Ben's card" in t["prompt"]
    announce = next(a for a in t["legal"] if a["label"] == "Announce 8")  # Ben holds an 8: the exchange happens
    session.handle({"type": "act", "token": t["token"], "action": announce["id"]})
    told = [e["text"] for e in model["feed"]["frames"][0]["events"]]
    assert told[:2] == ["You announce the value 8 for Ben", "Ada and Ben exchange a card"]
    assert 8 in model["feed"]["frames"][0]["table"]["bots"][0]["visible"]  # an announced card is known to all (A11)


def test_the_controls_offer_multiplayer_beside_solo() -> None:
    app = SoloApp(seed=1, pace_ms=0)
    assert [label for label, _ in app.game_choice.options] == ["Solo", "Multiplayer"]
    assert app.game_choice.tooltips == ("Solo against the Citybots", "Multiplayer: you and 1–5 AI players")
    assert app.opponents not in app.controls.children and app.difficulty in app.controls.children
    app.game_choice.value = "multiplayer"
    app.opponents.value = 4
    app.strength.value = "Monte-Carlo"
    assert app.session.choice == {"game": "multiplayer", "opponents": 4, "strength": "Monte-Carlo"}
    assert app.difficulty not in app.controls.children and app.strength in app.controls.children
    assert app.session.game.rules.players == 3  # the solo game on the table stays until New game
    app.new_game_button.click()
    assert app.session.game.rules.players == 5 and len(app.table.table["bots"]) == 4
    assert "This game: 4 AI players" in app.difficulty_hint.value
