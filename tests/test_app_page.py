"""One address, both games: the page's query string picks the game, anything unexpected in it
falls back to the page's own game, and each heading links to the other game."""

from __future__ import annotations

import pytest

from egonb.app.page import PAGES, chosen, heading, page


@pytest.mark.parametrize(("query", "game"), [
    ("game=diverse-city", "diverse-city"),
    ("seed=3&game=diverse-city", "diverse-city"),
    ("game=egocentric-world", "egocentric-world"),
    ("", "egocentric-world"),
    (None, "egocentric-world"),
    ("game=chess", "egocentric-world"),
    ("game=%3Cscript%3E", "egocentric-world"),
    ("game=diverse-city&game=__import__('os')", "egocentric-world"),
    ("&&==;game", "egocentric-world"),
])
def test_the_query_string_picks_a_known_game_or_the_default(query, game) -> None:
    assert chosen(query) == game


def test_a_notebook_of_one_game_keeps_it_unless_the_address_asks_for_the_other() -> None:
    assert chosen("", default="diverse-city") == "diverse-city"
    assert chosen("game=chess", default="diverse-city") == "diverse-city"
    assert chosen("game=egocentric-world", default="diverse-city") == "egocentric-world"


def test_each_heading_names_its_game_and_links_to_the_other() -> None:
    ew, dc = heading("egocentric-world"), heading("diverse-city")
    assert ew.startswith("# Egocentric World\n") and "[Diverse City: you and 1–5 AI players](?game=diverse-city)" in ew
    assert dc.startswith("# Diverse City\n") and "(?game=egocentric-world)" in dc and "?game=diverse-city" not in dc
    assert "lowest total wins" in ew and "highest wins" in dc


@pytest.mark.parametrize("game", list(PAGES))
def test_the_page_deals_the_game_the_address_asks_for(game, monkeypatch, tmp_path, capsys) -> None:
    pytest.importorskip("anywidget")
    monkeypatch.setenv("QUERY_STRING", f"game={game}")
    monkeypatch.setenv("EGONB_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("EGONB_SEED", "5")
    app = page()
    assert type(app).__name__ == PAGES[game][2].split(":")[1]
