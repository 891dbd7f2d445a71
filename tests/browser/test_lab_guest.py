"""`egonb.play_against` in JupyterLab: a notebook cell with an agent function shows the card table with that agent in
an AI seat (egonb/app/guests.py), said in the table's log, and the game is played by clicking."""

from __future__ import annotations

import json

ROOT = ".eg-root"
CELL = ("import egonb\n\n\ndef mine(view):\n    return view.legal_actions[0]\n\n\n"
        "egonb.play_against(mine, seed=3)")
NOTEBOOK = {"cells": [{"cell_type": "code", "execution_count": None, "id": "1", "metadata": {}, "outputs": [],
                       "source": CELL}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def test_an_agent_function_from_a_cell_takes_a_seat(chrome, lab_url, artifacts) -> None:
    page = chrome.new_page(viewport={"width": 1400, "height": 1000})
    ours: list[str] = []
    page.on("pageerror", lambda err: ours.append(f"pageerror: {err}"))
    try:
        page.goto(f"{lab_url}lab/workspaces/guest-test?reset")
        page.locator(".jp-LabShell").wait_for(timeout=60_000)
        xsrf = next(c["value"] for c in page.context.cookies() if c["name"] == "_xsrf")
        answer = page.request.put(f"{lab_url}api/contents/against.ipynb", headers={"X-XSRFToken": xsrf},
                                  data=json.dumps({"type": "notebook", "content": NOTEBOOK}))
        assert answer.ok, answer.text()
        page.goto(f"{lab_url}lab/workspaces/guest-test/tree/against.ipynb?reset")
        page.locator(".jp-Notebook").wait_for(timeout=60_000)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
        page.get_by_text("Run", exact=True).first.click()
        page.get_by_text("Run All Cells", exact=True).click()
        page.locator(f"{ROOT}[data-ui=ready]").wait_for(timeout=60_000)
        notes = page.eval_on_selector_all(".egonb-log li.eg-note", "els => els.map((e) => e.lastChild.textContent)")
        assert "Ada is played by mine, in this Python process." in notes
        token = page.get_attribute(ROOT, "data-token")
        page.click(f'{ROOT} [data-el="deck"]')  # T1: draw
        page.wait_for_function("t => document.querySelector('.eg-root').dataset.token !== t", arg=token)
        page.screenshot(path=artifacts / "lab-play-against.png")
    except Exception:
        page.screenshot(path=artifacts / "failure-lab-guest.png")
        raise
    finally:
        page.close()
    assert not ours, ours
