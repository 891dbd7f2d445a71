"""Reading the solo table and clicking it from Playwright, shared by the browser tests.

The page publishes its state on the table's root element (`data-token`, `data-decision`,
`data-legal`, `data-ability`, `data-ui`); cards carry `data-value` and `data-el`. Every action is
played the way a person would: by clicking the cards and piles it involves (the table's own
rules, `parts()` in widgets/table.js), and a button only when cards do not single it out.
"""

from __future__ import annotations

import re

from egonb.games.egocentric_world.actions import MATCH, Action

ROOT = ".eg-root"
#: Seed of the games the Voilà app deals in tests (its first game opens with an 11 in your hand and
#: visible cards at both Citybots, see test_two_cards_swap_by_clicking), and a quick Citybot pace (ms per step).
SEED, PACE_MS = 2, 40


def ui(page) -> dict[str, str]:
    """The table's data attributes: token, decision, legal, ability, step (frames shown) and ui:
    starting (until the kernel answers the page), offer (continue a saved game?), animating, panel
    (round end), waiting (a click in flight) or ready."""
    return page.eval_on_selector(ROOT, "el => ({...el.dataset})")


def wait_ui(page, *states: str, timeout: float = 15_000) -> dict[str, str]:
    """Wait for one of `states`, checked on a timer rather than on animation frames (a page in the background
    paints none)."""
    page.wait_for_function("([sel, states]) => states.includes(document.querySelector(sel)?.dataset.ui)",
                           arg=[ROOT, list(states)], timeout=timeout, polling=100)
    return ui(page)


#: What a player needs on the screen during their turn: the others' cards, the discard pile, their
#: hand, the prompt and its buttons.
TURN_PARTS = [".eg-bot .eg-row", '[data-el="discard"]', ".eg-hand", ".eg-prompt", ".eg-actions > .eg-buttons"]


def off_screen(page, height: int) -> list[tuple[str, list[list[float]]]]:
    """The parts of TURN_PARTS that are not wholly on a screen `height` px tall as the page is scrolled now, with
    their [top, bottom] boxes."""
    measure = "els => els.map((e) => [e.getBoundingClientRect().top, e.getBoundingClientRect().bottom])"
    out = []
    for part in TURN_PARTS:
        boxes = page.eval_on_selector_all(f"{ROOT} {part}", measure)
        if not boxes or not all(0 <= top and bottom <= height for top, bottom in boxes):
            out.append((part, boxes))
    return out


def values(page, selector: str) -> list[tuple[int, str]]:
    """(card value, data-el) of the clickable cards matching `selector`."""
    return [(int(v), e) for v, e in page.eval_on_selector_all(
        selector, "els => els.map(el => [el.dataset.value, el.dataset.el])")]


def click_el(page, el: str) -> None:
    page.click(f'{ROOT} [data-el="{el}"]')


#: What the table shows, for comparison with the game's view: every value is read from the page.
SHOWN = """root => {
  const vals = (sel) => [...root.querySelectorAll(sel)].map((e) => Number(e.dataset.value));
  return {
    token: Number(root.dataset.token), decision: root.dataset.decision,
    legal: root.dataset.legal ? root.dataset.legal.split(',').map(Number) : [],
    hand: vals('.eg-hand .eg-face'), top: vals('[data-el="discard"] .eg-face')[0] ?? null,
    drawn: vals('.eg-drawn .eg-face')[0] ?? null,
    visible: [1, 2].map((s) => vals(`.eg-bot[data-seat="${s}"] .eg-visible .eg-face`)),
  };
}"""


def shown(page) -> dict:
    """The table on the page: token, decision, legal action ids, your hand, discard top, drawn card and
    the Citybots' visible cards (SM4)."""
    return page.eval_on_selector(ROOT, SHOWN)


def expected(game, token: int) -> dict:
    """`shown(page)` as it must read for seat 0 of `game` and decision `token`. Once the game is over (E2) the
    Citybots show their whole last hands, as every round end does (E1)."""
    view = game.view(0)
    bots = game.revealed_hands()[1:] if game.is_over else [view.visible[s] for s in (1, 2)]
    return {"token": token, "decision": view.decision, "legal": [a.id for a in view.legal_actions],
            "hand": list(view.hand), "top": view.top or None, "drawn": view.drawn or None,
            "visible": [sorted(cards) if game.is_over else list(cards) for cards in bots]}


