"""Where the browser files and the app notebook live, from a source checkout or an installed wheel.

A wheel carries them inside the package (`egonb/app/widgets/`, `egonb/app/notebooks/`,
see pyproject's force-include); a checkout or editable install keeps them at the
repository's top level (`widgets/`, `notebooks/`).
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    for base in (_HERE, _HERE.parent.parent):
        path = base / name
        if path.exists():
            return path
    raise FileNotFoundError(f"egonb app file {name!r} is in neither {_HERE} nor {_HERE.parent.parent}")


def widget_file(name: str) -> Path:
    """A file of the browser side, e.g. 'table.js'."""
    return _find("widgets") / name


def play_notebook() -> Path:
    """The app notebook that Voilà serves (`notebooks/play.ipynb`)."""
    return _find("notebooks") / "play.ipynb"
