"""The text catalogue (egonb/messages, docs/ARCHITECTURE.md "Texts"): every sentence a person reads comes from it, the
translators' template is the source's, and a translation plugs in per reader with the standard library's gettext."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from egonb import Rules, new_game
from egonb.games.diverse_city.cards import CATEGORIES, DEFAULT_DISASTERS, MAJOR_NAMES
from egonb.games.egocentric_world.events import Event
from egonb.games.egocentric_world.session import GameSession
from egonb.games.egocentric_world.snapshot import event_feed
from egonb.messages import MESSAGES, PAGE, texts_for
from egonb.messages.extract import POT, template

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_template_is_the_source_s() -> None:
    """`python -m egonb.messages.extract` regenerates egonb/messages/egonb.pot: run it after changing a message."""
    pytest.importorskip("babel")
    assert POT.read_bytes() == template(), "egonb.pot is out of date: run python -m egonb.messages.extract"
    assert POT.read_text(encoding="utf-8").count("msgctxt") == len(MESSAGES)


def test_every_second_person_form_has_the_third_person_one_it_replaces() -> None:
    for message_id in MESSAGES:
        if message_id.endswith(".you"):
            assert message_id[: -len(".you")] in MESSAGES, message_id
            plural = isinstance(MESSAGES[message_id], tuple)
            assert plural == isinstance(MESSAGES[message_id[: -len(".you")]], tuple), message_id


def test_every_recap_form_has_the_sentence_it_shortens() -> None:
    """`.did` (an event without its subject) and `.inside` (in lower case, inside a line) are forms of a sentence
    (`Event.clause`): each has its whole sentence under the id before it."""
    forms = [m for m in MESSAGES if m.endswith((".did", ".inside"))]
    assert len(forms) > 20
    for message_id in forms:
        assert message_id.rsplit(".", 1)[0] in MESSAGES, message_id


def test_a_message_declared_twice_with_other_words_is_refused() -> None:
    from egonb.messages import msg

    assert msg("event.draw", "{player} draws a card") == "event.draw"  # the same words again: harmless
    with pytest.raises(ValueError, match="event.draw"):
        msg("event.draw", "{player} picks a card")
    assert MESSAGES["event.draw"] == "{player} draws a card"


def test_the_reader_is_you_whatever_the_seat_is_named_and_rule_ids_follow_the_reader() -> None:
    """SM1: the page's reader is seat 0; the engine's log keeps its rule ids (T5), the page shows them only behind its
    switch (the item's `rule`)."""
    names = ("Ada", "Bo")
    draw = Event("draw", "T1", 0, {}, {"card": 11}, (0,))
    assert draw.text(names, 0, you=0) == "You draw an 11 (Two Cards)"
    assert draw.text(names, 1, you=1) == "Ada draws a card"
    assert draw.text(names, 0, you=None) == "Ada draws an 11 (Two Cards)"
    end = Event("round_end", "T5", 1, {"round": 2})
    assert end.text(names, 0, you=1) == "Round 2 ends: the turn comes back to you, who said STOP (T5)"
    assert end.text(names, 0, you=1, texts=PAGE) == "Round 2 ends: the turn comes back to you, who said STOP"


def _french(tmp_path: Path) -> Path:
    """A two-message French translation, compiled as gettext reads it (Babel: a development tool here)."""
    babel = pytest.importorskip("babel.messages")
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="fr", domain="egonb")
    catalog.add("You draw a card", "Vous piochez une carte", context="event.draw.you")
    catalog.add("{player} draws a card", "{player} pioche une carte", context="event.draw")
    catalog.add("Draw a card", "Piocher une carte", context="label.draw")
    catalog.add("it draws and reveals {a_drawn}", "il pioche et révèle {a_drawn}", context="bot.draw")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "egonb.mo", "wb") as out:
        write_mo(out, catalog)
    assert babel
    return tmp_path


