"""The translations of the catalogue: `locale/<lang>/LC_MESSAGES/egonb.po`, kept in step with `egonb.pot` and compiled
to the `egonb.mo` that the standard library's gettext reads at run time (Babel, a build and development tool:
`pip install -e ".[i18n]"`; playing never needs it):

    python -m egonb.messages.translations update   # after extract: new messages in each .po, changed ones fuzzy; .mo
    python -m egonb.messages.translations missing  # what a translator still has to do: untranslated and fuzzy ids
    python -m egonb.messages.translations check    # exits 1 if a .mo is not its .po compiled, or a message is missing

The compiled `.mo` is committed beside its `.po` (`tests/test_french.py` checks it is the `.po` compiled), so the
wheel, the static edition and an editable install carry it with no build step and without Babel.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

from .catalogue import DOMAIN, LOCALE_DIR
from .extract import POT


def po_files(localedir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(localedir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> Any:
    from babel.messages.pofile import read_po

    with open(path, "rb") as file:
        return read_po(file, locale=path.parents[1].name, domain=DOMAIN)


def compiled(po: Path) -> bytes:
    """The .mo of `po` (fuzzy entries left out: English until a translator confirms them)."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, read(po))
    return out.getvalue()


def missing(po: Path) -> list[str]:
    """`po`'s messages still to translate: 'id: untranslated' or 'id: fuzzy' (the English changed)."""
    out = []
    for message in read(po):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            out.append(f"{message.context}: untranslated")
        elif message.fuzzy:
            out.append(f"{message.context}: fuzzy")
    return out


def update(po: Path) -> None:
    """Bring `po` in step with egonb.pot, message by message id (the context): a new id comes untranslated, one whose
    English changed keeps its old translation marked fuzzy, with the English it translated; a gone id is dropped."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    old = {message.context: message for message in read(po) if message.id}
    before = read(po)
    catalog = Catalog(locale=before.locale, domain=DOMAIN, header_comment=before.header_comment,
                      project=before.project, version=before.version, creation_date=before.creation_date,
                      revision_date=before.revision_date, language_team=before.language_team,
                      last_translator=before.last_translator, fuzzy=False)
    for message in read(POT):
        if not message.id:
            continue
        was = old.get(message.context)
        if was is not None and isinstance(was.id, tuple) != isinstance(message.id, tuple):
            was = None  # a message that became plural, or singular: translated anew
        if was is None:
            string, flags, previous = ("",) * catalog.num_plurals if isinstance(message.id, tuple) else "", set(), ()
        else:
            changed = was.id != message.id
            string, previous = was.string, was.id if changed else was.previous_id
            flags = {"fuzzy"} if changed or was.fuzzy else set()
        catalog.add(message.id, string, context=message.context, auto_comments=message.auto_comments,
                    locations=message.locations, flags=flags, previous_id=previous)
    out = io.BytesIO()
    write_po(out, catalog, width=120, include_lineno=False, ignore_obsolete=True)
    po.write_bytes(out.getvalue())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "missing"
    files = po_files()
    if command == "update":
        for po in files:
            update(po)
    if command in ("update", "compile"):
        for po in files:
            po.with_suffix(".mo").write_bytes(compiled(po))
            print(f"{po.with_suffix('.mo')}: compiled")
        return 0
    problems = [f"{po.parents[1].name} {line}" for po in files for line in missing(po)]
    if command == "check":
        problems += [f"{po.with_suffix('.mo')}: not its .po compiled (run update)" for po in files
                     if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").read_bytes() != compiled(po)]
    print("\n".join(problems) or "every message translated")
    return 1 if problems and command == "check" else 0


if __name__ == "__main__":
    sys.exit(main())
