"""The `egonb` command line: subcommands, help, and a clear refusal of an unknown one."""

import subprocess
import sys

from egonb.cli import COMMANDS, main


def test_help_lists_every_subcommand(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in COMMANDS)


def test_an_unknown_subcommand_is_refused_with_the_list(capsys):
    assert main(["fly"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'fly'" in err and "demo" in err


def test_egonb_demo_prints_a_seeded_game():
    run = [sys.executable, "-m", "egonb.cli", "demo", "--seed", "3"]
    first = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert "Round 1 begins" in first
    assert first == subprocess.run(run, capture_output=True, text=True, check=True).stdout


def test_version_and_python_dash_m_egonb_answer_like_the_script() -> None:
    """`python -m egonb` is the `egonb` script (for a machine where it is not on the path); --version says the one
    version the package holds."""
    import egonb

    done = subprocess.run([sys.executable, "-m", "egonb", "--version"], capture_output=True, text=True, check=True)
    assert done.stdout == f"egonb {egonb.__version__}\n"
    help_text = subprocess.run([sys.executable, "-m", "egonb"], capture_output=True, text=True, check=True).stdout
    assert all(name in help_text for name in ("play", "ladder", "grade", "site"))
