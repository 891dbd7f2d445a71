#!/usr/bin/env python3
# /// script
# dependencies = ["nox>=2025.2.9"]
# ///
"""Tasks for contributors (`pipx run nox -l` lists them): each in a fresh virtual environment of its own.

    nox -s tests          # every test, as CI runs them (the README's test command)
    nox -s tests -- tests/test_rules_solo.py   # some of them
    nox -s lint           # the pre-commit hooks over the whole tree
    nox -s site           # build the whole site (game, lab, documentation) into site/, then serve it
"""

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"


@nox.session(default=True)
def tests(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session(default=True)
def lint(session: nox.Session) -> None:
    session.install("-e", ".[test]")
    session.run("pre-commit", "run", "--all-files", "--show-diff-on-failure")


@nox.session(default=False)
def site(session: nox.Session) -> None:
    session.install("-e", ".[app,ai,rl,lite,docs]")
    session.run("egonb", "site", "build", "site", "--docs", *session.posargs)
    session.run("python", "-m", "http.server", "-d", "site")


if __name__ == "__main__":
    nox.main()
