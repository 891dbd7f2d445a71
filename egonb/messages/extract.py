"""Write the catalogue's template for translators, `egonb/messages/egonb.pot`, with Babel's extractor (a build and
development tool: `pip install -e ".[i18n]"`; playing never needs it):

    python -m egonb.messages.extract          # writes egonb/messages/egonb.pot
    python -m egonb.messages.extract --check  # exits 1 if the committed one is out of date

Each message is a `msg("id", "English")` or `msg_n("id", "one", "other")` call in this package: Babel reads the id
as the entry's context (msgctxt) and the English as its msgid, so a translation is looked up by `pgettext(id,
English)` and a changed English sentence asks its translators again.
"""

from __future__ import annotations

import datetime
import io
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
POT = HERE / "egonb.pot"
#: How Babel finds a message: `msg(context, text)`, `msg_n(context, singular, plural)`.
KEYWORDS = {"msg": ((1, "c"), 2), "msg_n": ((1, "c"), 2, 3)}
#: A fixed date, so the file changes only when a message does.
DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    pot = template()
    if "--check" in args:
        fresh = POT.exists() and POT.read_bytes() == pot
        print(f"{POT} is up to date" if fresh else f"{POT} is out of date: run python -m egonb.messages.extract")
        return 0 if fresh else 1
    POT.write_bytes(pot)
    print(f"{POT}: {pot.count(b'msgctxt')} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