def _parts(action: Action, legal: list[int]) -> list[str]:
    """The table elements `action` involves, as in widgets/selection.js: clicking them all picks it. The take (T2) of a
    card that may be matched (T3) has the match's clicks, which make the match: it is left to its button."""
    kind, a, b, c = action.kind, action.a, action.b, action.c
    if kind == "take" and MATCH[a].id in legal:
        return []
    return {
        "draw": ["deck"], "take": ["discard", f"hand:{a}"], "match": ["discard", f"hand:{a}"],
        "pair": [f"hand:{a}", f"hand:{b}"], "discard_drawn": ["discard"], "keep": [f"hand:{a}"],
        "reveal_pile": [f"pile:{a}"], "exchange": [f"hand:{a}", f"bot:{b}:{c}" if c else f"pile:{b}"],
        "swap": [f"bot:1:{a}", f"bot:2:{b}"], "pick": [f"hand:{a}"],
    }.get(kind, [])


def _element(part: str, used: set[str]) -> str:
    """A CSS selector for one not yet clicked element showing `part`."""
    what, *rest = part.split(":")
    if what in ("deck", "discard"):
        return f'{ROOT} [data-el="{what}"]'
    if what == "pile":
        return f'{ROOT} [data-el="p{rest[0]}"]'
    within = ".eg-hand" if what == "hand" else f'.eg-bot[data-seat="{rest[0]}"]'
    skip = "".join(f':not([data-el="{el}"])' for el in sorted(used))
    return f'{ROOT} {within} button.eg-face[data-value="{rest[-1]}"]{skip}'


def click_action(page, action: Action) -> list[str]:
    """Play `action` by clicking its cards and piles, then its button if the cards left a choice;
    returns what was clicked. The click is sent when the page leaves `ready` or shows a new token."""
    token = ui(page)["token"]
    legal = [int(x) for x in ui(page)["legal"].split(",") if x]
    used: set[str] = set()
    clicked = []

    def sent() -> bool:
        state = ui(page)
        return state["token"] != token or state["ui"] != "ready"

    for part in _parts(action, legal):
        target = page.locator(_element(part, used)).first
        used.add(target.get_attribute("data-el") or part)
        target.click()
        clicked.append(part)
        if sent():
            return clicked
    button = page.locator(f'{ROOT} .eg-act[data-action="{action.id}"]').first
    if not button.is_visible():  # kept in the "All possible actions" list
        page.locator(f"{ROOT} details.eg-all summary").click()
    button.click()
    if action.kind == "stop":  # "Say STOP" asks first: a second click says it
        button.click()
    clicked.append(f"button {action.kind}")
    return clicked


#: What a recorder listens to: any node of the page added or removed (a drawing), the table's `data-step` (a new
#: animation frame), or both and every attribute change.
WATCH = {"nodes": "{childList: true, subtree: true}",
         "step": "{attributes: true, subtree: true, attributeFilter: ['data-step']}",
         "all": "{attributes: true, childList: true, subtree: true}"}


def recorder(name: str, fields: dict[str, str], watch: str = "nodes", distinct: bool = False) -> str:
    """A script that keeps in `window[name]` a record of `fields` (JavaScript expressions of `root`, the table's root
    element) each time the page changes (`watch`) while the table has its felt: the tables a player saw, which a test
    can then check frame by frame. `distinct`: a record equal to the one before it is not kept. Run it before the page
    loads (`add_init_script`) or on an open page (`evaluate`); read it with `recorded`."""
    entries = ", ".join(f"{key}: {expression}" for key, expression in fields.items())
    keep = "!last || JSON.stringify(last) !== JSON.stringify(now)" if distinct else "true"
    return f"""(() => {{
  window.{name} = [];
  new MutationObserver(() => {{
    const root = document.querySelector('{ROOT}');
    if (!root || !root.querySelector('.eg-felt')) return;
    const now = {{{entries}}}, last = window.{name}[window.{name}.length - 1];
    if ({keep}) window.{name}.push(now);
  }}).observe(document, {WATCH[watch]});
}})()"""


def recorded(page, name: str, start: int = 0) -> list[dict]:
    """The records a `recorder` kept in `window[name]`, from the `start`-th on."""
    return page.evaluate(f"window.{name}.slice({start})")


def unload_noise(problems: list[str]) -> list[str]:
    """The console's problems (conftest.Console) left once the requests a page had in flight as it unloaded (a reload,
    a close), which the browser reports as failed, are set aside: Voilà's kernel-shutdown request and the page
    watchdog's question about its kernel."""
    unloading = r"request failed: .*/(voila/api/shutdown|api/kernels)/[-0-9a-f]+"
    return [p for p in problems if not re.fullmatch(unloading, p)]