def test_a_translation_is_chosen_per_reader_at_run_time_and_falls_back_to_english(tmp_path: Path) -> None:
    """French is only a translation: the same events and table read in French for one session, in English for
    another, a message the translation lacks in English."""
    french = texts_for("fr", rules=False, localedir=_french(tmp_path))
    names = ("Ada", "Bo")
    assert Event("draw", "T1", 0, {}).text(names, 0, you=0, texts=french) == "Vous piochez une carte"
    assert Event("draw", "T1", 1, {}).text(names, 0, you=0, texts=french) == "Bo pioche une carte"
    stop = Event("stop", "T5", 1, {}).text(names, 0, you=0, texts=french)
    assert stop == "Bo says STOP: everyone else gets one more turn"
    assert Event("draw", "T1", 0, {}).text(names, 0, you=0) == "You draw a card"  # nobody else's language changed

    english = GameSession(seed=3)
    session = GameSession(seed=3)
    session.texts = french
    session.new_game()
    english.new_game()
    labels = {a["kind"]: a["label"] for a in session.state["table"]["legal"]}
    assert labels["draw"] == "Piocher une carte"
    assert {a["kind"]: a["label"] for a in english.state["table"]["legal"]}["draw"] == "Draw a card"
    assert texts_for("en").template("label.draw") == "Draw a card"


def test_a_citybot_step_is_said_from_the_ids_the_engine_records_and_an_old_save_in_its_own_words(
        tmp_path: Path) -> None:
    """SB7: the engine records the step's `say` and cards, never English, so a translation says it; a step saved by
    an older version keeps the words it was saved with, its rule ids hidden from a reader who hides them."""
    names = ("You", "Citybot Left", "Citybot Right")
    new = Event("bot", "SB7", 1, {"step": "SB7", "say": "draw", "drawn": 8}, step="SB7")
    assert new.text(names, 0) == "Citybot Left — SB7: it draws and reveals a 789"
    assert new.text(names, 0, texts=PAGE) == "Citybot Left — it draws and reveals a 789"
    assert new.step_words(names) == "it draws and reveals a 789"
    french = texts_for("fr", rules=False, localedir=_french(tmp_path))
    # the card's article is its own message (`card.a`), which this small translation leaves in English
    assert new.text(names, 0, texts=french) == "Citybot Left — il pioche et révèle a 789"
    old = Event("bot", "SB6", 1, {"step": "SB6", "text": "it takes the 5 and plays the 7 (SB6)"}, step="SB6")
    assert old.text(names, 0) == "Citybot Left — SB6: it takes the 5 and plays the 7 (SB6)"
    assert old.text(names, 0, texts=PAGE) == "Citybot Left — it takes the 5 and plays the 7"
    saved_why = Event("round_start", "S2", 1, {"round": 1, "why": "SM3: Citybot Left starts the first round"})
    assert saved_why.text(names, 0, texts=PAGE) == "Round 1 begins: Citybot Left plays first (Citybot Left starts " \
                                                    "the first round)"


def test_the_page_s_feed_hides_rule_ids_even_in_the_variants_own_words() -> None:
    game = new_game(Rules.solo_game(1), 2)
    feed = [item["text"] for item in event_feed(game, 0)]
    assert feed and not any(re.search(r"\b(?:SM|SB|SC|SP)\d+\b", line) for line in feed), feed


# ----------------------------------------------------------------- the guard: no sentence outside the catalogue

EGONB = ROOT / "egonb"
#: Python whose every user-visible string must come from the catalogue: the page's framework, every module of every
#: game (engine, variants, events, sessions, tables, snapshots, recap, saves ...), the static edition's host and the
#: tutorial's widgets and chapter checks.
GUARDED = [*sorted((EGONB / "app").glob("*.py")), *sorted((EGONB / "games").rglob("*.py")), EGONB / "site" / "host.py",
           *sorted((EGONB / "tutorial").glob("*.py"))]
