"""Which language a reader gets, chosen per page request at run time, never at import (docs/I18N.md).

The order is the page's address (`?lang=fr`), then the choice this browser remembers (the page's switch keeps it in
localStorage; widgets/language.js sends a visitor whose address names no language to the address naming it), then the
browser's languages (`Accept-Language`, which Voilà hands to the kernel as `HTTP_ACCEPT_LANGUAGE` beside
`QUERY_STRING`, notebooks/voila.py), then English. Only the languages whose compiled catalogue ships are offered.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import parse_qs

from .catalogue import DOMAIN, LOCALE_DIR, Texts, texts_for

#: Each language's own name, for the page's switch (the name a reader of that language looks for).
NAMES = {"en": "English", "fr": "Français"}
DEFAULT = "en"


def shipped(localedir: Path = LOCALE_DIR) -> list[str]:
    """English and every language with a compiled catalogue (`locale/<lang>/LC_MESSAGES/egonb.mo`)."""
    return [DEFAULT, *sorted(p.parents[1].name for p in localedir.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))]


def offered() -> dict[str, str]:
    """The page's switch: each shipped language's code and its own name."""
    return {lang: NAMES.get(lang, lang) for lang in shipped()}


def _primary(tag: str) -> str:
    """'fr-CA' -> 'fr', 'FR_fr' -> 'fr'."""
    return tag.strip().replace("_", "-").split("-")[0].lower()


def accepted(header: str | None) -> list[str]:
    """An Accept-Language header's languages, most wanted first ('fr-CH, fr;q=0.9, en;q=0.8' -> fr, en)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.partition(";")
        try:
            q = float(params.strip()[2:]) if params.strip().startswith("q=") else 1.0
        except ValueError:
            q = 0.0
        if tag.strip() and tag.strip() != "*" and q > 0:
            ranked.append((-q, index, _primary(tag)))
    out: list[str] = []
    for _, _, lang in sorted(ranked):
        if lang not in out:
            out.append(lang)
    return out


def asked(query: str | None) -> str | None:
    """The language a query string names (`lang=fr`), or None."""
    value = parse_qs(query or "").get("lang", [""])[-1]
    return _primary(value) if value else None


def negotiate(query: str | None = None, remembered: str | None = None, accept: str | None = None,
              available: list[str] | None = None) -> str:
    """The first of the address's language, the remembered one and the browser's that ships; else English."""
    offered = shipped() if available is None else available
    for lang in [asked(query), remembered and _primary(remembered), *accepted(accept)]:
        if lang in offered:
            return lang
    return DEFAULT


def request_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language of the page's request, from the variables Voilà gives its kernel (or a test sets)."""
    return negotiate(environ.get("QUERY_STRING"), None, environ.get("HTTP_ACCEPT_LANGUAGE"))


def in_every_language(message_id: str) -> dict[str, str]:
    """A message of the page (no rule ids) in every shipped language, for words shown before Python knows the
    reader's language (the Voilà template's start page, which chooses in the browser)."""
    return {lang: texts_for(lang, rules=False)(message_id) for lang in shipped()}


def page_texts(environ: Mapping[str, str] = os.environ) -> Texts:
    """The page's catalogue (no rule ids) in the request's language."""
    return texts_for(request_language(environ), rules=False)
