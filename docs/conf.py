"""Sphinx configuration of egonb's documentation site (built by `egonb site build`, egonb/site/docs.py).

The builder assembles its sources in a temporary folder: the pages of `docs/` at its root and the tutorial's
notebooks in `tutorial/`; MyST-Parser reads the Markdown, MyST-NB the notebooks (run when the site is built with
`--execute-notebooks`, as the Pages workflow does, so the pages show their outputs) and autodoc the docstrings.
"""

import os

import egonb

project = "egonb"
author = "The egonb developers"
release = version = egonb.__version__
copyright = "the egonb developers (MIT licence); the game Egocentric World belongs to Borderline Editions"

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.viewcode"]
root_doc = "index"
# fr/index.md is the French edition's own front page (egonb/site/docs.py builds it with `-D language=fr`)
exclude_patterns = ["_build", "conf.py", "images/README*", "fr/index.md"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
suppress_warnings = ["myst.header"]  # the rules pages start at their own heading levels

# Notebooks: stripped in the repository; run at build time when asked (a chapter's error shows in its page).
nb_execution_mode = "force" if os.environ.get("EGONB_DOCS_EXECUTE") == "1" else "off"
nb_execution_timeout = 900
nb_execution_allow_errors = False
nb_execution_raise_on_error = True

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_mock_imports = ["pyspiel", "open_spiel", "gymnasium", "pettingzoo", "distributed", "cloudpickle"]

html_theme = "furo"
html_title = f"egonb {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
