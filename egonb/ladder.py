"""`egonb ladder PATH…`: a class ladder. Every agent file (or folder of them) plays every other and the built-ins.

Each file defines one agent (the convention is `egonb.agentfile`'s: `agent(view)`, `act(view)` or a class). Every
pair of agents plays the same duel deals, each deal once from each seat (duplicate deals, seats swapped), through
a process pool (`--workers`) or a Dask cluster (`--scheduler ADDRESS`), with a progress bar. The leaderboard goes to
an output folder:

* `leaderboard.md`: one line per agent, best first: mean score, paired difference against the best other agent and
  the baseline (95 % CI, p), win rate (Wilson interval), an openskill rating (Plackett-Luce, over every game in
  schedule order: a multiplayer rating that also ranks agents that never met), faults, and the "challenge": the share
  of full solo games won against the Citybots at difficulty 3 (`--challenge` games each);
* `index.html`: the same table with the plots (PNG, inside the page);
* `agents/NAME.md` and `agents/NAME.json`: per agent, its faults (kind, seed, where in its code), its slowest games,
  and every game it played (seed, seats, action ids: `egonb.replay_game` … see the report) to replay.

Every file plays in processes of its own (`egonb.sandbox`): it sees only its seat's views, and cannot reach the
game, the other agents or the ladder (the built-in agents play in the ladder's processes, unless
`--isolate-builtins`). Whatever an agent does wrong is recorded against it and the ladder goes on: a file that cannot
be loaded (or whose loading never ends), an exception, an illegal move or garbage, a move over `--time-limit` (its
process is killed), a process that dies (`os._exit`, a segfault) or runs out of memory (`--memory-limit`).
A forfeited game does not count for its opponent, so the other agents' results are those they would have without
the faulty one. (A built-in agent in process that ends its worker has its pool restarted: `tournament.play_schedule`.)
On a Dask cluster a worker that dies is Dask's to handle: it retries the task on another worker and in the end raises
`KilledWorker`.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import itertools
import json
import math
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from .agentfile import AgentFile, agent_files
from .classroom import GAMES, ClassGame, class_game
from .play import GameRecord
from .sandbox import Limits, builtin, load_files
from .stats import wilson
from .tournament import Row, Seating, TournamentResult, play_schedule, schedule


@dataclass
class Ladder:
    """A ladder's outcome: the duel results, ratings, challenge wins and the files that did not load."""

    result: TournamentResult
    ratings: dict[str, tuple[float, float]]  # name -> (mu, sigma)
    challenge: dict[str, tuple[int, int]]  # name -> (games won, games played), solo difficulty 3
    broken: list[AgentFile] = field(default_factory=list)

    def ordinal(self, name: str) -> float:
        """The rating shown: mu - 3 sigma, a cautious estimate that rises as games confirm it."""
        mu, sigma = self.ratings[name]
        return mu - 3 * sigma


def duel_schedule(n_agents: int, deals: int) -> list[Seating]:
    """Every pair of agents plays `deals` deals, each deal once from each seat; every pair gets the same deals."""
    out: list[Seating] = []
    for a, b in itertools.combinations(range(n_agents), 2):
        for deal in range(deals):
            out += [Seating(len(out), deal, (a, b)), Seating(len(out) + 1, deal, (b, a))]
    return out


def run(agents: dict[str, object], *, deals: int = 20, rules: Any = None, challenge: int = 10,
        seed: int = 0, time_limit: float = 2.0, workers: int | None = None, executor: Any = None,
        progress: bool = True, baseline: str | None = None, game: ClassGame = GAMES["egocentric-world"]) -> Ladder:
    """Play the ladder of `game` between `agents` (name -> agent): duels under `rules` (default: the game's
    one-round duels), then, if the game has a solo mode, `challenge` full solo games at difficulty 3 for each."""
    rules = game.table(2, False) if rules is None else rules
    names, protos = list(agents), list(agents.values())
    plan = duel_schedule(len(protos), deals)
    pool = {"executor": executor} if executor is not None else {"workers": workers, "isolate": True}
    records = play_schedule(protos, names, rules, plan, seed, time_limit=time_limit, progress=progress, **pool)
    result = TournamentResult(names, rules, plan, records, baseline, measure="score")
    won: dict[str, tuple[int, int]] = {}
    if challenge and game.solo_table is not None:
        solo = game.solo_table(3, True)
        solo_plan = schedule(len(protos), solo, challenge)
        solo_records = play_schedule(protos, names, solo, solo_plan, seed, time_limit=time_limit, progress=progress,
                                     **pool)
        for name in names:
            games = [rec for st, rec in zip(solo_plan, solo_records) if names[st.order[0]] == name]
            won[name] = (sum(1 for rec in games if rec.fault is None and rec.finished and 0 in rec.winners), len(games))
    return Ladder(result, rate(names, plan, records), won)


