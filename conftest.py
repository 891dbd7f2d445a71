"""Chapters that need an optional extra are skipped, with the command that installs it, when it is missing."""

from __future__ import annotations

import importlib

import pytest

#: Each optional extra of pyproject.toml and the modules it brings.
EXTRAS = {"app": ("ipywidgets", "anywidget"), "ai": ("matplotlib", "tqdm"), "rl": ("gymnasium", "pettingzoo")}
#: The extra each notebook needs, by the start of its file name (the quick start 00, chapters 01-08, play and
#: diverse-city use widgets).
NOTEBOOK_NEEDS: dict[str, str | tuple[str, ...]] = {**{f"0{k}": "app" for k in range(9)}, "play": "app",
                                                    "diverse": "app", "21": "ai", "22": "app", "23": ("rl", "ai"),
                                                    "30": "app",
                                                    "24": "ai"}


def needs(stem: str) -> tuple[str, ...]:
    """The extras a notebook needs, by the start of its file name."""
    listed = NOTEBOOK_NEEDS.get(stem.split("-")[0], ())
    return (listed,) if isinstance(listed, str) else listed


def _installed(extra: str) -> bool:
    try:
        for module in EXTRAS[extra]:
            importlib.import_module(module)
    except ImportError:
        return False
    return True


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the xdist_group marks it adds
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix != ".ipynb":
            continue
        # A notebook's cells share one kernel, in order: under pytest-xdist (-n, --dist loadgroup) they stay together.
        item.add_marker(pytest.mark.xdist_group(item.path.stem))
        missing = [e for e in needs(item.path.stem) if not _installed(e)]
        if missing:
            item.add_marker(pytest.mark.skip(reason=f"needs the {missing[0]} extra: pip install -e '.[{missing[0]}]'"))
