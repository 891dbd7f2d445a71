"""Where the browser files and the app notebook live, from a source checkout or an installed wheel, and the
one ES module anywidget is given for the card table.

A wheel carries them inside the package (`egonb/app/widgets/`, `egonb/app/notebooks/`, `egonb/app/docs/`: the
games' rules documents, see pyproject's wheel target); a checkout or editable install keeps them at the
repository's top level (`widgets/`, `notebooks/`, `docs/`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

_HERE = Path(__file__).resolve().parent
#: A static import of a sibling module: `import {…} from "./name.js"` (the widgets' only kind of import).
_IMPORT = re.compile(r"""^import\b[^;]*?\bfrom\s+"\./([\w-]+\.js)";""", re.MULTILINE | re.DOTALL)

# anywidget imports its `_esm` text from a blob: URL, where "./seats.js" names nothing. So the entry it is given
# makes a blob: URL for each module, after those it imports, with its imports pointed at theirs.
# It does so on the first render, not when anywidget loads it: anywidget gives a model 2 seconds to load its
# module and then drops every message from the kernel (a page stuck at "Opening the table…"), and on a busy
# machine loading a dozen modules can take longer than that.
_LOADER = """// egonb: the card table's ES modules (widgets/*.js), each from a blob: URL, loaded at first render.
const sources = %s;
let loading = null;
function load() {
  if (!loading) {
    const urls = {};
    for (const [name, text] of sources) {
      const code = text.replace(/(\\bfrom\\s+)"\\.\\/([\\w-]+\\.js)"/g, (_, from, dep) => `${from}"${urls[dep]}"`);
      urls[name] = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    }
    loading = import(urls[%s]).finally(() => Object.values(urls).forEach((url) => URL.revokeObjectURL(url)));
  }
  return loading;
}
export default {
  async render(context) {
    const entry = await load();
    return entry.default.render(context);
  },
};
"""


def _find(name: str) -> Path:
    for base in (_HERE, _HERE.parent.parent):
        path = base / name
        if path.exists():
            return path
    raise FileNotFoundError(f"egonb app file {name!r} is in neither {_HERE} nor {_HERE.parent.parent}")


def widget_file(name: str) -> Path:
    """A file of the browser side, e.g. 'table.js'."""
    return _find("widgets") / name


def widget_modules(entry: str = "table.js") -> list[tuple[str, str]]:
    """`entry` and every module it imports, (name, source text), each after the modules it imports."""
    order: list[tuple[str, str]] = []
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise ValueError(f"widgets/ modules import each other in a circle: {' -> '.join((*path, name))}")
        if name in done:
            return
        text = widget_file(name).read_text(encoding="utf-8")
        for dep in _IMPORT.findall(text):
            visit(dep, (*path, name))
        done.add(name)
        order.append((name, text))

    visit(entry, ())
    return order


def widget_esm(entry: str = "table.js") -> str:
    """The ES module anywidget loads: `entry` with the sibling modules it imports (no build step)."""
    return _LOADER % (json.dumps(widget_modules(entry)), json.dumps(entry))


def rules_text(name: str = "RULES.md", language: str = "en") -> str:
    """A game's rules text (`docs/RULES.md`, `docs/DIVERSE-CITY.md`), for the page's rules panel; in `language` when
    its players' rulebook is written in it (`docs/fr/RULES.md`: the same rule ids), else in English."""
    docs = _find("docs")
    translated = docs / language / name
    return (translated if language != "en" and translated.exists() else docs / name).read_text(encoding="utf-8")


def play_notebook() -> Path:
    """The app notebook, `notebooks/play.ipynb` (one cell: `page()`, every game, `?game=` choosing), beside Voilà's
    settings (voila.json, voila.py); `egonb play` serves a copy of it per game (egonb/app/serve.py `app_notebook`)."""
    return _find("notebooks") / "play.ipynb"
