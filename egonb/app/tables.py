"""`widgets/tables.js`: every game's table module under the name its record gives it (`GameEntry.widget`).

A replay draws any game's recorded frames on that game's own table (`widgets/replay.js`), so it needs every table
module; ES modules without a build step import statically, so the list is a file, written from the game records:

    python -m egonb.app.tables

`tests/test_widgets_js.py` fails when the file is not what the records say (a game added, a module renamed).
"""

from __future__ import annotations

import json
import re

from ..games import FOLDERS, entry
from .assets import widget_file

NAME = "tables.js"


def tables_js() -> str:
    """The module's text: an import of each record's table module and a map from its file name to it."""
    widgets = list(dict.fromkeys(w for slug in FOLDERS for w in [entry(slug).widget] if w))
    names = {w: re.sub(r"\W", "_", w.removesuffix(".js")) + "Table" for w in widgets}
    lines = ["// Every game's table module by its file name, for widgets/replay.js. Written from the game records",
             "// (GameEntry.widget) by `python -m egonb.app.tables`: do not edit.",
             *(f'import {names[w]} from "./{w}";' for w in widgets),
             "",
             "export default {",
             *(f"  {json.dumps(w)}: {names[w]}," for w in widgets),
             "};",
             ""]
    return "\n".join(lines)


def main() -> None:
    path = widget_file(NAME)
    path.write_text(tables_js(), encoding="utf-8")
    print(f"{path}: {len(FOLDERS)} games")


if __name__ == "__main__":
    main()