#: Words, not sentences: a string with two words or a capitalised word reads as text a person might see.
_TEXT = re.compile(r"^(?=.*[A-Za-z]{2,})(?=.*\s).*$|^[A-Z][a-z]+$", re.DOTALL)
_PLAYERS, _EW, _DC = "games/egocentric_world/players.py", "games/egocentric_world", "games/diverse_city"
#: Diverse City's card names: its configuration's data, stored by name in its events and saves (K2, K8, K9), which
#: positions are written with; the page shows them in the catalogue's words (`city.card.<name>`).
CITY_NAMES = {*CATEGORIES, *MAJOR_NAMES.values(), *(d.name for d in DEFAULT_DISASTERS)}
#: The chapters' checks click the Diverse City action whose English words (the engine's `describe`) start so.
_CLICKS = ("put emergency services 2", "give housing 2", "give emergency services 4", "give emergency services 3",
           "ask player 2", "give public transportation 2", "draw the top card", "discard people", "put food 1")
#: The strings that are not the catalogue's (by file, relative to egonb/), and why.
ALLOWED = {
    (_PLAYERS, "You"): "seat 0's name, kept in saves: the page says you by the catalogue's second person",
    (_PLAYERS, "Ada"): "AI players' names are proper names", (_PLAYERS, "Ben"): "",
    (_PLAYERS, "Cleo"): "", (_PLAYERS, "Dev"): "", (_PLAYERS, "Eve"): "",
    (f"{_EW}/variants/solo.py", "You"): "seat names (SM1), kept in saves like any name the rules give",
    (f"{_EW}/variants/solo.py", "Citybot Left"): "", (f"{_EW}/variants/solo.py", "Citybot Right"): "",
    (f"{_EW}/seating.py", "Player "): "", (f"{_DC}/config.py", "Player "): "",
    (f"{_EW}/events.py", "You"): "the engine's convention for the seat that reads its own log (SM1)",
    (f"{_DC}/events.py", "You"): "",
    (f"{_DC}/session.py", "Emergency"): "where a card's name may break: the names are Diverse City's data (PENDING_PY)",
    (f"{_DC}/session.py", "Transportation"): "", (f"{_DC}/session.py", "Management"): "",
    (f"{_DC}/session.py", "Communications"): "",
    (f"{_EW}/game.py", "Egocentric World"): "a game's title, a proper name", (f"{_DC}/game.py", "Diverse City"): "",
    (_PLAYERS, "Greedy"): "a strength's key (its words: `strength.Greedy`)",
    (f"{_EW}/session.py", "Slow"): "a pace's key (its words: `pace.<name>`)", (f"{_EW}/session.py", "Normal"): "",
    (f"{_EW}/session.py", "Fast"): "", (f"{_EW}/session.py", "Instant"): "", (f"{_EW}/controller.py", "Normal"): "",
    ("site/host.py", "Normal"): "",
    (f"{_DC}/session.py", "Slow"): "a pace's key, as Egocentric World's", (f"{_DC}/session.py", "Normal"): "",
    (f"{_DC}/session.py", "Fast"): "", (f"{_DC}/session.py", "Instant"): "",
    ("app/page.py", "True"): "an environment variable's value",
    ("app/guide.py", "Teaching variant"): "the heading of docs/RULES.md's section that is not played here",
    (f"{_EW}/rules.py", "final totals, lower is better (E2)"): "`scoring`, which the toolkit's results tables print "
                                                               "(in English, as all the toolkit's reports)",
    (f"{_DC}/config.py", "final totals, higher is better (G1)"): "",
    # Parts of a GameError's diagnostics for programmers (an agent's illegal move, a load refused), built before
    # they are raised: the page quotes a refused file's reason as it is.
    (f"{_EW}/state.py", " must "): "", (f"{_EW}/state.py", "(it does not fit this position): "): "",
    (f"{_EW}/worlds.py", "nobody (the game is over)"): "", (f"{_EW}/worlds.py", "seat "): "",
    (f"{_EW}/save.py", "known cards"): "", (f"{_EW}/save.py", "a list of cards or seats"): "",
    (f"{_EW}/save.py", "hands, piles and scores"): "", (f"{_DC}/save.py", "an observer"): "",
    (f"{_DC}/save.py", "a seat"): "", (f"{_DC}/save.py", "saved game is not a possible position"): "",
    (f"{_DC}/state.py", "not a possible position"): "",
    ("tutorial/render.py", "You"): "seat 0's name in the tutorial's positions: the board says you by the catalogue",
    **{("tutorial/checks.py", words): "a check's probe (the start of a button's English words)" for words in _CLICKS},
}
#: Modules whose sentences are still typed in English (the test below fails when one is done and still listed).
PENDING_PY: set[str] = set()
#: Whole files for developers, not players: the loader's JavaScript (egonb/app/assets.py) and the replays' list of
#: tables it writes (egonb/app/tables.py).
DEVELOPER_FILES = {"app/assets.py", "app/tables.py"}
#: Functions whose strings are diagnostics for programmers, collected and raised as one GameError (a configuration's
#: or a position's problems), and `__repr__`.
DIAGNOSTICS = {"problems", "_problems", "__post_init__", "__repr__"}


