"""Smoke test: the same card table inside JupyterLab (the notebook run with Run All, then one click)."""

from __future__ import annotations

ROOT = ".eg-root"


def test_card_table_runs_in_jupyterlab(chrome, lab_url, artifacts) -> None:
    page = chrome.new_page(viewport={"width": 1400, "height": 1000})
    ours: list[str] = []
    page.on("pageerror", lambda err: ours.append(f"pageerror: {err}"))
    page.on("console", lambda m: m.type == "error" and ("anywidget" in m.text or "eg-" in m.text)
            and ours.append(m.text))
    try:
        page.goto(f"{lab_url}lab/workspaces/app-test/tree/play.ipynb?reset")
        page.locator(".jp-Notebook").wait_for(timeout=60_000)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
        page.get_by_text("Run", exact=True).first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        page.locator(f"{ROOT}[data-ui=ready]").wait_for(timeout=60_000)
        token = page.get_attribute(ROOT, "data-token")
        page.click(f'{ROOT} [data-el="deck"]')  # T1: draw
        page.wait_for_function("t => document.querySelector('.eg-root').dataset.token !== t", arg=token)
        assert page.get_attribute(ROOT, "data-decision") == "keep_or_discard"
        assert page.locator(f"{ROOT} .eg-drawn .eg-face").count() == 1
        page.screenshot(path=artifacts / "08-jupyterlab.png")
    except Exception:
        page.screenshot(path=artifacts / "failure-lab.png")
        raise
    finally:
        page.close()
    assert not ours, ours