def rate(names: list[str], plan: list[Seating], records: list[GameRecord]) -> dict[str, tuple[float, float]]:
    """Plackett-Luce ratings (openskill) over the games in schedule order: the game's ranks; a forfeit is a loss
    for the agent at fault (its opponents share first place), an unfinished game a tie."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    for seating, rec in zip(plan, records):
        seated = [names[a] for a in seating.order]
        if rec.fault is not None:
            ranks = [2.0 if seat == rec.fault.seat else 1.0 for seat in range(len(seated))]
        elif not rec.finished:
            ranks = [1.0] * len(seated)
        else:
            ranks = list(rec.ranks[:len(seated)])
        new = model.rate([[ratings[name]] for name in seated], ranks=ranks)
        for name, (rating,) in zip(seated, new):
            ratings[name] = rating
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="egonb ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="agent files, or folders of them")
    parser.add_argument("--out", default="ladder", help="output folder (default: ./ladder)")
    parser.add_argument("--deals", type=int, default=20, help="deals per pair of agents, each played from both seats")
    parser.add_argument("--game", default="egocentric-world", help=f"the game played: {', '.join(GAMES)}")
    parser.add_argument("--builtins", help="built-in agents that join the ladder, comma-separated ('' for none; "
                                           "default: random,greedy,citybot-style, or the game's own)")
    parser.add_argument("--baseline", help="the agent everyone is compared with (default greedy, or the game's own)")
    parser.add_argument("--challenge", type=int, default=10,
                        help="full solo games at difficulty 3 per agent for the challenge column (0: none; only "
                             "for a game with a solo mode)")
    parser.add_argument("--full-game", action="store_true",
                        help="Egocentric World duels are full games to 50, not one round (Diverse City's always are)")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds per move before it is a fault")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (e.g. tcp://10.0.0.5:8786): play there")
    parser.add_argument("--isolate-builtins", action="store_true",
                        help="the built-in agents too play in processes of their own, as the files do")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_mb,
                        help=f"MiB of memory an agent's process may use (default {Limits.memory_mb}; 0: no limit)")
    args = parser.parse_args(argv)
    try:
        files = agent_files(args.paths)
    except FileNotFoundError as exc:
        parser.error(str(exc))
    try:
        game = class_game(args.game)
    except ValueError as exc:
        parser.error(str(exc))
    builtins = list(game.builtins) if args.builtins is None else [b for b in args.builtins.split(",") if b]
    unknown = [b for b in builtins if b not in game.agents]
    if unknown:
        parser.error(f"--builtins: no built-in agent {', '.join(unknown)} for {game.title}; "
                     f"there are {', '.join(game.agents)}")
    limits = Limits(memory_mb=args.memory_limit)
    entries = load_files(files, limits)
    agents: dict[str, object] = {}
    for entry in entries:
        if entry.agent is not None:
            entry.name = _unique(entry.name, agents)
            agents[entry.name] = entry.agent
    for name in builtins:
        agents[_unique(name, agents)] = builtin(args.game, name, limits) if args.isolate_builtins else game.agent(name)
    broken = [e for e in entries if e.agent is None]
    for entry in broken:
        print(f"egonb ladder: {entry.path} {entry.error}", file=sys.stderr)
    if len(agents) < 2:
        parser.error("a ladder needs at least two agents that load")
    baseline = (args.baseline or game.baseline) if (args.baseline or game.baseline) in agents else None
    executor, client = None, None
    if args.scheduler:
        from distributed import Client

        client = Client(args.scheduler)
        executor = client.get_executor()
    try:
        ladder = run(agents, deals=args.deals, rules=game.table(2, args.full_game), challenge=args.challenge,
                     seed=args.seed, time_limit=args.time_limit, workers=args.workers, executor=executor,
                     baseline=baseline, game=game)
    finally:
        if client is not None:
            client.close()
    ladder.broken = broken
    out = Path(args.out)
    write(ladder, out)
    print((out / "leaderboard.md").read_text())
    print(f"Leaderboard written to {out / 'leaderboard.md'} and {out / 'index.html'}; one report per agent in "
          f"{out / 'agents'}")
    return 0


def _unique(name: str, taken: dict[str, object]) -> str:
    """`name`, or `name-2`, `name-3` … if an agent already has it (two files that both say NAME = "bot")."""
    candidate, n = name, 2
    while candidate in taken:
        candidate, n = f"{name}-{n}", n + 1
    return candidate


def write(ladder: Ladder, out: Path) -> None:
    """The leaderboard (Markdown and HTML with plots) and one report per agent, in folder `out`."""
    (out / "agents").mkdir(parents=True, exist_ok=True)
    rows = ladder.result.rows()
    (out / "leaderboard.md").write_text(_markdown(ladder, rows))
    (out / "index.html").write_text(_html(ladder, rows))
    for row in rows:
        md, games = _agent_report(ladder, row)
        (out / "agents" / f"{_file_name(row.agent)}.md").write_text(md)
        (out / "agents" / f"{_file_name(row.agent)}.json").write_text(
            "[\n" + ",\n".join(json.dumps(game) for game in games) + "\n]\n")  # one game a line
    for entry in ladder.broken:
        (out / "agents" / f"{_file_name(entry.name)}.md").write_text(
            f"# {entry.name}\n\n`{entry.path}` did not load, so it played no game:\n\n    {entry.error}\n")


COLUMNS = ["#", "agent", "mean score", "vs best other", "vs baseline", "win rate (95 % CI)", "rating", "faults",
           "challenge (difficulty 3)"]


def _cells(ladder: Ladder, row: Row) -> list[str]:
    def diff(c: Any) -> str:
        if c is None:
            return "—"
        d = c.difference
        if d.n < 2 or math.isnan(d.low):
            return f"vs {c.other}: too few deals"
        return f"{d.mean:+.1f} ({d.low:+.1f} to {d.high:+.1f}) vs {c.other}" + (" *" if d.significant else "")

    won, played = ladder.challenge.get(row.agent, (0, 0))
    low, high = wilson(won, played)
    challenge = f"{won}/{played} = {won / played:.0%} ({low:.0%}–{high:.0%})" if played else "—"
    mu, sigma = ladder.ratings[row.agent]
    score = "—" if math.isnan(row.mean_score) else f"{row.mean_score:.1f} ± {row.ci95:.1f}"
    win = "—" if not row.games else f"{row.win_rate:.0%} ({row.win_low:.0%}–{row.win_high:.0%})"
    return [str(row.place), row.agent, score, diff(row.vs_best), diff(row.vs_baseline), win,
            f"{ladder.ordinal(row.agent):.1f} (μ {mu:.1f}, σ {sigma:.1f})", str(row.faults), challenge]


def _explained(ladder: Ladder) -> list[str]:
    result = ladder.result
    deals = len({s.deal for s in result.schedule})
    return [
        f"{len(result.names)} agents, every pair playing the same {deals} deal(s) from both seats "
        f"({'full games' if getattr(result.rules, 'full_game', True) else 'one round'}, 2 players; "
        f"{len(result.records)} games).",
        f"Mean score: {result.rules.scoring}. 'vs': how many points a game better the agent did than "
        "the other one, paired over the same deals, with its 95 % interval; * marks a significant difference. "
        "Rating: openskill (Plackett-Luce) mu - 3 sigma. Faults: forfeited games (a loss for the agent, not counted "
        "for its opponent). Challenge: full solo games won against the Citybots at difficulty 3 (the best built-in "
        "agents win about 1 in 5).",
    ]


def _markdown(ladder: Ladder, rows: list[Row]) -> str:
    lines = ["# Ladder", "", *_explained(ladder), "", "| " + " | ".join(COLUMNS) + " |",
             "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in _cells(ladder, row)) + " |" for row in rows]
    lines += ["", *ladder.result.verdicts()]
    if ladder.broken:
        lines += ["", "Did not load:", ""] + [f"* `{e.path}`: {e.error}" for e in ladder.broken]
    return "\n".join(lines) + "\n"


def _html(ladder: Ladder, rows: list[Row]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in _cells(ladder, row)) + "</tr>"
                   for row in rows)
    broken = "".join(f"<li><code>{html.escape(str(e.path))}</code>: {html.escape(e.error or '')}</li>"
                     for e in ladder.broken)
    return ("<!doctype html><html lang='en'><meta charset='utf-8'><title>Ladder</title>"
            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>"
            "<h1>Ladder</h1>" + "".join(f"<p>{html.escape(p)}</p>" for p in _explained(ladder))
            + f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + "<ul>" + "".join(f"<li>{html.escape(v)}</li>" for v in ladder.result.verdicts()) + "</ul>"
            + (f"<h2>Did not load</h2><ul>{broken}</ul>" if broken else "")
            + f"<h2>Plots</h2><img alt='paired differences and win rates' src='data:image/png;base64,{_plot(ladder)}'>"
            + "</html>\n")


def _plot(ladder: Ladder) -> str:
    """The result's plot (paired differences from the baseline, win rates) as base64 PNG."""
    import matplotlib

    matplotlib.use("Agg")
    fig = ladder.result.plot()
    fig.suptitle(_explained(ladder)[0])  # the result's own title counts seatings per deal, not pairs
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode()


