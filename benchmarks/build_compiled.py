"""Compile both games' engines with mypyc (it ships with mypy) into a folder of its own, for CPython.

The pure package stays what is installed, tested and sent to the browser (Pyodide); this builds a copy of it
whose engine modules are C extensions, from the same source (docs/ARCHITECTURE.md, "How a state declares its
parts"). Put the folder first on the path to use it, as `benchmarks/bench_engine.py --compiled OUTDIR` does:

    python benchmarks/build_compiled.py OUTDIR        # needs a C compiler; about half a minute
    PYTHONPATH=OUTDIR python -c "from egonb.games.diverse_city import state; print(state.__file__)"   # ... .so

Compiled: `COMPILED`. Left pure, and why: `NOT_COMPILED`. The toolkit and the pages are copied as they are.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "egonb"
sys.path.insert(0, str(SOURCE.parent))  # the records of this checkout's games, whichever egonb is installed

from egonb.games import FOLDERS, entry  # noqa: E402

#: The engine modules mypyc compiles, in one group (they call each other natively): the records both games share
#: and each game's rules core, as its record names it (`GameEntry.compiled`, docs/ARCHITECTURE.md).
COMPILED = (
    "errors.py", "events.py",
    *(f"games/{folder}/{m}.py" for slug, folder in FOLDERS.items() for m in entry(slug).compiled),
)
#: Modules of the rules core that stay pure Python, and why.
NOT_COMPILED = {
    "protocol.py": "its `runtime_checkable` Protocol classes are not compiled by mypyc (and nothing hot runs there)",
    **{f"games/{game}/events.py": "its `Event` subclasses the NamedTuple record of `events.py`, which mypyc compiles "
       "only as a class marked for it (`mypy_extensions.mypyc_attr`), a package the pure engine does not need; "
       "nothing hot runs there (the engine makes events with `tuple.__new__`, their words are read later)"
       for game in FOLDERS.values()},
}


def build(outdir: Path, opt_level: str = "3") -> Path:
    """Copy `egonb` into `outdir` and compile `COMPILED` there; the folder to put first on `sys.path`.

    Building into the same folder again is faster: mypy's cache and unchanged C files are reused."""
    outdir = outdir.resolve()
    if outdir == SOURCE.parent or SOURCE in outdir.parents or outdir in SOURCE.parents:
        raise SystemExit(f"build outside the source tree, not in {outdir}")
    target = outdir / "egonb"
    if target.exists():
        shutil.rmtree(target)
    for stale in outdir.glob("*__mypyc*"):  # an earlier build's shared library
        stale.unlink()
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    env = {**os.environ, "MYPYC_OPT_LEVEL": opt_level, "PYTHONPATH": ""}
    done = subprocess.run([sys.executable, "-m", "mypyc", *(f"egonb/{m}" for m in COMPILED)], cwd=outdir, env=env,
                          capture_output=True, text=True)
    (outdir / "build.log").write_text(done.stdout + done.stderr)
    if done.returncode:
        raise SystemExit(f"mypyc failed (log: {outdir / 'build.log'}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return outdir


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path, help="the folder to build in (created; never inside the source tree)")
    parser.add_argument("--opt-level", default="3", help="the C compiler's optimisation level (0-3)")
    args = parser.parse_args()
    path = build(args.outdir, args.opt_level)
    print(f"compiled {len(COMPILED)} modules into {path / 'egonb'}; use it with PYTHONPATH={path}")


if __name__ == "__main__":
    main()
