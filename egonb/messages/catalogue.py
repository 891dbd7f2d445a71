"""The catalogue's machinery: declaring messages (`msg`, `msg_n`) and reading them for one reader (`Texts`)."""


from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

#: Message id -> English template; a plural message maps to (singular, plural).
MESSAGES: dict[str, str | tuple[str, str]] = {}

#: Where compiled translations would live: `locale/<language>/LC_MESSAGES/egonb.mo`.
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "egonb"


def msg(message_id: str, english: str) -> str:
    """Declare a message (extracted by Babel as `msg:1c,2`); returns its id."""
    if MESSAGES.setdefault(message_id, english) != english:
        raise ValueError(f"message {message_id} declared twice with different words")
    return message_id


def msg_n(message_id: str, one: str, other: str) -> str:
    """Declare a message whose words depend on a count `n` (extracted by Babel as `msg_n:1c,2,3`)."""
    if MESSAGES.setdefault(message_id, (one, other)) != (one, other):
        raise ValueError(f"message {message_id} declared twice with different words")
    return message_id


class Cite:
    """The `cite` field of every template: `{cite: (T1)}` shows its format spec when rule ids are shown."""

    __slots__ = ("show",)

    def __init__(self, show: bool) -> None:
        self.show = show

    def __format__(self, spec: str) -> str:
        return spec if self.show else ""


class Texts:
    """The catalogue in one reader's language: a `gettext` translation (English when none), rule ids shown or not."""

    def __init__(self, translations: gettext.NullTranslations | None = None, rules: bool = True,
                 language: str = "en") -> None:
        self.translations = translations or gettext.NullTranslations()
        self.rules = rules
        #: The language's code ("en", "fr"): the browser formats numbers, plurals and lists with it (Intl).
        self.language = language

    def citing(self, rules: bool) -> Texts:
        """The same reader, with rule ids shown or not."""
        return self if rules == self.rules else Texts(self.translations, rules=rules, language=self.language)

    def join(self, words: list[str]) -> str:
        """'a', 'a and b', 'a, b and c' (`list.comma`, `list.and`)."""
        if len(words) < 2:
            return "".join(words)
        head = words[0]
        for word in words[1:-1]:
            head = self("list.comma", first=head, second=word)
        return self("list.and", first=head, second=words[-1])

    def template(self, message_id: str, n: int | None = None) -> str:
        english = MESSAGES[message_id]
        if isinstance(english, tuple):
            return self.translations.npgettext(message_id, english[0], english[1], 1 if n is None else n)
        return self.translations.pgettext(message_id, english)

    def __call__(self, message_id: str, /, *, you: bool = False, n: int | None = None, **fields: Any) -> str:
        """Message `message_id` filled with `fields` (and `n`); its `.you` form when `you` and it has one."""
        if you and message_id + ".you" in MESSAGES:
            message_id += ".you"
        return self.template(message_id, n).format(cite=Cite(self.rules), n=n, **fields)


#: English with rule ids, for the engine's own log and the notebooks.
ENGLISH = Texts()
#: English without rule ids: the page's default (its "Show rule ids" switch adds them from each item's `rule`).
PAGE = Texts(rules=False)


def texts_for(language: str | None, rules: bool = True, localedir: Path | str = LOCALE_DIR) -> Texts:
    """The catalogue in `language` (a gettext language code) for one reader, from the compiled translations in
    `localedir`; English when there is none (or for a message it lacks)."""
    if not language or language.startswith("en"):
        return Texts(rules=rules)
    return Texts(gettext.translation(DOMAIN, localedir, languages=[language], fallback=True), rules=rules,
                 language=language)



def use_language(language: str | None, localedir: Path | str = LOCALE_DIR) -> None:
    """This process's own readers, `ENGLISH` and `PAGE` (the notebooks' widgets and boards, the engine's log), speak
    `language` from now on: a notebook's first cell calls it (notebooks/fr/). Called at run time in a kernel of its
    own, never at import; a page's sessions keep their reader's own `Texts` (egonb/messages/language.py)."""
    chosen = texts_for(language, localedir=localedir)
    for texts in (ENGLISH, PAGE):
        texts.translations, texts.language = chosen.translations, chosen.language
