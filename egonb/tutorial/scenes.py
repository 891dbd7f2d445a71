"""Prepared positions by name (the ability sandboxes, the Citybot stepper, Diverse City's explorers): a scene's key is
its English name, the same in every language a chapter is written in (the notebooks name it), and its picker shows it
in the reader's words (`ENGLISH`, which a chapter's first cell may set to French)."""

from __future__ import annotations

from collections.abc import Iterable

from ..messages import ENGLISH, MESSAGES

#: A scene's key -> its message id (`<id>`: its name, `<id>.try`: what to try there).
IDS: dict[str, str] = {}


def scene(message_id: str) -> str:
    """The key of the scene named by `message_id`: its English name (the catalogue's source words)."""
    key = str(MESSAGES[message_id])
    IDS[key] = message_id
    return key


def options(keys: Iterable[str]) -> list[tuple[str, str]]:
    """A picker's options: each scene's name in the reader's words, its key as the value."""
    return [(ENGLISH(IDS[key]), key) for key in keys]
