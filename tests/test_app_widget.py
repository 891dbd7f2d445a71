"""The solo app's widgets without a browser: driven with the very messages the browser sends.

Covers the widgets' trust rules (docs/ARCHITECTURE.md): the synced state is built only from what you may
see (a Citybot's hidden pile is a count; dealing the hidden cards anew changes nothing that is
synced, the animation frames included), and a stale, repeated or illegal click is refused and
changes nothing. Saving ("Nothing lost") is in tests/test_app_saves.py.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from egonb import GameState, Rules, determinize, new_game
from egonb.app import CardTable, SoloApp
from egonb.app.assets import play_notebook, widget_file
from egonb.games.egocentric_world.cards import ABILITY_NAMES, ABILITY_SYMBOLS
from egonb.games.egocentric_world.snapshot import event_feed, table_state

#: A rule id of docs/RULES.md: players read plain words, rule ids only come beside them.
RULE_ID = re.compile(r"\b(?:T|A|C|D|E|S|SM|SB|SC|SP|MV)\d+\b")


def click(app: SoloApp, content: object) -> None:
    """Deliver `content` exactly as the browser's `model.send(content)` arrives over the comm."""
    app.table._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def synced(app: SoloApp) -> dict:
    """The card table's state as it is sent to the browser (JSON round trip included)."""
    state = app.table.get_state()
    return json.loads(json.dumps({k: state[k] for k in ("table", "feed", "offer", "faces", "pace_ms")}))


def feed_events(feed: dict) -> list[dict]:
    """Every event of a feed, in the order the browser shows them (frame by frame)."""
    return [e for frame in feed["frames"] for e in frame["events"] if e["kind"] != "note"]


