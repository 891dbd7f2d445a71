"""A tutorial chapter in a real JupyterLab: run all cells in Chromium, then click the Citybot stepper.

JupyterLab serves a temporary copy of the chapter (autosave never touches the repository)
on 127.0.0.1 with the token disabled, its settings and workspaces in a temporary folder.
"""

from __future__ import annotations

from pathlib import Path

#: The chapter whose Citybot stepper is clicked (the `lab_url` server holds a copy of every notebook).
CHAPTER = "07-solo-mode-and-citybots.ipynb"

ALL_RAN = """() => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}"""
STARTED = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
  .some(p => /\\[(\\d+|\\*)\\]/.test(p.textContent))"""


def _run_all(page) -> None:  # type: ignore[no-untyped-def]
    """Run > Run All Cells; the first click can land before the notebook is wired, so retry a few times."""
    for _ in range(4):
        page.click("li.lm-MenuBar-item:has-text('Run')", timeout=10_000)
        page.click("li.lm-Menu-item:has-text('Run All Cells')", timeout=10_000)
        try:
            page.wait_for_function(STARTED, timeout=5_000)
            return
        except Exception:  # noqa: BLE001 - playwright's TimeoutError; try the menu again
            page.keyboard.press("Escape")
    raise AssertionError("Run All Cells never started")


def test_chapter_runs_in_jupyterlab_and_the_stepper_answers_clicks(lab_url: str, chrome, tmp_path: Path) -> None:
    context = chrome.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        page.goto(f"{lab_url}lab/workspaces/tutorial-test/tree/{CHAPTER}?reset")
        page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
        page.wait_for_selector("[data-status='idle']", timeout=60_000)
        _run_all(page)
        page.wait_for_function(ALL_RAN, timeout=120_000)
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, errors.first.inner_text()

        stepper = page.locator(".jp-OutputArea-child:has(table[aria-label='Citybot steps'])")
        stepper.scroll_into_view_if_needed()
        stepper.get_by_role("combobox").select_option("pair (SB5)")
        stepper.get_by_role("button", name="Next step").click()
        now = stepper.locator("table[aria-label='Citybot steps'] tr", has_text="◀ now")
        now.first.wait_for(timeout=10_000)
        assert "SB2" in now.inner_text()
        stepper.get_by_role("button", name="Next step").click()
        page.wait_for_function("""() => {
          const row = [...document.querySelectorAll("table[aria-label='Citybot steps'] tr")]
            .find(r => r.textContent.includes('◀ now'));
          return row && row.textContent.includes('SB5');
        }""", timeout=10_000)
        passed = stepper.locator("tr", has_text="did not apply").all_inner_texts()
        assert any("SB4" in row for row in passed) and any("SB1" in row for row in passed)
        assert "plays a 5" in stepper.inner_text()
        stepper.screenshot(path=str(tmp_path / "stepper.png"))
    finally:
        context.close()
