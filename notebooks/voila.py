# Voilà reads this file, with voila.json, from the folder it serves (egonb/app/serve.py runs it there).
from egonb.app.xsrf import PageCookieIdentity
from egonb.messages.language import in_every_language

# A fast start: one kernel is kept started, with the page's notebook run up to the point where it needs the
# request (egonb/app/page.py: Python, the widgets and both games are loaded), so a visitor's page only waits for
# the game to be dealt.
c.VoilaConfiguration.preheat_kernel = True  # noqa: F821 - `c` is the config Voilà passes in
c.VoilaConfiguration.default_pool_size = 1  # noqa: F821
# The next kernel is started 5 s after a page takes one (Voilà's default: 1 s), once that page is playable: starting
# a kernel keeps the server and a core busy for about 2 s (the server renders the notebook's template, the kernel
# imports Python and the games), which slowed the page's own start from about 2.7 to 3.3 s here (2-core machine,
# benchmarks/bench_browser.py). A visitor who comes in those few seconds gets a kernel started for them.
c.VoilaKernelManager.fill_delay = 5  # noqa: F821
# The page's own request sets the `_xsrf` cookie, so its kernel is shut down when it is closed or reloaded (a
# prelaunch hook did that before; Voilà does not allow one with preheated kernels).
c.Voila.identity_provider_class = PageCookieIdentity  # noqa: F821
# After a cell's reply, wait up to 60 s (not nbclient's 4 s) for its output: on a busy server the table's
# display message can come later, and a page whose output was given up on shows no table at all.
c.VoilaExecutor.iopub_timeout = 60  # noqa: F821
# The browser's languages reach the kernel as HTTP_ACCEPT_LANGUAGE beside QUERY_STRING (with a preheated kernel too),
# so the page speaks French to a French browser unless the address says otherwise (egonb/messages/language.py).
c.VoilaConfiguration.http_header_envs = ["Accept-Language"]  # noqa: F821
# The start page's sentence in every shipped language (the template's start.js shows the reader's): the page is
# rendered before its request is known, so it cannot be rendered in the reader's language.
c.VoilaConfiguration.resources = {"egonb_start": in_every_language("page.start.shuffling")}  # noqa: F821