class Clock:
    """A monotonic clock for `SoloApp.clock` that moves only when the test says: `clock.now += 1`."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def play_randomly(app: SoloApp, rng: random.Random, clicks: int) -> None:
    for _ in range(clicks):
        table = synced(app)["table"]
        if not table["legal"]:
            return
        click(app, {"type": "act", "token": table["token"], "action": rng.choice(table["legal"])["id"]})


def test_import_egonb_loads_no_jupyter() -> None:
    code = ("import sys, egonb; bad = [m for m in ('ipywidgets', 'anywidget', 'IPython', 'traitlets') "
            "if m in sys.modules]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_assets_found_from_checkout() -> None:
    assert "export default" in widget_file("table.js").read_text()
    assert ".eg-card" in widget_file("table.css").read_text()
    assert play_notebook().name == "play.ipynb"
    assert "from egonb.app.page import page" in play_notebook().read_text()
    assert CardTable._esm  # anywidget read the ESM at class creation


def test_table_shows_your_view_and_legal_actions() -> None:
    app = SoloApp(seed=5, pace_ms=0)
    table = synced(app)["table"]
    view = app.session.game.view(0)
    assert table["hand"] == list(view.hand) and len(table["hand"]) == 5  # S1
    assert table["discard_top"] == view.top and table["deck_size"] == view.deck_size
    assert [b["pile"] for b in table["bots"]] == [view.pile_sizes[1], view.pile_sizes[2]]  # SM4: counts only
    assert all(isinstance(b["pile"], int) for b in table["bots"])
    assert [a["id"] for a in table["legal"]] == [a.id for a in app.session.game.legal_actions()]
    assert all(a["label"] and a["label"][0].isupper() for a in table["legal"])
    # SM3: Citybot Left opens round 1, so the first feed already narrates Citybot steps with rule ids.
    feed = synced(app)["feed"]
    assert feed["new_game"] and feed_events(feed)[0]["kind"] == "round_start"
    assert any(e["kind"] == "bot" and e["rule"].startswith("SB") for e in feed_events(feed))
    faces = synced(app)["faces"]
    assert {int(v): f["symbol"] for v, f in faces.items()} == ABILITY_SYMBOLS
    assert {int(v): f["name"] for v, f in faces.items()} == ABILITY_NAMES
    assert [f["rule"] for f in faces.values()] == ["SP8", "SP9", "SP10", "SP11", "SP12"]  # the legend's rule ids


def test_click_applies_once_and_stale_or_repeated_clicks_are_refused() -> None:
    app = SoloApp(seed=8, pace_ms=0)
    table = synced(app)["table"]
    draw = next(a for a in table["legal"] if a["kind"] == "draw")
    message = {"type": "act", "token": table["token"], "action": draw["id"]}
    click(app, message)
    after = synced(app)
    assert after["table"]["decision"] == "keep_or_discard" and after["table"]["drawn"]  # T1
    saved = app.session.game.to_json()
    click(app, message)  # the same click again (double click, or a resent message)
    assert app.session.game.to_json() == saved and synced(app) == after
    assert "decision #" in app.session.refused[-1]
    keep = next(a for a in after["table"]["legal"] if a["kind"] == "keep")
    click(app, {"type": "act", "token": table["token"], "action": keep["id"]})  # answers an old decision
    assert app.session.game.to_json() == saved and len(app.session.refused) == 2
    assert app.session.notes[-1].startswith("Click ignored")


@pytest.mark.parametrize("message", [
    {"type": "act", "token": None, "action": 0},
    {"type": "act", "token": True, "action": 0},  # JSON true is not decision #1 (draw, T1, is legal here)
    {"type": "new_game", "token": True},
    {"type": "act", "action": 0},
    {"type": "dance"},
    "not a dict",
])
def test_malformed_messages_are_refused(message: object) -> None:
    app = SoloApp(seed=2, pace_ms=0)
    before, saved = synced(app), app.session.game.to_json()
    click(app, message)
    assert app.session.refused and app.session.game.to_json() == saved and synced(app) == before


def test_illegal_action_for_the_current_decision_is_refused() -> None:
    app = SoloApp(seed=3, pace_ms=0)
    table = synced(app)["table"]
    legal = {a["id"] for a in table["legal"]}
    illegal = next(i for i in range(200) if i not in legal)
    saved = app.session.game.to_json()
    for action in (illegal, -1, 10**6, True, "1"):
        click(app, {"type": "act", "token": table["token"], "action": action})
        assert app.session.game.to_json() == saved
    assert len(app.session.refused) == 5 and "not allowed" in app.session.refused[0]
    assert synced(app)["table"]["token"] == table["token"]


def test_new_game_needs_the_current_token_and_uses_the_chosen_difficulty() -> None:
    app = SoloApp(seed=4, difficulty=1, pace_ms=0)
    old = synced(app)["table"]
    app.difficulty.value = 3
    click(app, {"type": "new_game", "token": old["token"] - 1})
    assert synced(app)["table"] == old
    click(app, {"type": "new_game", "token": old["token"]})
    new = synced(app)["table"]
    assert new["difficulty"] == 3 and new["token"] > old["token"] and new["round"] == 1
    assert synced(app)["feed"]["new_game"]


def test_a_whole_game_to_50_with_scores_round_end_reveals_and_winner() -> None:
    app = SoloApp(seed=21, difficulty=2, pace_ms=0)
    rng = random.Random(0)
    feeds = []
    for _ in range(5000):
        if not synced(app)["table"]["legal"]:
            break
        token = app.session.token
        play_randomly(app, rng, 1)
        assert app.session.token == token + 1
        feeds.extend(feed_events(synced(app)["feed"]))
    table = synced(app)["table"]
    assert table["decision"] == "game_over" and max(table["totals"]) >= 50  # E2
    assert table["totals"] == [sum(r[p] for r in table["scores"]) for p in range(3)]
    assert table["winners"] == [p for p in range(3) if table["totals"][p] == min(table["totals"])]
    ends = [e for e in feeds if e["kind"] == "round_end"]
    assert len(ends) == len(table["scores"]) >= 1
    reveals = [e for e in feeds if e["kind"] == "reveal_hand"]  # E1: every hand is shown at round end
    assert len(reveals) == 3 * len(ends)
    assert all(sum(e["hand"]) == e["score"] for e in reveals)
    assert [e for e in feeds if e["kind"] == "removal" and e["rule"] == "SM2"]  # difficulty 2 removes a card
    assert feeds[-1]["kind"] == "game_end" and "win" in feeds[-1]["text"]
    assert all(e["text"] for e in feeds)
    indices = [e["i"] for e in feeds]
    assert indices == list(range(indices[0], indices[0] + len(indices)))  # no event lost or repeated


def public(table: dict) -> dict:
    """A table without what only the open decision has (its token and legal actions)."""
    return {k: v for k, v in json.loads(json.dumps(table)).items() if k not in ("token", "legal")}


def redealing(rng: random.Random, tables: list[dict]):
    """For each beat of the Citybot turns (`automated_steps`), record the table it would show if every card you
    cannot see were dealt anew at that moment (and checks the narration does not change either)."""
    def observe(state) -> None:
        other = determinize(state, 0, random.Random(rng.getrandbits(32)))
        tables.append(public(table_state(other, 0)))
        start = max(0, len(state.events) - 12)
        assert event_feed(other, start) == event_feed(state, start)
    return observe


def test_synced_state_never_holds_a_hidden_card_across_random_games() -> None:
    """Dealing every card you cannot see anew (determinize) leaves the synced table identical, and
    so every animation frame: the opening Citybot turns (SM3) and those after each of your moves."""
    rng = random.Random(2024)
    checked = frames = 0
    for game_no in range(100):
        level = 1 + game_no % 3
        app = SoloApp(seed=game_no, difficulty=level, pace_ms=0)
        opening: list[dict] = []
        observe = redealing(rng, opening)
        for step in GameState.start(Rules.solo_game(level, full_game=True), random.Random(game_no).getrandbits(32),
                                    automate=False).automated_steps():
            observe(step)
        sent = [public(f["table"]) for f in synced(app)["feed"]["frames"]]
        assert sent == opening and len(opening) >= 2, game_no
        start = 0
        while True:
            state = synced(app)
            for k in range(2):
                other = determinize(app.session.game, 0, random.Random(rng.getrandbits(32)))
                assert json.loads(json.dumps(table_state(other, app.session.token))) == state["table"], (game_no, k)
            # The feed is the events as you may read them: the same list, whatever the hidden cards are.
            assert event_feed(other, start) == event_feed(app.session.game, start)
            for bot in state["table"]["bots"]:
                assert isinstance(bot["pile"], int)
            checked += 1
            start = len(app.session.game.events)
            if not state["table"]["legal"]:
                break
            twin, tables = app.session.game.clone(), []
            action = rng.choice(state["table"]["legal"])["id"]
            click(app, {"type": "act", "token": state["table"]["token"], "action": action})
            twin.apply(action, player=0, automate=False)
            observe = redealing(rng, tables)
            for step in twin.automated_steps():
                observe(step)
            sent = [public(f["table"]) for f in synced(app)["feed"]["frames"]]
            assert sent == (tables or sent[:1]) and len(sent) == max(1, len(tables)), (game_no, checked)
            frames += len(tables)
    assert checked > 600 and frames > 1000


def test_citybot_turns_come_as_frames_one_turn_each() -> None:
    """SM1: after your move each Citybot turn is its own frame, the table as it stands after that turn,
    with only that turn's narration, and a turn that reveals cards from its pile (SB2, SB3) shows them in a
    frame of their own first; the last frame is the table of your next decision."""
    app = SoloApp(seed=11, pace_ms=900)
    feed = synced(app)["feed"]
    first, *turns = feed["frames"]
    assert [e["kind"] for e in first["events"]][:2] == ["note", "round_start"]  # the deal, before Left moves (SM3)
    assert first["table"]["current"] == 1 and not first["table"]["legal"]
    owners = [frame["events"][0]["player"] for frame in turns]  # a turn may hold the other's reaction (SC9)
    assert owners[0] == 1 and set(owners) <= {1, 2} and all(e["kind"] == "bot" for f in turns for e in f["events"])
    # Left's first turn: its pile of 5 (SM4) shows one or two cards (SB2, SB3), then it plays on in the next frame.
    reveal, play = turns[0], turns[1]
    assert [e["rule"] for e in reveal["events"]] in (["SB2"], ["SB2", "SB3"]) and play["events"][0]["player"] == 1
    revealed = len(reveal["events"])
    assert reveal["table"]["bots"][0]["pile"] == 5 - revealed and len(reveal["table"]["bots"][0]["visible"]) == revealed
    assert play["events"][0]["rule"] in ("SB4", "SB5", "SB6", "SB7", "SC8")  # the rest of the same turn
    assert turns[-1]["table"] == synced(app)["table"] and synced(app)["table"]["current"] == 0
    # Step by step, the hidden piles and visible cards change as the turns are played.
    tables = [public(f["table"]) for f in feed["frames"]]
    assert all(a != b for a, b in zip(tables, tables[1:]))
    # Drawing (T1) leaves the decision with you: one frame, no Citybot turn.
    draw = next(a for a in synced(app)["table"]["legal"] if a["kind"] == "draw")
    click(app, {"type": "act", "token": app.session.token, "action": draw["id"]})
    frames = synced(app)["feed"]["frames"]
    assert len(frames) == 1 and [e["kind"] for e in frames[0]["events"]] == ["draw"]
    # Discarding it ends your turn: your move, then the Citybot turns (a reveal from a pile in a frame of its own).
    discard = next(a for a in synced(app)["table"]["legal"] if a["kind"] == "discard_drawn")
    click(app, {"type": "act", "token": app.session.token, "action": discard["id"]})
    frames = synced(app)["feed"]["frames"]
    assert frames[0]["events"][0]["player"] == 0 and frames[0]["table"]["current"] == 1
    assert frames[1]["events"][0]["player"] == 1
    assert len(frames) >= 3 and not synced(app)["feed"]["new_game"]


def test_shield_and_abilities_are_offered_as_the_engine_says() -> None:
    """Across random games every decision kind shows exactly the engine's legal actions, labelled."""
    seen: set[str] = set()
    rng = random.Random(9)
    for seed in range(40):
        app = SoloApp(seed=seed, difficulty=2, pace_ms=0)
        while True:
            table = synced(app)["table"]
            seen.add(table["decision"] if table["decision"] != "ability" else f"ability {table['ability_card']}")
            assert [a["id"] for a in table["legal"]] == [a.id for a in app.session.game.legal_actions()]
            # plain words on the button; its rule id beside them, for the tooltip and the "Show rule ids" switch
            assert all(a["label"] and not RULE_ID.search(a["label"])
                       and all(RULE_ID.fullmatch(rule) for rule in a["rule"].split(", "))
                       for a in table["legal"]), table["legal"]
            if not table["legal"]:
                break
            play_randomly(app, rng, 1)
    assert {"action", "keep_or_discard", "ability 10", "ability 11", "ability 12", "shield", "game_over"} <= seen