def _markup(value: str) -> bool:
    """HTML tags (or a tag's start or end cut by a field) and CSS values, with no words in between: no sentence. A
    label for screen readers (`aria-label`, `title`) of two words or more is one."""
    if re.search(r"(?:aria-label|title|alt)=['\"][^'\"]*\s", value):
        return False
    rest = re.sub(r"<[^<>]*>?|^[^<>]*>", " ", value).split()
    return all(":" in word or re.fullmatch(r"[\d.]+(?:px|%|em)?|#[0-9a-fA-F]{3,6}|solid|dashed|row|wrap|auto", word)
               or not re.search(r"[A-Za-z]{2}", word) for word in rest)


def _not_shown(tree: ast.AST) -> set[int]:
    """Docstrings, log lines, exceptions raised for programmers, regular expressions' patterns and what an assert
    tests (the chapters' checks compare the screen with the English they expect): never on the page."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            out.update(id(sub) for sub in ast.walk(node.test))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "re":
            out.add(id(node.args[0]))
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and body and \
                isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            out.add(id(body[0].value))
        logs = (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("debug", "info", "warning", "error", "exception"))
        error = (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                 and node.func.id.endswith(("Error", "Exception")))
        diagnostic = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in DIAGNOSTICS
        names = (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                 and node.targets[0].id == "__all__")
        if isinstance(node, ast.Raise) or logs or error or diagnostic or names:
            out.update(id(sub) for sub in ast.walk(node))
    return out


def _key(path: Path) -> str:
    """`path` as ALLOWED names it: relative to egonb/ (a module outside the package by its name)."""
    return path.relative_to(EGONB).as_posix() if path.is_relative_to(EGONB) else path.name


def python_strings_outside_the_catalogue(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden = _not_shown(tree)
    return [f"{_key(path)}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in hidden
            and _TEXT.search(node.value) and not _markup(node.value) and node.value not in CITY_NAMES
            and (_key(path), node.value) not in ALLOWED]


def test_no_sentence_is_typed_outside_the_catalogue_in_python() -> None:
    """Event texts, a Citybot's steps, action labels, refusals, prompts, the guide, the controls' words, the static
    host's notes: all are the catalogue's, in every module of both games, the page's framework and the host."""
    found = [line for path in GUARDED if _key(path) not in DEVELOPER_FILES | PENDING_PY
             for line in python_strings_outside_the_catalogue(path)]
    assert not found, "user-visible strings outside egonb/messages:\n" + "\n".join(found)
    done = [key for key in PENDING_PY if not python_strings_outside_the_catalogue(EGONB / key)]
    assert not done, f"no sentence left in {done}: take them off PENDING_PY"


