"""Only the state changes the state (docs/ARCHITECTURE.md), in both games: outside its own state module
(`state.py` in `egonb/games/egocentric_world/` and in `egonb/games/diverse_city/`) no module of egonb assigns a part of
that game's state (a name of Egocentric World's `fields.FIELDS`, or a field of the `DCState` dataclass) or changes one
in place (`.append`, `.pop`, `[i] = …`, `+=` …), neither directly (`state.hands[seat].remove(card)`) nor through a
name bound to it (`hand = state.hands[seat]; hand.remove(card)`). Variants move cards with the state's operations
(`give`, `take`, `take_top`, `reveal_top`, `reveal_pile`, `draw_card`, `take_discard`, `discard_card`, `play` …);
Diverse City's saves and sampled worlds build a whole state with its constructor.

The scan reads the source (`ast`), so it is fast and needs no game. Two things pass it by design: `self.<name>` (an
object's own attribute of that name, and likewise for the few names in `NOT_STATES`) and a slice
(`state.hands[seat][:]` is a copy).
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import egonb
from egonb.games.diverse_city import DCState
from egonb.games.egocentric_world.fields import FIELDS

ROOT = Path(egonb.__file__).parent
PARTS = frozenset(f.name for f in FIELDS)
#: Each game's state module, and the parts of that game's state only it may change (Diverse City's: the fields its
#: constructor takes; the derived `n` and legal-action cache are named as Egocentric World's derived ones).
OWNERS = {Path("games", "egocentric_world", "state.py"): PARTS,
          Path("games", "diverse_city", "state.py"): frozenset(f.name for f in dataclasses.fields(DCState) if f.init)}
#: Names of objects whose attributes are their own: `self`, and `egonb.play`'s GameRecord, which copies a finished
#: game's `totals` and `winners`.
NOT_STATES = frozenset({"self", "record"})
MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "update",
                      "setdefault", "popitem", "add", "discard", "__setitem__", "__delitem__", "__iadd__"})


def _base(node: ast.expr) -> ast.expr:
    """What `node` indexes into (`x.hands` for `x.hands[seat][0]`); a slice stops there: it is a copy."""
    while isinstance(node, ast.Subscript) and not isinstance(node.slice, ast.Slice):
        node = node.value
    return node


def _is_part(node: ast.expr, parts: frozenset[str]) -> bool:
    """`node` is a state part or inside one: `x.hands`, `x.hands[seat]` (but not `self.hands`, nor a part of an
    object in `NOT_STATES`)."""
    base = _base(node)
    return isinstance(base, ast.Attribute) and base.attr in parts and not (
        isinstance(base.value, ast.Name) and base.value.id in NOT_STATES)


def _aliases(function: ast.AST, parts: frozenset[str]) -> set[str]:
    """The names `function` binds to a state part (`hand = state.hands[seat]`, `a, b = s.hands[0], s.piles[0]`)."""
    names = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs = list(zip(target.elts, node.value.elts))
                else:
                    pairs = [(target, node.value)]
                names.update(t.id for t, v in pairs if isinstance(t, ast.Name) and _is_part(v, parts))
    return names


def _targets(node: ast.AST) -> list[ast.expr]:
    """What `node` changes: the receiver of a mutating call, or what an assignment writes to (a plain name that
    is rebound by `=` changes nothing it was bound to; `+=` changes a list in place)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
        receiver = node.func.value  # `(visible if card in visible else pile).remove(card)` changes either
        return [receiver.body, receiver.orelse] if isinstance(receiver, ast.IfExp) else [receiver]
    if isinstance(node, ast.AugAssign):
        return [node.target]
    written = list(node.targets) if isinstance(node, (ast.Assign, ast.Delete)) else (
        [node.target] if isinstance(node, ast.AnnAssign) else [])
    flat: list[ast.expr] = []
    while written:
        t = written.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            written.extend(t.elts)
        elif isinstance(t, ast.Starred):
            written.append(t.value)
        elif not isinstance(t, ast.Name):
            flat.append(t)
    return flat


def state_changes(source: str, parts: frozenset[str] = PARTS) -> list[int]:
    """The lines of `source` that change a state part (one of `parts`), sorted."""
    tree = ast.parse(source)
    scopes = [(tree, set[str]())] + [(f, _aliases(f, parts)) for f in ast.walk(tree)
                                     if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))]
    lines = set()
    for scope, aliases in scopes:
        for node in ast.walk(scope):
            for t in _targets(node):
                base = _base(t)
                if _is_part(t, parts) or isinstance(base, ast.Name) and base.id in aliases:
                    lines.add(node.lineno)
    return sorted(lines)


def test_the_scan_finds_direct_and_aliased_changes_and_lets_reads_and_copies_pass() -> None:
    source = """
def f(state, self):
    state.hands[0].remove(3)
    hand, pile = state.hands[1], state.piles[1]
    pile.pop()
    hand[0] = 4
    state.pending = None
    state.discard += [5]
    hand += [6]
    state.known[0, 1] = [2]
    del state.deck[0]
    copy = state.hands[2][:]
    copy.append(7)
    self.hands.append(8)
    top = state.discard[-1]
    mine = sorted(state.hands[0])
    mine.append(top)
    hand = []
    (copy if top else pile).remove(2)
"""
    assert state_changes(source) == [3, 5, 6, 7, 8, 9, 10, 11, 19]


def test_the_scan_knows_each_games_parts() -> None:
    source = """
def f(world, view):
    world.config = view.rules
    world.fronts[0].append([40, -1, -1])
    asks = world.asks
    asks.clear()
    world.hands[0].remove(3)
"""
    assert state_changes(source, OWNERS[Path("games", "diverse_city", "state.py")]) == [3, 4, 6, 7]
    assert state_changes(source) == [7]  # Egocentric World's state has no config, fronts or asks


def test_no_module_but_the_state_changes_the_state() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        source = path.read_text()
        lines = source.splitlines()
        for owner, parts in OWNERS.items():
            if relative != owner:
                found += [f"egonb/{relative}:{n}: {lines[n - 1].strip()}" for n in state_changes(source, parts)]
    assert not found, "change the state through its operations, not its parts:\n" + "\n".join(found)
