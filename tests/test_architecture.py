"""The package's layers run one way (docs/ARCHITECTURE.md): no module of `egonb` imports, directly or through
others, a module that imports it back. Imports at module level and inside functions count alike (a function-level
import is a circle that only waits for its call); imports under `if TYPE_CHECKING:` do not, since they never run.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import egonb

ROOT = Path(egonb.__file__).parent


def module_name(path: Path) -> str:
    parts = ["egonb", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}
#: Egocentric World's package.
EW = "egonb.games.egocentric_world"


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_nodes(tree: ast.AST):
    """Every node that runs at import or call time: all but the bodies of `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking_only(child):
                stack.extend(child.orelse)
            else:
                stack.append(child)


def imports_of(name: str) -> set[str]:
    """The egonb modules `name` imports, relative imports resolved, `from pkg import submodule` as the submodule."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    out.add(f"{source}.{alias.name}")
                elif source in MODULES:
                    out.add(source)
    out.discard(name)
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as [a, b, ..., a], or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_checker_finds_a_circle_and_names_it() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_checker_sees_function_level_and_relative_imports() -> None:
    assert f"{EW}.worlds" in imports_of(f"{EW}.game")  # a relative module-level import
    assert {f"{EW}.state", f"{EW}.variants.citybots", f"{EW}.variants.shared"} <= imports_of(f"{EW}.variants.solo")


def test_no_import_circle_in_egonb() -> None:
    graph = {name: imports_of(name) for name in MODULES}
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_rules_core_never_imports_the_toolkit_or_front_ends() -> None:
    """messages -> cards/rules/actions/events -> state -> variants -> views/saves/worlds: none of them reaches up."""
    core = {"egonb.errors", "egonb.protocol",
            *(f"{EW}.{m}" for m in ("cards", "rules", "seating", "actions", "events", "decisions", "fields", "view",
                                    "save", "state", "worlds")),
            *(n for n in MODULES if n.startswith((f"{EW}.variants", "egonb.messages")))}
    for name in core:
        above = {m for m in imports_of(name) if m not in core}
        assert not above, f"{name} imports {sorted(above)} from above the rules core"


def test_the_text_catalogue_imports_nothing_of_the_games() -> None:
    """egonb/messages is the bottom layer: every module may read texts from it, it reads no game."""
    for name in (n for n in MODULES if n.startswith("egonb.messages")):
        assert all(m.startswith("egonb.messages") for m in imports_of(name)), name


#: Hard-coded seats a module may keep, and why (ARCHITECTURE.md: outside the variants, nothing branches on solo and no
#: seat number is written into the code).
SEATS_ALLOWED = {
    # The fixed action space (ids stay stable for saves, masks and the golden games) lists the seats your SP10 and
    # SP11 may aim at; it sits below the variants, so it cannot ask them.
    "egonb/games/egocentric_world/actions.py",
    # Notebook checks: they assert facts of the tutorial's hand-built positions, where seats are data.
    "egonb/tutorial/checks.py",
    "egonb/ai_checks.py",
}
_SEAT_LISTS = {"hands", "piles", "visible", "pile_sizes"}


def seat_code(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for each `.solo` read and each hard-coded seat: the Citybots' `(1, 2)`, the other Citybot
    `3 - seat`, or a seat's cards by number (`hands[0]`, `visible[1]` …)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "solo":
            found.append((node.lineno, ".solo"))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)) and [
                (type(e), getattr(e, "value", None)) for e in node.elts] == [(ast.Constant, 1), (ast.Constant, 2)]:
            found.append((node.lineno, "(1, 2)"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Constant) \
                and node.left.value == 3:
            found.append((node.lineno, "3 - seat"))
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and type(node.slice.value) is int:
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if name in _SEAT_LISTS:
                found.append((node.lineno, f"{name}[{node.slice.value}]"))
    return sorted(found)


def test_the_checker_finds_solo_branches_and_hard_coded_seats() -> None:
    code = "if view.solo:\n    for b in (1, 2):\n        x = 3 - b\ny = g.hands[0] + g.piles[k]\n"
    assert seat_code(ast.parse(code)) == [(1, ".solo"), (2, "(1, 2)"), (3, "3 - seat"), (4, "hands[0]")]


def test_nothing_outside_the_variants_branches_on_solo_or_hard_codes_a_seat() -> None:
    """Ask the variant instead: `rules.agent_seats`, `view.automated`, `state.automated_seats`, `rules.names`."""
    found = []
    for name, path in MODULES.items():
        where = str(path.relative_to(ROOT.parent))
        if name.startswith("egonb.games.egocentric_world.variants") or where in SEATS_ALLOWED:
            continue
        found += [f"{where}:{line}: {what}" for line, what in seat_code(ast.parse(path.read_text(), where))]
    assert not found, "\n".join(found)


def game_of(name: str) -> str | None:
    """The game folder a module belongs to (`egonb.games.<folder>…`), or None (the toolkit, or the records)."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


#: A module of one game that imports another game, and why.
CROSS_GAME = {
    # Diverse City's events extend Egocentric World's Event record (who, which rule, public args, a secret for
    # some seats) with its own words; the record is not yet a module of its own.
    ("egonb.games.diverse_city.events", "egonb.games.egocentric_world.events"),
}


def test_a_game_never_imports_another_game() -> None:
    found = [f"{name} imports {m}" for name in MODULES if (mine := game_of(name))
             for m in imports_of(name) if game_of(m) not in (None, mine) and (name, m) not in CROSS_GAME]
    assert not found, "\n".join(found)


#: Modules outside the game folders that import a game's own modules, and why; everything else (the protocol, the
#: toolkit, the agents, the sandbox, the classroom tools, the app framework) reaches a game only through its record
#: (`egonb.games`), or lazily by module path.
GAME_BOUND = {
    # The old paths, re-exporting the games' modules for notebooks, assignments and agent files.
    "egonb", "egonb.actions", "egonb.worlds", "egonb.encoding", "egonb.agents.rollout", "egonb.diverse_city",
    # Egocentric World's extras built on its engine: the tutorial (with its Diverse City chapter), the notebook
    # checks, the demo, the game-theory and OpenSpiel adapters and the Gymnasium solo environment.
    *(n for n in MODULES if n.startswith("egonb.tutorial")), "egonb.ai_checks", "egonb.demo", "egonb.gametheory",
    "egonb.openspiel", "egonb.envs.solo",
    # The page's pieces still at the root that read Egocentric World's engine: its guide (docs/RULES.md) and the
    # save store and sealing of its games; and the static edition's host, which runs both games' sessions.
    "egonb.app.guide", "egonb.app.saves", "egonb.app.sealing", "egonb.site.host",
}


def test_the_toolkit_reaches_a_game_only_through_its_record() -> None:
    found = [f"{name} imports {m}" for name in MODULES if game_of(name) is None and name not in GAME_BOUND
             for m in imports_of(name) if game_of(m)]
    assert not found, "\n".join(found)


def test_every_game_folder_has_its_record_and_the_same_roles() -> None:
    """Each game registers once (`game.py`'s ENTRY, with its folder in `egonb.games.FOLDERS`); the same module names
    hold the same roles in both."""
    from egonb.games import FOLDERS, entry

    folders = {p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists()}
    assert folders == set(FOLDERS.values())
    for slug, folder in FOLDERS.items():
        record = entry(slug)
        assert record.slug == slug and record.config.__module__.startswith(f"egonb.games.{folder}.")
        names = {p.stem for p in (ROOT / "games" / folder).glob("*.py")}
        assert {"game", "actions", "state", "view", "events", "save", "worlds", "agents", "search", "encoding",
                "session", "table"} <= names, folder
        assert (ROOT.parent / "docs" / record.rules).is_file()
        for where in filter(None, (record.app, record.session, record.guide, record.coach)):  # "module:name": real
            module, _, name = where.partition(":")
            assert game_of(module) in (folder, None) and callable(getattr(importlib.import_module(module), name))
        assert record.baseline in record.agents and set(record.builtins) <= set(record.agents)


def test_the_old_paths_are_the_games_own_objects() -> None:
    """Notebooks, assignments and agent files written before the games moved still import the same objects."""
    import egonb.actions
    import egonb.agents.rollout
    import egonb.diverse_city
    import egonb.worlds
    from egonb.agents import AGENTS, CitybotStyleAgent, GreedyAgent
    from egonb.games import diverse_city, egocentric_world
    from egonb.games.egocentric_world import actions, agents, search, worlds

    assert (egonb.Rules, egonb.GameState, egonb.View) == (egocentric_world.rules.Rules,
                                                          egocentric_world.state.GameState, egocentric_world.view.View)
    assert (GreedyAgent, CitybotStyleAgent) == (agents.GreedyAgent, agents.CitybotStyleAgent)
    assert AGENTS["greedy"] is GreedyAgent and AGENTS["citybot-style"] is CitybotStyleAgent
    assert egonb.actions.STOP is actions.STOP and egonb.worlds.state_from_view is worlds.state_from_view
    assert egonb.agents.rollout.useful is search.useful
    assert egonb.diverse_city.Config is diverse_city.Config and egonb.diverse_city.new_game is diverse_city.new_game