def test_the_guard_sees_a_sentence(tmp_path: Path) -> None:
    """The guard is not blind: a label typed in a module, an assert's words and a screen reader's label are caught; a
    docstring, a log line, an error for programmers, a configuration's problems, a key, markup, a card's name (data)
    and what an assert compares are not."""
    module = tmp_path / "snapshot.py"
    module.write_text('"""Doc string here."""\nimport logging\nlogging.getLogger().warning("a log line")\n'
                      'LABEL = "Draw a card"\nKEY = "discard_top"\nTITLE = f"Round {1} begins"\n'
                      'ERROR = GameError(f"seat {2} is no seat")\n'
                      'def _problems():\n    return ["players must be 2 to 6"]\n'
                      'def step(state):\n    state.emit("bot", "SB2", 1, {"text": f"it reveals a {3}"})\n'
                      'assert "only you see" in LABEL, "T1: the log says so"\n'
                      'ROW = "<tr style=\'padding:1px 4px\'><td>"\nGRID = "<table aria-label=\'Citybot steps\'>"\n'
                      'CARD = C("Emergency Services", 2)\n')
    found = python_strings_outside_the_catalogue(module)
    assert sorted(line.split(": ", 1)[1] for line in found) == [
        "\"<table aria-label='Citybot steps'>\"", "' begins'", "'Draw a card'", "'Round '", "'T1: the log says so'",
        "'it reveals a '"]


def test_the_guard_reads_every_module_of_both_games_and_the_static_host() -> None:
    """A sentence typed in a Citybot step, an engine's event or the static host would fail the guard above."""
    keys = {_key(path) for path in GUARDED}
    assert {"games/egocentric_world/variants/citybots.py", "games/egocentric_world/state.py",
            "games/egocentric_world/recap.py", "games/diverse_city/state.py", "games/diverse_city/events.py",
            "games/diverse_city/session.py", "app/session_base.py", "site/host.py", "tutorial/checks.py",
            "tutorial/stepper.py", "tutorial/diverse.py"} <= keys


# ----------------------------------------------------------------- the same guard for the widgets' JavaScript

WIDGETS = ROOT / "widgets"
#: Modules whose sentences are still typed in English, to move into egonb/messages/browser.py (the test below fails
#: when one is done and still listed, so this list only shrinks).
PENDING_JS: set[str] = set()
#: Literals that look like words and are not: keys a handler compares, CSS, the favicon's markup (its EW is the mark
#: on a card's back, `ui.card.back`).
JS_NOT_WORDS = {"Escape", "Enter", "(prefers-reduced-motion: reduce)", "cubic-bezier(.25, .75, .35, 1)",
                "QuotaExceededError", "import site; site.getsitepackages()[0]",
                "Greedy",  # a strength's key (egonb/games/egocentric_world/players.py), shown by its catalogue word
                "def agent(view):", "    return view.legal_actions[0]"}  # Python code, the same in every language
