"""`egonb COMMAND …`: one command line for everything a person runs (`egonb play`, `egonb demo`, …).

Each subcommand is a module's `main(argv)`, imported only when it runs, so `egonb demo` never loads Jupyter.
`egonb-play` and `egonb-demo` stay as aliases of `egonb play` and `egonb demo`.
"""

from __future__ import annotations

import importlib
import sys

#: name -> (module with a `main(argv)`, or "module:function", one line of help). Add a subcommand here.
COMMANDS = {
    "play": ("egonb.app.serve", "play in your browser: serve the card table with Voilà"),
    "demo": ("egonb.demo", "print a seeded game played at random, as text"),
    "ladder": ("egonb.ladder", "a class ladder: agent files against each other and the built-ins, to a leaderboard"),
    "grade": ("egonb.grade", "grade an agent file, or a class's folder of them, by the assignment's rubric"),
    "replay": ("egonb.replay_command", "replay a recorded or saved game on the card table, decision by decision "
                                      "(replay FILE)"),
    "watch": ("egonb.replay_command:watch_main", "watch agents play each other on the card table, at your pace"),
    "site": ("egonb.site.build", "build the static site: both games and the tutorial's lab in any browser, no server "
                                 "(site build DIR)"),
}


def usage() -> str:
    width = max(map(len, COMMANDS))
    lines = [f"  {name:<{width}}  {text}" for name, (_, text) in COMMANDS.items()]
    head = "usage: egonb [--version] COMMAND [options]   (egonb COMMAND --help for its options)"
    return head + "\n\ncommands:\n" + "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] in ("-h", "--help"):
        print(usage())
        return 0
    if args[0] == "--version":
        from . import __version__

        print(f"egonb {__version__}")
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"egonb: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    where, _, function = COMMANDS[name][0].partition(":")
    module = importlib.import_module(where)
    sys.argv[0] = f"egonb {name}"  # argparse names the program as the person typed it
    return getattr(module, function or "main")(rest) or 0


if __name__ == "__main__":
    sys.exit(main())
