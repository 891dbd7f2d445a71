"""The tutorial's lab (`egonb site build` writes it in lab/, egonb/site/lab.py) in Chromium, with no server but a
static one: chapters 00 and 03 each open in a fresh browser context (a first visit, as a learner's), every cell runs in
the page's Python, and a widget answers a click through the kernel. Every request that is not for the site's own
address is aborted and counted, and the test fails on any of them, on any cell error and on stderr output.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import test_site
from clicking import ROOT, click_el, wait_ui
from test_jupyterlab_tutorial import fresh_button

#: The site `egonb site build` wrote once for the session, served on 127.0.0.1 (test_site's fixture).
site_url = test_site.site_url

#: Python and JupyterLab start in the page: a cold start on a busy machine takes a while.
START_MS = 240_000
#: The notebook's code cells, once the kernel has taken the run: all ran, or the run stopped at an error.
SETTLED = """() => {
  const nb = window.jupyterapp.shell.currentWidget, kernel = nb.sessionContext.session?.kernel;
  const cells = nb.content.widgets.filter(c => c.model.type === 'code');
  const ran = cells.every(c => c.model.executionCount !== null);
  const busy = cells.some(c => /\\*/.test(c.node.querySelector('.jp-InputArea-prompt')?.textContent || ''));
  return kernel?.status === 'idle' && (ran || !busy);
}"""
#: What went wrong in the cells: error outputs, stderr, and cells that never ran.
PROBLEMS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .flatMap((c, i) => [
    ...(c.model.executionCount === null ? [`cell ${i} never ran`] : []),
    ...c.model.outputs.toJSON()
      .filter(o => o.output_type === 'error' || (o.output_type === 'stream' && o.name === 'stderr'))
      .map(o => `cell ${i}: ${o.ename || ''} ${o.evalue || ''} ${[].concat(o.text || '').join('')}`.slice(0, 400))])"""


@contextmanager
def lab_chapter(chrome, site_url: str, name: str, artifacts: Path) -> Iterator:  # type: ignore[no-untyped-def]
    """`name` open in the lab in a new context, every cell run without an error and no request off the site."""
    context = chrome.browser.new_context(viewport={"width": 1400, "height": 1000})  # no "How to play" seen yet
    elsewhere: list[str] = []

    def route(request_route) -> None:  # type: ignore[no-untyped-def]
        url = request_route.request.url
        if url.startswith(site_url) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            elsewhere.append(url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    try:
        page.goto(f"{site_url}lab/lab/index.html?path={name}")
        page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.sessionContext", timeout=START_MS)
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status"
                               " === 'idle'", timeout=START_MS, polling=250)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function("() => window.jupyterapp.shell.currentWidget.content.widgets"
                               ".some(c => c.model.type === 'code' && c.model.executionCount !== null)",
                               timeout=START_MS, polling=250)
        page.wait_for_function(SETTLED, timeout=START_MS, polling=250)
        assert page.evaluate(PROBLEMS) == []
        assert page.locator(".jp-OutputArea-output:has-text('Error displaying widget')").count() == 0
        yield page
        assert elsewhere == [], f"requests that left {site_url}: {elsewhere[:5]}"
    except Exception:
        page.screenshot(path=str(artifacts / f"failure-lab-{name[:2]}.png"))
        raise
    finally:
        context.close()


def test_the_quick_start_runs_offline_and_its_table_answers_a_click(chrome, site_url, artifacts) -> None:
    with lab_chapter(chrome, site_url, "00-quick-start.ipynb", artifacts) as page:
        # A first visit: "How to play" is open over the table, its top in view (the notebook is not scrolled to its
        # end), and the Citybots' opening turns wait until it is closed.
        close = page.locator(f"{ROOT} .eg-guide-close")
        close.wait_for(timeout=START_MS)
        top = page.eval_on_selector(f"{ROOT} .eg-guide .eg-panel", "e => e.getBoundingClientRect().top")
        assert 0 <= top < page.viewport_size["height"], top
        page.screenshot(path=str(artifacts / "lab-00-how-to-play.png"))
        close.click()
        wait_ui(page, "ready", timeout=START_MS)  # the Citybots have played their first turns
        table = page.locator(f"{ROOT}[data-ui=ready]")
        assert table.get_attribute("data-decision") == "action"
        table.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "lab-00-quick-start.png"))
        click_el(page, "deck")  # the page asks the kernel, which draws and answers with the new decision
        page.wait_for_selector(f"{ROOT}[data-decision=keep_or_discard][data-ui=ready]", timeout=60_000)


def test_chapter_3_runs_offline_and_its_explorer_plays_a_pair(chrome, site_url, artifacts) -> None:
    with lab_chapter(chrome, site_url, "03-the-five-actions.ipynb", artifacts) as page:
        explorer = page.locator(".jp-OutputArea-child", has_text="Your turn.").first
        explorer.scroll_into_view_if_needed()
        fresh_button(page, explorer, "Pair of 5s: play one").click()
        explorer.get_by_text("✓ Player 1: Pair of 5s: play one").wait_for(timeout=60_000)
        page.screenshot(path=str(artifacts / "lab-03-the-five-actions.png"))