def _agent_report(ladder: Ladder, row: Row) -> tuple[str, list[dict[str, Any]]]:
    """The agent's report (Markdown) and its games (for JSON): faults, slowest games, every game to replay."""
    result = ladder.result
    me = result.names.index(row.agent)
    games, faults, timed = [], [], []
    for seating, rec in zip(result.schedule, result.records):
        if me not in seating.order:
            continue
        seat = seating.order.index(me)
        opponent = result.names[seating.order[1 - seat]]
        fault = rec.fault
        games.append({"seed": rec.seed, "seat": seat, "opponent": opponent, "totals": list(rec.totals),
                      "won": fault is None and rec.finished and seat in rec.winners, "actions": rec.actions,
                      "fault": None if fault is None else {"seat": fault.seat, "kind": fault.kind,
                                                           "message": fault.message, "decision": fault.decision}})
        if rec.fault is not None and rec.fault.seat == seat:
            faults.append(f"* seed {rec.seed}, seat {seat} against {opponent}, decision {rec.fault.decision}: "
                          f"**{rec.fault.kind}**: {rec.fault.message}"
                          + "".join(f"\n  `{line}`" for line in rec.fault.where.splitlines()))
        if rec.decisions[seat]:
            timed.append((1000 * rec.seconds[seat] / rec.decisions[seat], rec.seed, seat, opponent))
    slow = sorted(timed, reverse=True)[:5]
    speed = "no move made" if math.isnan(row.ms_per_decision) else f"{row.ms_per_decision:.2f} ms a move on average"
    lines = [f"# {row.agent}", "", f"Place {row.place} of {len(result.names)}; {row.games} games counted, "
             f"{row.faults} forfeited; {speed}.", ""]
    lines += [c.verdict for c in (row.vs_best, row.vs_baseline) if c is not None and c.difference.n >= 2]
    lines += ["", f"## Faults ({len(faults)})", "", *(faults or ["None."])]
    lines += ["", "## Slowest games (ms a move)", ""]
    lines += [f"* {ms:.2f} ms: seed {s}, seat {seat} against {o}" for ms, s, seat, o in slow] or ["None."]
    rules = result.rules
    lines += ["", "## Replaying a game", "", f"Every game it played is in `{_file_name(row.agent)}.json` (seed, seat, "
              "action ids). To replay one:", "", "```python", "from egonb import protocol",
              f"from {type(rules).__module__} import {type(rules).__name__}",
              f"game = protocol.new_state({_made_by(rules)}, seed)",
              "for action in actions:", "    game.apply(action)", "print(game.totals)", "```", ""]
    return "\n".join(lines), games


def _made_by(config: Any) -> str:
    """`config` as the call that makes it: the fields that differ from the defaults (seat names aside)."""
    default = type(config)()
    args = [f"{f.name}={getattr(config, f.name)!r}" for f in fields(config)
            if f.name != "names" and getattr(config, f.name) != getattr(default, f.name)]
    return f"{type(config).__name__}({', '.join(args)})"


def _file_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name) or "agent"
