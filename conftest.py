"""Chapters that need an optional extra are skipped, with the command that installs it, when it is missing."""

from __future__ import annotations

import importlib

import pytest

#: Each optional extra of pyproject.toml and the modules it brings.
EXTRAS = {"app": ("ipywidgets", "anywidget"), "ai": ("matplotlib", "tqdm"), "rl": ("gymnasium", "pettingzoo")}
#: The extra each notebook needs, by the start of its file name (the quick start 00, chapters 01-08 and play use
#: widgets).
NOTEBOOK_NEEDS = {**{f"0{k}": "app" for k in range(9)}, "play": "app", "21": "ai", "22": "app", "23": "rl", "24": "ai"}


def _installed(extra: str) -> bool:
    try:
        for module in EXTRAS[extra]:
            importlib.import_module(module)
    except ImportError:
        return False
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        extra = NOTEBOOK_NEEDS.get(item.path.stem.split("-")[0]) if item.path.suffix == ".ipynb" else None
        if extra and not _installed(extra):
            item.add_marker(pytest.mark.skip(reason=f"needs the {extra} extra: pip install -e '.[{extra}]'"))