JS_MARKUP_FILES = {"page.js"}
_JS_TOKENS = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`|//[^\n]*|/\*.*?\*/'
                        r'|/(?![/*])(?:[^/\\\n\[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+/[gimsuy]*', re.S)
#: HTML tags and CSS selectors' words: a string of only these (and class names, which have a hyphen) is no sentence.
_MARKUP = {"li", "ul", "div", "span", "p", "h2", "h3", "button", "details", "summary", "table", "tr", "td", "th",
           "svg", "g", "path", "input", "label", "section", "aside", "strong", "b", "ol", "line", "text", "rect",
           "polyline", "circle", "a", "select", "option"}


def js_sentences(path: Path) -> list[str]:
    """The string literals of a module that read as words for a person (comments, regular expressions, imports,
    class names, selectors and keys are not)."""
    source = path.read_text(encoding="utf-8")
    found = []
    for token in _JS_TOKENS.finditer(source):
        literal = token.group(0)
        before = source[max(0, token.start() - 16):token.start()]
        if literal[0] not in "\"'`" or before[-6:].strip() in ("from", "import") or \
                re.search(r"(?:new Error|console\.\w+)\($", before):
            continue  # an import, or a diagnostic for programmers (a broken deployment of the static page)
        text = re.sub(r"\$\{(?:[^{}]|\{[^{}]*\})*\}", "", literal[1:-1])
        words = [w.strip(",") for w in text.split() if w.strip(",")]
        markup = all(not re.search(r"[A-Za-z]", w) or re.fullmatch(r"[a-z]+\(.*|[a-z%]*\)", w) or
                     re.fullmatch(r"[.#\[]?[a-z0-9_\-:\[\]=\"'>.*()]*", w) and
                     ("-" in w or w.strip(".#") in _MARKUP or w[0] in ".#[") for w in words)
        shown = re.search(r"(?:text|title|label|aria-label\"):\s*$", source[max(0, token.start() - 20):token.start()])
        one_word = len(words) == 1 and not re.match(r"[A-Z][a-z]", words[0]) and not shown
        if re.search(r"[A-Za-z]{2}", text) and not markup and not one_word and text not in JS_NOT_WORDS:
            found.append(f"{path.name}:{source.count(chr(10), 0, token.start()) + 1}: {literal[:80]}")
    return found


def test_no_sentence_is_typed_in_the_widgets_but_those_still_listed() -> None:
    """The browser says Python's words (`say`, widgets/words.js): a module off the list types none of its own, in the
    widgets and in the static edition's host page (egonb/site/static/*.js, its words from site.json and the
    session)."""
    modules = [path for path in [*sorted(WIDGETS.glob("*.js")), *sorted((EGONB / "site" / "static").glob("*.js"))]
               if path.name not in JS_MARKUP_FILES]
    found = [line for path in modules if path.name not in PENDING_JS for line in js_sentences(path)]
    assert not found, "sentences typed in widgets/*.js (add them to egonb/messages/browser.py):\n" + "\n".join(found)
    done = [path.name for path in modules if path.name in PENDING_JS and not js_sentences(path)]
    assert not done, f"no sentence left in {done}: take them off PENDING_JS"


def test_the_widgets_guard_sees_a_sentence(tmp_path: Path) -> None:
    module = tmp_path / "x.js"
    module.write_text("\n".join([
        'import { h } from "./dom.js";', "// a comment here",
        'const a = h("div", { class: "eg-seat", text: "Your hand" });',
        'const f = h("p", { text: "empty" });', "const b = `Round ${n} is over`;", "const c = /click to draw/;",
        'const d = ".egonb-log li";', 'const e = say("ui.new_game");',
        'throw new Error(`${url} could not be fetched`);', 'warn(`Your game cannot be kept: ${why}.`);',
        'console.warn(`egonb: the snapshot could not be restored (${why})`);']),
        encoding="utf-8")
    found = [line.split(": ", 1)[1] for line in js_sentences(module)]
    assert found == ['"Your hand"', '"empty"', "`Round ${n} is over`", "`Your game cannot be kept: ${why}.`"]


def test_the_english_words_the_node_tests_read_are_python_s() -> None:
    from egonb.messages.extract import WORDS, english_words

    assert WORDS.read_bytes() == english_words(), "run python -m egonb.messages.extract"


def test_a_diverse_city_card_is_stored_by_its_name_and_said_in_the_reader_s_words(tmp_path: Path) -> None:
    """K2, K8: the configuration's names are data, kept as they are in events and saves; the reader sees them through
    `city.card.<key>`, and a name the catalogue does not know (a configuration's own disaster) as it is."""
    babel = pytest.importorskip("babel.messages")
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from egonb.games.diverse_city import Config
    from egonb.games.diverse_city.cards import city
    from egonb.games.diverse_city.events import Event as CityEvent
    from egonb.games.diverse_city.names import said

    catalog = Catalog(locale="fr", domain="egonb")
    catalog.add("Food", "Nourriture", context="city.card.food")
    catalog.add("{player} takes {card} from the discard pile", "{player} prend {card} de la défausse",
                context="city.event.take")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "egonb.mo", "wb") as out:
        write_mo(out, catalog)
    french = texts_for("fr", rules=False, localedir=tmp_path)
    assert babel and Config().card_name(city(2, 3)) == "Food 3"  # what events and saves keep
    take = CityEvent("take", "P2", 1, {"card": "Food 3"})
    assert take.text(("Ada", "Bo"), 0, texts=french) == "Bo prend Nourriture 3 de la défausse"
    assert take.text(("Ada", "Bo"), 0, texts=PAGE) == "Bo takes Food 3 from the discard pile"
    assert take.args == {"card": "Food 3"}
    assert said("Flood", PAGE) == "Flood" and said("Tsunami", french) == "Tsunami"