def test_app_displays_as_its_widgets() -> None:
    bundle = SoloApp(seed=1, pace_ms=0)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_pace_control_sets_the_animation_speed() -> None:
    app = SoloApp(seed=1, pace_ms=900)
    app.pace.value = 0
    assert synced(app)["pace_ms"] == 0
    with pytest.raises(ValueError, match="difficulty"):
        SoloApp(difficulty=4)


def test_from_env_reads_seed_and_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EGONB_SEED", "77")
    monkeypatch.setenv("EGONB_PACE_MS", "40")
    a, b = SoloApp.from_env(), SoloApp.from_env()
    assert synced(a)["table"] == synced(b)["table"] and synced(a)["pace_ms"] == 40
    assert a.session.game.rules.difficulty == 1  # a new player's first game (SM2)
    monkeypatch.setenv("EGONB_DIFFICULTY", "3")
    assert SoloApp.from_env().session.game.rules.difficulty == 3


def test_widget_assets_load_from_a_wheel_in_a_fresh_venv(tmp_path) -> None:
    """docs/ARCHITECTURE.md: widgets/ must load from a wheel too. Build it, install it alone into a new venv
    (its dependencies come from this environment's site-packages), and load the widget there."""
    import sysconfig
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(repo), "-w", str(tmp_path)],
                   check=True)
    wheel = next(tmp_path.glob("egonb-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
                   check=True)
    code = (
        "import json, egonb, egonb.app\n"
        "from egonb.app.assets import play_notebook, widget_file\n"
        "state = egonb.app.CardTable().get_state()\n"
        "print(json.dumps({'egonb': egonb.__file__, 'js': str(widget_file('table.js')),\n"
        "  'notebook': str(play_notebook()), 'esm': str(state['_esm']), 'css': str(state['_css'])}))\n"
    )
    deps = sysconfig.get_paths()["purelib"]  # anywidget, ipywidgets ... but not the editable egonb (.pth)
    out = subprocess.run([str(python), "-c", code], cwd=tmp_path, env={"PYTHONPATH": deps, "PATH": "/usr/bin:/bin"},
                         check=True, capture_output=True, text=True).stdout
    found = json.loads(out)
    for key in ("egonb", "js", "notebook"):
        assert found[key].startswith(str(venv)), (key, found[key])
    assert "export default { render }" in found["esm"] and ".eg-card" in found["css"]
    assert "from egonb.app.page import page" in Path(found["notebook"]).read_text()


# ------------------------------------------------------------ the audit of the solo app

FULL = Rules.solo_game(difficulty=1, full_game=True)


def at(game, seed: int = 1) -> SoloApp:
    """An app whose table is the hand-built position `game` (positions.position)."""
    app = SoloApp(seed=seed, difficulty=1, pace_ms=0)
    app.session.resume(game, "a hand-built position")
    return app


def act_kind(app: SoloApp, kind: str, **args: int) -> None:
    """Click the legal action of `kind` (with these a/b/c), as the browser would."""
    table = synced(app)["table"]
    action = next(a for a in table["legal"] if a["kind"] == kind and all(a[k] == v for k, v in args.items()))
    click(app, {"type": "act", "token": table["token"], "action": action["id"]})


def test_new_game_asks_before_throwing_away_a_game_in_progress() -> None:
    """The top "New game" button deals at once before your first move; after it, a first click only asks, a move
    cancels the question, and a second click deals. The table tells the page the same (`played`: its Load asks)."""
    app = SoloApp(seed=7, difficulty=1, pace_ms=0)
    app.clock = clock = Clock()
    first = app.session.game
    app.new_game_button.click()
    assert app.session.game is not first, "nothing played yet: nothing to lose"
    assert synced(app)["table"]["played"] is False
    act_kind(app, "draw")
    assert synced(app)["table"]["played"] is True
    playing, events = app.session.game, len(app.session.game.events)
    app.new_game_button.click()
    assert app.session.game is playing and len(playing.events) == events, "the first click changes nothing"
    assert (app.new_game_button.description, app.new_game_button.button_style) == ("Abandon this game?", "danger")
    act_kind(app, "discard_drawn")
    assert app.new_game_button.description == "New game", "playing on cancels the question"
    for control, value in ((app.pace, 900), (app.difficulty, 3)):  # so does turning to another control
        app.new_game_button.click()
        control.value = value
        assert app.new_game_button.description == "New game" and app.session.game is playing, control
    app.table.send = lambda content, buffers=None: None  # type: ignore[method-assign]  # (the download's reply)
    for message in ({"type": "download"}, {"type": "load", "text": "{broken"}):  # or to the save area
        app.new_game_button.click()
        click(app, message)
        assert app.new_game_button.description == "New game" and app.session.game is playing, message
    app.new_game_button.click()
    assert app.session.game is playing
    clock.now += 1  # a second click of its own, not the second half of a double-click
    app.new_game_button.click()
    assert app.session.game is not playing and not app.session.game.scores
    assert app.new_game_button.description == "New game"
    assert synced(app)["table"]["played"] is False


def test_a_double_click_on_new_game_does_not_abandon_the_game() -> None:
    """The click that asks "Abandon this game?" and the next one within DOUBLE_CLICK_S are one double-click: the
    game goes on and the question stays; a click after that answers it."""
    app = SoloApp(seed=7, difficulty=1, pace_ms=0)
    app.clock = clock = Clock()
    act_kind(app, "draw")
    playing, events = app.session.game, len(app.session.game.events)
    app.new_game_button.click()
    clock.now += 0.3
    app.new_game_button.click()
    assert app.session.game is playing and len(playing.events) == events
    assert app.new_game_button.description == "Abandon this game?", "still asking"
    clock.now += 0.3  # 0.6 s after the question: a click of its own
    app.new_game_button.click()
    assert app.session.game is not playing and app.new_game_button.description == "New game"


def test_keep_playing_takes_back_abandon_this_game() -> None:
    """"Keep playing" is shown only while "Abandon this game?" asks, and says no: the game goes on and the next
    New game click asks again."""
    app = SoloApp(seed=7, difficulty=1, pace_ms=0)
    app.clock = clock = Clock()
    assert app.keep_button.layout.display == "none"
    act_kind(app, "draw")
    playing = app.session.game
    app.new_game_button.click()
    assert app.keep_button.layout.display != "none" and app.new_game_button.description == "Abandon this game?"
    clock.now += 5
    app.keep_button.click()
    assert app.session.game is playing and app.new_game_button.description == "New game"
    assert app.keep_button.layout.display == "none"
    clock.now += 5
    app.new_game_button.click()
    assert app.session.game is playing and app.new_game_button.description == "Abandon this game?", "asked again"


def test_game_over_table_shows_every_hand_face_up() -> None:
    """E1: the hands are scored openly, so the table left at game over hides no Citybot card. Citybot Left
    said STOP (T5) with a card still in its pile; the round, and the game (E2, Right passes 50), end after you."""
    game = GameState.from_position(
        FULL, hands=[[1, 2], [4], [3, 5]], discard=[6], deck=[2], piles=[[], [7], [8]], stop_caller=1,
        scores=[[0, 0, 48]], rest="deck")
    app = at(game)
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")
    table = synced(app)["table"]
    assert table["decision"] == "game_over"
    assert [(b["visible"], b["pile"]) for b in table["bots"]] == [([4, 7], 0), ([3, 5, 8], 0)]
    assert table["hand"] == [1, 2]


@pytest.mark.parametrize("pile, gets", [
    ([], "its highest card, the 11"),
    ([5, 2], "the top card of its pile, unseen"),  # SB2 shows the 2; the 5 stays hidden
])
def test_black_shield_prompt_names_the_citybot_that_plays_two_cards(pile: list[int], gets: str) -> None:
    """SP9: Citybot Left plays its 11 (SB5 pair, SC11) against you while you hold a 9; the question says what
    the exchange would cost you, so you can weigh your 9."""
    game = GameState.from_position(
        FULL, hands=[[9, 1], [11, 11], [4, 6]], discard=[5], deck=[3], piles=[[], pile, [7, 8]], rest="deck")
    app = at(game)
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")
    table = synced(app)["table"]
    assert table["decision"] == "shield"
    assert (table["current"], table["turn"]) == (0, 1)  # you answer during Citybot Left's turn (the page says so)
    assert table["prompt"] == ("Citybot Left plays Two Cards against you: it would take your lowest card, "
                               f"the 1, for {gets}. Play your 9 (Black Shield) to cancel it?")
    assert table["prompt_rules"] == ("Citybot Left plays Two Cards against you (SC11): it would take your lowest card, "
                                     f"the 1, for {gets}. Play your 9 (Black Shield) to cancel it (SP9)?")


@pytest.mark.parametrize("drawn, words", [(3, "a 3"), (8, "an 8 (789)"), (11, "an 11 (Two Cards)")])
def test_the_drawn_card_prompt_says_it_as_the_log_does(drawn: int, words: str) -> None:
    """T1: the card you drew is named with its article and ability, in the prompt as in the log's line."""
    app = at(GameState.from_position(FULL, hands=[[1, 2], [4, 6], [5, 6]], discard=[10], deck=[drawn], rest="deck"))
    act_kind(app, "draw")
    table = synced(app)["table"]
    assert table["prompt"] == f"You drew {words}: click the card of your hand it replaces, or discard it."
    assert table["prompt_rules"] == f"You drew {words}: click the card of your hand it replaces, or discard it (T1)."
    assert feed_events(synced(app)["feed"])[-1]["text"] == f"You draw {words}"


def test_the_hourglass_extra_turn_is_named_in_the_prompt() -> None:
    """SP12: after you use a 12's Hourglass, the page says the next turn is your extra one, and only that one."""
    game = GameState.from_position(
        FULL, hands=[[12, 3, 4], [5, 6], [2, 7]], discard=[12], deck=[1, 11, 10], piles=[[], [8], [8]],
        rest="deck")
    app = at(game)
    assert synced(app)["table"]["prompt"].startswith("Your turn:")
    act_kind(app, "match", a=12)
    act_kind(app, "hourglass")
    table = synced(app)["table"]
    assert (table["current"], table["decision"], table["extra_turn"]) == (0, "action", True)
    assert table["prompt"].startswith("Your extra turn (Hourglass):")
    assert table["prompt_rules"].startswith("Your extra turn (Hourglass, SP12):")
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")  # the extra turn ends; both Citybots play, then your next turn is a plain one
    table = synced(app)["table"]
    assert (table["current"], table["extra_turn"]) == (0, False)
    assert table["prompt"].startswith("Your turn:")


def test_legal_actions_carry_the_rule_id_their_label_cites() -> None:
    """The page names a match's rule from the action's data (its prompt: "put your 8 on it (SP8)"): a 789 matched on
    a 9 cites SP8, a 9 on a 9 T3 (A8/SP8), taking the discard T2, drawing T1."""
    app = at(GameState.from_position(FULL, hands=[[8, 9, 3], [4, 6], [5, 6]], discard=[9], deck=[1], rest="deck"))
    rules = {(a["kind"], a["a"]): a["rule"] for a in synced(app)["table"]["legal"]}
    assert (rules["match", 8], rules["match", 9], rules["take", 3], rules["draw", 0]) == ("SP8", "T3", "T2", "T1")


def test_magnifying_glass_prompt_says_why_a_citybot_cannot_be_chosen() -> None:
    """SP10 after matching a 10 (T3): Left shows a 9, so SC9 protects its pile; Right's pile may be revealed."""
    game = GameState.from_position(
        FULL, hands=[[10, 3, 4], [9, 5], [2]], discard=[10], deck=[], piles=[[], [6, 7], [7, 8]], rest="deck")
    app = at(game)
    act_kind(app, "match", a=10)
    table = synced(app)["table"]
    assert (table["decision"], table["ability_card"]) == ("ability", 10)
    assert [a["kind"] for a in table["legal"]] == ["skip", "reveal_pile"]
    assert "Citybot Left shows a 9, so its pile is protected." in table["prompt"]
    assert "Citybot Left shows a 9, so its pile is protected (SC9)" in table["prompt_rules"]
    assert "Citybot Right" not in table["prompt"]
    assert [b["protected"] for b in table["bots"]] == [True, False]  # the table marks it too


def test_an_automatic_skip_is_not_narrated_as_your_choice() -> None:
    """Both Citybots show a 9 (SC9): the engine skips your Magnifying Glass; the log says you could not use it.
    Skipping it yourself still reads as your choice."""
    game = GameState.from_position(
        FULL, hands=[[10, 3, 4], [9, 5], [9, 2]], discard=[10], deck=[], piles=[[], [6, 7], [7, 8]],
        rest="deck")
    app = at(game)
    act_kind(app, "match", a=10)
    kinds = [e["kind"] for e in feed_events(synced(app)["feed"])]
    assert "skip" not in kinds
    skip = next(e for e in feed_events(synced(app)["feed"]) if e["kind"] == "no_target")
    assert skip["player"] == 0 and skip["rule"] == "SP10"
    assert skip["text"].startswith("You cannot use the Magnifying Glass: no Citybot has a hidden pile to reveal")

    game = GameState.from_position(
        FULL, hands=[[10, 3, 4], [9, 5], [2]], discard=[10], deck=[], piles=[[], [6, 7], [7, 8]], rest="deck")
    app = at(game)
    act_kind(app, "match", a=10)
    act_kind(app, "skip")
    skip = next(e for e in feed_events(synced(app)["feed"]) if e["kind"] == "skip")
    assert (skip["rule"], skip["text"]) == ("D2", "You do not use the Magnifying Glass")


def test_difficulty_hint_says_a_change_waits_for_the_next_new_game() -> None:
    """SM2: the difficulty is set for a game; the page says when a new choice takes effect."""
    app = SoloApp(seed=4, difficulty=2, pace_ms=0)
    assert "next New game" in app.difficulty_hint.value and "difficulty 2" in app.difficulty_hint.value
    app.difficulty.value = 3
    hint = app.difficulty_hint.value
    assert "Difficulty 3 applies from the next New game" in hint and "stays at difficulty 2" in hint
    assert synced(app)["table"]["difficulty"] == 2
    click(app, {"type": "new_game", "token": app.session.token})
    assert synced(app)["table"]["difficulty"] == 3 and "stays" not in app.difficulty_hint.value


def test_the_round_end_event_carries_the_ended_rounds_piles_live_and_after_a_reload() -> None:
    """The table under a round-end summary (endTable in widgets/table.js) takes its deck and discard pile from
    the round-end event, never from the frame of the round end (the next deal). Rebuilt after a reload
    (session `_summary_start`) the feed holds only the next round's table, and the same event."""
    game = GameState.from_position(
        FULL, hands=[[1, 2], [4], [3, 5]], discard=[6], deck=[2], piles=[[], [7], [8]], stop_caller=1,
        rest="deck")
    app = at(game)
    act_kind(app, "draw")
    before = synced(app)["table"]
    act_kind(app, "discard_drawn")  # the turn comes back to Citybot Left, who said STOP (T5)
    frames = synced(app)["feed"]["frames"]
    end = next(i for i, f in enumerate(frames) if any(e["kind"] == "round_end" for e in f["events"]))
    ended = next(e for e in frames[end]["events"] if e["kind"] == "round_end")["round"]
    assert before["round"] == ended and before["discard_top"] == 6
    assert frames[end]["table"]["round"] == ended + 1  # the next deal: not the piles of the ended round
    event = next(e for e in frames[end]["events"] if e["kind"] == "round_end")
    # the drawn 2 went onto the discard pile (D1), then the round ended: nothing else moved
    assert (event["deck"], event["discard"], event["top"]) == (before["deck_size"], before["discard_size"] + 1, 2)
    app.session.resume(app.session.game, "reloaded")  # what a reload does with the saved game
    feed = synced(app)["feed"]
    assert feed_events(feed)[0] == event
    assert [f["table"]["round"] for f in feed["frames"]] == [ended + 1]
    # A game saved before round ends carried their piles still reloads; the page then puts the piles away.
    old = app.session.game.clone()
    old.events = [e._replace(args={"round": e.args["round"]}) if e.kind == "round_end" else e for e in old.events]
    app.session.resume(GameState.from_json(old.to_json()), "an older save")
    assert {k: v for k, v in feed_events(synced(app)["feed"])[0].items() if k in ("kind", "round", "deck")} == {
        "kind": "round_end", "round": ended}


def round_end_event(app: SoloApp) -> dict:
    return next(e for e in feed_events(synced(app)["feed"]) if e["kind"] == "round_end")


def test_a_continued_game_tells_the_page_which_moves_came_since_your_turn() -> None:
    """A reload mid-round: the feed's history holds the Citybot moves since your last turn, and `since` points
    at them, so the page's "since your turn" box is the one you left; it stays through the turn you are in
    (before your first turn of a round, it runs from the round's start)."""
    app = at(GameState.from_position(
        FULL, hands=[[1, 2, 6], [4, 6], [3, 5]], discard=[7], deck=[12, 8], piles=[[], [2, 3], [4, 5]],
        rest="deck"))
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")  # both Citybots play
    app.session.resume(app.session.game, "reloaded")
    feed = synced(app)["feed"]
    yours = max(e["i"] for e in feed["history"] if e["player"] == 0 and e["kind"] == "discard_drawn")
    box = feed["since"]
    assert (box["start"], box["stop"], box["moved"]) == (yours + 1, len(app.session.game.events), True)
    assert {e["player"] for e in feed["history"][box["start"]:box["stop"]]} == {1, 2}  # both Citybots' turns
    act_kind(app, "draw")  # a decision of the turn you are in: the box still shows the turns before it
    app.session.resume(app.session.game, "reloaded")
    assert synced(app)["feed"]["since"] == box
    fresh = SoloApp(seed=3, difficulty=1, pace_ms=0)
    fresh.session.resume(new_game(FULL, 3), "reloaded before any move")  # Citybot Left opened the round (SM3)
    feed = synced(fresh)["feed"]
    start = next(e["i"] for e in feed["history"] if e["kind"] == "round_start")
    assert (feed["since"]["start"], feed["since"]["moved"]) == (start + 1, False)


def test_the_round_end_event_names_who_said_stop_also_after_a_reload() -> None:
    """A round-end summary rebuilt after a reload only has the next round's table: the round-end event says who
    said STOP (T5) so the summary's felt still shows the badge. T6 after a STOP names the caller too; a round
    nobody stopped names nobody."""
    # T5: Citybot Left said STOP; the turn comes back to it after yours.
    app = at(GameState.from_position(
        FULL, hands=[[1, 2], [4], [3, 5]], discard=[6], deck=[2], piles=[[], [7], [8]], stop_caller=1,
        rest="deck"))
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")
    assert round_end_event(app)["stop"] == 1
    app.session.resume(app.session.game, "reloaded")  # what a reload does with the saved game: the summary comes again
    assert round_end_event(app)["stop"] == 1 and synced(app)["table"]["stop_caller"] is None  # the next round's
    # T6: you say STOP, then Citybot Left matches its last card (SB4) and its hand is empty.
    app = at(GameState.from_position(
        FULL, hands=[[1, 2], [4], [3, 5]], discard=[4], deck=[], piles=[[], [], [8]], rest="deck"))
    act_kind(app, "stop")
    event = round_end_event(app)
    assert (event["rule"], event["player"], event["stop"]) == ("T6", 1, 0)
    # T6 without a STOP: you match your last card (T3).
    app = at(GameState.from_position(
        FULL, hands=[[5], [4], [3, 5]], discard=[5], deck=[], piles=[[], [7], [8]], rest="deck"))
    act_kind(app, "match", a=5)
    event = round_end_event(app)
    assert (event["rule"], event["stop"]) == ("T6", None)


def test_a_citybot_move_that_changes_your_hand_or_says_stop_is_news() -> None:
    """SC11: Citybot Left's Two Cards takes your lowest card (no 9 to answer with, SP9): its frame says so in one
    sentence with the card you got (the page marks it); SB1/T5: a Citybot's STOP makes your turn the round's last."""
    app = at(GameState.from_position(FULL, hands=[[2, 1], [11, 11], [4, 6]], discard=[5], deck=[3],
                                     piles=[[], [], [7, 8]], rest="deck"))
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")
    frames = synced(app)["feed"]["frames"]
    told = [n for f in frames for n in f["news"]]
    assert told == [{"text": "Citybot Left took your 1 and gave you an 11.", "cards": [11]}], frames
    assert not frames[0]["news"]  # your own move is not news
    app = at(GameState.from_position(FULL, hands=[[9, 8], [1], [4, 6]], discard=[5], deck=[3, 2],
                                     piles=[[], [], [7, 8]], rest="deck"))
    act_kind(app, "draw")
    act_kind(app, "discard_drawn")
    told = [n["text"] for f in synced(app)["feed"]["frames"] for n in f["news"]]
    assert told == ["Citybot Left said STOP: this is your last turn of the round."]
    table = synced(app)["table"]
    assert table["last_turn"] and table["prompt"].startswith("Last turn of the round. Your turn:")
