"""Write the catalogue's template for translators, `egonb/messages/egonb.pot`, with Babel's extractor (a build and
development tool: `pip install -e ".[i18n]"`; playing never needs it):

    python -m egonb.messages.extract          # writes egonb/messages/egonb.pot and widgets/tests/words.json
    python -m egonb.messages.extract --check  # exits 1 if a committed one is out of date

Each message is a `msg("id", "English")` or `msg_n("id", "one", "other")` call in this package: Babel reads the id
as the entry's context (msgctxt) and the English as its msgid, so a translation is looked up by `pgettext(id,
English)` and a changed English sentence asks its translators again.
"""

from __future__ import annotations

import datetime
import io
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
POT = HERE / "egonb.pot"
#: The English words the page's model carries (`browser_words`), for the widgets' Node tests.
WORDS = HERE.parents[1] / "widgets" / "tests" / "words.json"
#: How Babel finds a message: `msg(context, text)`, `msg_n(context, singular, plural)`.
KEYWORDS = {"msg": ((1, "c"), 2), "msg_n": ((1, "c"), 2, 3)}
#: A fixed date, so the file changes only when a message does.
DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)


def template() -> bytes:
    """The .pot of every message declared in egonb/messages, sorted by file then id."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="egonb", domain="egonb", creation_date=DATE, revision_date=DATE, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            HERE, method_map=[("*.py", "python")], keywords=KEYWORDS, comment_tags=("",), strip_comment_tags=True):
        catalog.add(message, locations=[(f"egonb/messages/{filename}", lineno)], context=context,
                    auto_comments=comments)
    out = io.BytesIO()
    write_po(out, catalog, width=120, include_lineno=False, sort_output=False)
    return re.sub(rb'"Generated-By: [^"]*"\n', b"", out.getvalue())  # the same file whatever Babel's version


def english_words() -> bytes:
    """widgets/tests/words.json: the page's words in English, as Python sends them."""
    from . import ENGLISH, browser_words

    return (json.dumps(browser_words(ENGLISH), indent=1, ensure_ascii=False, sort_keys=True) + "\n").encode()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    made = {POT: template(), WORDS: english_words()}
    if "--check" in args:
        stale = [str(path) for path, data in made.items() if not path.exists() or path.read_bytes() != data]
        print(f"out of date: {stale}; run python -m egonb.messages.extract" if stale else "up to date")
        return 1 if stale else 0
    for path, data in made.items():
        path.write_bytes(data)
    print(f"{POT}: {made[POT].count(b'msgctxt')} messages; {WORDS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
