"""The site's front page, `DIR/index.html` (and `DIR/fr/index.html` in French, one per shipped language): Play
(solo, against AI players, Diverse City), Learn (the lab, the rules), Teach (the classroom guide, the toolkit) and
Read (the documentation), in the catalogue's words. It links only to what the build wrote: a site built without its
lab or its documentation offers neither."""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..app.page import END_SCORES, pages
from ..messages import PAGE, Texts, texts_for
from ..messages.language import offered
from .lab import FRENCH, FRENCH_APP

#: The game's page in the site (the static edition, egonb/site/static/index.html).
PLAY = "play.html"

STYLE = """
body { margin: 0 auto; max-width: 1080px; padding: 16px 20px 32px; font: 16px/1.5 system-ui, sans-serif;
       color: #1d2a22; background: #f7f5ef; }
h1 { font-size: 28px; margin: 12px 0 4px; }
.lead { font-size: 17px; max-width: 46em; margin: 0 0 18px; }
section { margin: 18px 0; }
h2 { font-size: 20px; margin: 0 0 8px; color: #2f6b47; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 12px; }
a.card { display: block; padding: 12px 14px; background: #fff; border: 1px solid #d8d3c4; border-radius: 8px;
         color: inherit; text-decoration: none; }
a.card:hover, a.card:focus { border-color: #2f6b47; box-shadow: 0 1px 6px rgba(0, 0, 0, .12); }
a.card strong { display: block; font-size: 17px; color: #24553a; margin-bottom: 2px; }
a.card span { font-size: 14.5px; }
a.card em { display: block; margin-top: 4px; font-size: 13.5px; color: #46514b; }
footer { margin-top: 28px; border-top: 1px solid #d8d3c4; font-size: 13.5px; color: #46514b; }
"""


def _card(href: str, title: str, about: str, note: str = "") -> str:
    note = f"<em>{escape(note)}</em>" if note else ""
    return f'<a class="card" href="{escape(href)}"><strong>{escape(title)}</strong><span>{about}</span>{note}</a>'


#: The lab's first chapter: its English door, and its French one with the French chapters (egonb/site/lab.py).
LAB_START = "lab/lab/index.html?path=00-quick-start.ipynb"
LAB_DOORS = {FRENCH: f"lab/{FRENCH_APP}/index.html?path={FRENCH}/00-quick-start.ipynb"}
#: The documentation's pages a translated edition has too (egonb/site/docs.py builds them in `<lang>/docs/`).
TRANSLATED_DOCS = ("docs/index.html", "docs/RULES.html")


def _in(language: str, href: str, own_docs: bool) -> tuple[str, bool]:
    """`href` (from the site's root) from the front page of `language` (`DIR/<language>/`), and whether it leads to
    English only: the game in that language, the lab's chapters in its folder, and the documentation's translated
    pages when the site holds them (`own_docs`); the rest (English only) at the site's root."""
    if language == "en":
        return href, False
    if href.startswith(PLAY):
        return f"../{href}{'&' if '?' in href else '?'}lang={language}", False
    if href == LAB_START and language in LAB_DOORS:
        return "../" + LAB_DOORS[language], False
    if own_docs and href in TRANSLATED_DOCS:
        return href, False
    return "../" + href, True


def landing_html(egonb: str, pyodide: str, lab: bool, docs: bool, texts: Texts = PAGE, own_docs: bool = False) -> str:
    """The front page's HTML in `texts`'s language; `lab` and `docs`: whether the site holds them; `own_docs`:
    whether it holds the documentation in that language too (`<lang>/docs/`)."""
    language = texts.language
    games = pages(texts)
    ego, city = games["egocentric-world"][0], games["diverse-city"][0]
    sections = [("landing.play", [
        (PLAY, texts("landing.play.solo"), texts("landing.play.solo.about", end_score=END_SCORES["egocentric-world"])),
        (f"{PLAY}?players=4", texts("landing.play.multi"), texts("landing.play.multi.about")),
        (f"{PLAY}?game=diverse-city", city, texts("landing.play.city.about")),
    ])]
    learn = [(LAB_START, texts("landing.learn.lab"),
              texts("landing.learn.lab.about"))] if lab else []
    if docs:
        learn.append(("docs/RULES.html", texts("landing.learn.rules"), texts("landing.learn.rules.about")))
        sections.append(("landing.learn", learn))
        sections.append(("landing.teach", [
            ("docs/CLASSROOM.html", texts("landing.teach.classroom"), texts("landing.teach.classroom.about")),
            ("docs/TOOLKIT.html", texts("landing.teach.toolkit"), texts("landing.teach.toolkit.about"))]))
        sections.append(("landing.read", [
            ("docs/index.html", texts("landing.read.docs"),
             texts("landing.read.docs.translated.about" if own_docs else "landing.read.docs.about"))]))
    elif learn:
        sections.append(("landing.learn", learn))
    body = "\n".join(
        f'<section><h2>{escape(texts(heading))}</h2><div class="cards">'
        + "".join(_card(to, title, about, texts("landing.in_english") if english else "")
                  for href, title, about in cards for to, english in [_in(language, href, own_docs)])
        + "</div></section>"
        for heading, cards in sections)
    # the other languages' front pages, each named in its own words
    others = " · ".join(f'<a href="{"" if language == "en" else "../"}{"" if lang == "en" else lang + "/"}" '
                        f'lang="{lang}" hreflang="{lang}">{escape(name)}</a>'
                        for lang, name in offered().items() if lang != language)
    return f"""<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(texts("landing.title"))}</title>
<link rel="icon" href="data:,">
<style>{STYLE}</style>
</head>
<body>
<header><nav>{others}</nav><h1>{escape(ego)}</h1><p class="lead">{texts("landing.lead")}</p></header>
<main>
{body}
</main>
<footer><p>{texts("landing.install")}</p><p>{texts("landing.notice")}</p>
<p>{escape(texts("landing.version", egonb=egonb, pyodide=pyodide))}</p></footer>
</body>
</html>
"""


def write_landing(site: Path, egonb: str, pyodide: str, lab: bool, docs: bool) -> Path:
    """The front page, and one in each other shipped language (`DIR/fr/index.html`, linking to `play.html?lang=fr`:
    the same page, wheel and snapshot; to the lab's chapters in that language; to `DIR/fr/docs/` if built)."""
    path = site / "index.html"
    path.write_text(landing_html(egonb, pyodide, lab, docs))
    for language in offered():
        if language != "en":
            (site / language).mkdir(exist_ok=True)
            (site / language / "index.html").write_text(
                landing_html(egonb, pyodide, lab, docs, texts_for(language, rules=False),
                             own_docs=(site / language / "docs" / "index.html").is_file()))
    return path
