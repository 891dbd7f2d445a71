"""Tournaments: many seeded games, seat rotation, duplicate deals, parallel through any Executor.

Every game is dealt from (tournament seed, deal), the same cards for every
rotation of the seats, and every agent gets its own generator seeded from
(tournament seed, deal, agent, game), so results are the same
with 1 worker or 100 (a `ProcessPoolExecutor` by default; a Dask or Ray executor
works unchanged), as long as agents draw their randomness from that generator.
Time-limit faults are the exception: they depend on the machine's speed. "Agent"
and "game" are places in the list of agents and in the schedule, so adding, removing
or reordering agents changes the numbers every agent draws (never the deals).

Faults (exceptions, illegal moves, timeouts) forfeit the game for the agent at
fault: a loss in last place; the game does not count for the other agents. A game
stopped unfinished (`play.MAX_DECISIONS`) is a loss in last place for every seat,
shown in its own column, so nobody gains from a game that never ends.

Intervals are taken over deals, not games: the rotations of one deal share its
cards, so they are not independent samples.
"""

from __future__ import annotations

import html
import itertools
import math
import os
import pickle
import random
import warnings
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from .agents.base import as_agent, fresh_copy
from .errors import positive_int, seed_number
from .play import GameRecord, check_settings, default_rules, named_agents, play
from .rules import Rules


@dataclass(frozen=True)
class Seating:
    """One game of the schedule: `order[seat]` is the index of the agent sitting there."""

    index: int
    deal: int
    order: tuple[int, ...]


@dataclass
class Row:
    """One agent's line in the results table.

    `games` counts every game the agent played that counts for it, forfeited (`faults`) and `unfinished` ones
    too: those are losses in last place in `win_rate` and `mean_rank`, but have no final score, so `mean_score`
    (and `ci95`) leave them out."""

    agent: str
    games: int
    mean_score: float
    ci95: float
    win_rate: float
    mean_rank: float
    faults: int
    ms_per_decision: float
    unfinished: int = 0
    win_ci95: float = math.nan


class TournamentResult:
    """All game records plus the table (mean score ± 95 % CI, win rate, mean rank) and plots."""

    def __init__(self, names: list[str], rules: Rules, schedule: list[Seating], records: list[GameRecord]):
        self.names, self.rules, self.schedule, self.records = names, rules, schedule, records

    def rows(self) -> list[Row]:
        """One `Row` per agent, in the order the agents were given."""
        k = len(self.names)
        # Per agent and deal: the final totals and wins (1/0) of every game of that deal it counts in.
        scores: list[dict[int, list[float]]] = [{} for _ in range(k)]
        wins: list[dict[int, list[float]]] = [{} for _ in range(k)]
        ranks: list[list[float]] = [[] for _ in range(k)]
        faults, unfinished = [0] * k, [0] * k
        secs, decs = [0.0] * k, [0] * k
        n = self.rules.players
        for seating, rec in zip(self.schedule, self.records):
            for seat, agent in enumerate(seating.order):
                secs[agent] += rec.seconds[seat]
                decs[agent] += rec.decisions[seat]
                if rec.fault is not None and rec.fault.seat != seat:
                    continue  # another seat's fault: this game does not count for this agent
                won, rank = 0.0, float(n)  # a fault or an unfinished game: a loss in last place
                if rec.fault is not None:
                    faults[agent] += 1
                elif not rec.finished:
                    unfinished[agent] += 1
                else:
                    scores[agent].setdefault(seating.deal, []).append(rec.totals[seat])
                    won, rank = (1.0 if seat in rec.winners else 0.0), rec.ranks[seat]
                wins[agent].setdefault(seating.deal, []).append(won)
                ranks[agent].append(rank)
        out = []
        for i, name in enumerate(self.names):
            score, score_ci = _mean_ci(scores[i])
            win, win_ci = _mean_ci(wins[i])
            rank = fmean(ranks[i]) if ranks[i] else math.nan
            out.append(Row(name, len(ranks[i]), score, score_ci, win, rank, faults[i],
                           1000 * secs[i] / decs[i] if decs[i] else math.nan, unfinished[i], win_ci))
        return out

    def table(self) -> str:
        """The results as aligned plain text."""
        rows = self.rows()
        stalled = any(r.unfinished for r in rows)  # the column only appears when a game never ended
        head = f"{'agent':<16} {'games':>6} {'mean score':>16} {'win rate':>9} {'mean rank':>10} {'faults':>7} " \
               + (f"{'unfinished':>10} " if stalled else "") + f"{'ms/move':>8}"
        lines = [head, "-" * len(head)]
        for r in rows:
            score = f"{r.mean_score:.1f} ± {_fmt(r.ci95, '.1f')}" if r.mean_score == r.mean_score else "—"
            lines.append(f"{r.agent:<16} {r.games:>6} {score:>16} {_fmt(r.win_rate, '.1%'):>9} "
                         f"{_fmt(r.mean_rank, '.2f'):>10} {r.faults:>7} " + (f"{r.unfinished:>10} " if stalled else "")
                         + f"{_fmt(r.ms_per_decision, '.2f'):>8}")
        return "\n".join(lines + _footer(rows))

    def faults(self) -> list[tuple[str, Any]]:
        """(agent name, Fault) for every forfeited game, to read what went wrong."""
        out = []
        for seating, rec in zip(self.schedule, self.records):
            if rec.fault is not None:
                out.append((self.names[seating.order[rec.fault.seat]], rec.fault))
        return out

    def __str__(self) -> str:
        return self.table()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = self.rows()
        stalled = any(r.unfinished for r in rows)
        cells = "".join(
            f"<tr><td>{html.escape(r.agent)}</td><td>{r.games}</td>"
            f"<td>{_fmt(r.mean_score, '.1f')} ± {_fmt(r.ci95, '.1f')}</td>"
            f"<td>{_fmt(r.win_rate, '.1%')}</td><td>{_fmt(r.mean_rank, '.2f')}</td><td>{r.faults}</td>"
            + (f"<td>{r.unfinished}</td>" if stalled else "") + f"<td>{_fmt(r.ms_per_decision, '.2f')}</td></tr>"
            for r in rows)
        return ("<table><thead><tr><th>agent</th><th>games</th><th>mean score (95 % CI)</th><th>win rate</th>"
                "<th>mean rank</th><th>faults</th>" + ("<th>unfinished</th>" if stalled else "")
                + f"<th>ms/move</th></tr></thead><tbody>{cells}</tbody></table>"
                + "".join(f"<p>{html.escape(line)}</p>" for line in _footer(rows)))

    def plot(self) -> Any:
        """A matplotlib figure: mean final score with its 95 % CI, and win rate, per agent."""
        import matplotlib.pyplot as plt

        rows = self.rows()
        ys = range(len(rows))
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.5), constrained_layout=True, sharey=True)
        left.barh(ys, [r.mean_score for r in rows], xerr=[r.ci95 for r in rows], color="#4c72b0", capsize=4)
        left.set_xlabel("mean final score (lower is better, E2)")
        # Every agent keeps its line, also one with no score to draw (all its games forfeited).
        left.set_yticks(ys, [r.agent for r in rows])
        left.set_ylim(len(rows) - 0.5, -0.5)
        right.barh(ys, [r.win_rate for r in rows], xerr=[r.win_ci95 for r in rows], color="#55a868", capsize=4)
        right.set_xlim(0, 1)
        right.xaxis.set_major_formatter(lambda x, pos: f"{x:.0%}")
        right.set_xlabel("win rate (95 % CI)")
        fig.suptitle(self._title())
        return fig

    def _title(self) -> str:
        """What was played: `games` counts deals, and each agent played every deal once per seating."""
        deals = len({s.deal for s in self.schedule})
        played = f"{deals} deal{'s' if deals > 1 else ''}"
        if self.rules.solo:
            return f"{played}, each agent alone against the Citybots (difficulty {self.rules.difficulty})"
        seatings = len(self.schedule) // deals
        rotated = f" × {seatings} seatings = {len(self.schedule)} games" if seatings > 1 else ""
        return f"{played}{rotated}, {self.rules.players} players"


def _mean_ci(by_deal: dict[int, list[float]]) -> tuple[float, float]:
    """The mean of all values and its 95 % interval, clustered by deal (NaN when undefined).

    The spread is that of each deal's sum around what the mean predicts for it, so a deal that counts
    fewer games (another seat's fault dropped one) weighs less; with equal counts this is the spread of
    the per-deal means."""
    deals = len(by_deal)
    values = [v for vs in by_deal.values() for v in vs]
    if not values:
        return math.nan, math.nan
    mean = fmean(values)
    if deals < 2:
        return mean, math.nan
    spread = sum((sum(vs) - mean * len(vs)) ** 2 for vs in by_deal.values())
    return mean, 1.96 * math.sqrt(spread * deals / (deals - 1)) / len(values)


def _footer(rows: list[Row]) -> list[str]:
    """What the table's numbers leave unsaid: how forfeited games count (the same below the text and HTML tables)."""
    forfeited = sum(r.faults for r in rows)
    if not forfeited:
        return []
    return [f"{forfeited} game(s) forfeited by a fault: counted for the agent at fault in games, win rate and mean "
            "rank as a loss in last place, left out of its mean score, and not counted for the other agents; "
            "result.faults() says what went wrong"]


def _fmt(x: float, spec: str) -> str:
    """A number for the table; an undefined one (no game counted) as a dash."""
    return "—" if math.isnan(x) else format(x, spec)


def schedule(n_agents: int, rules: Rules, deals: int, rotate: bool | str = True) -> list[Seating]:
    """Solo: every agent plays every deal alone. Multiplayer: every deal is replayed with the
    agents rotated around the table (duplicate deals), so each agent gets each seat's cards.

    Rotation keeps the order around the table, so an agent always plays right after the same neighbour
    (and may gain or lose by it). `rotate="all"` replays each deal in every order of the agents instead
    (n! games per deal: 6 for 3 players, 24 for 4); `rotate=False` plays each deal once."""
    if not (isinstance(rotate, bool) or rotate == "all"):  # 1 == True: `in (True, False)` would take 1 and 0
        raise ValueError(f"rotate must be True (rotations), 'all' (every order) or False, got {rotate!r}")
    out: list[Seating] = []
    if rules.solo:
        for deal in range(deals):
            out.extend(Seating(len(out), deal, (a,)) for a in range(n_agents))
        return out
    if n_agents != rules.players:
        raise ValueError(f"a {rules.players}-player tournament needs {rules.players} agents, got {n_agents}")
    if rotate == "all":
        orders = list(itertools.permutations(range(n_agents)))
    else:
        orders = [tuple((s + shift) % n_agents for s in range(n_agents)) for shift in range(n_agents if rotate else 1)]
    for deal in range(deals):
        out.extend(Seating(len(out), deal, order) for order in orders)
    return out


def _play_chunk(agents: list[object], names: list[str], rules: Rules, seed: int, seatings: list[Seating],
                time_limit: float | None) -> list[tuple[int, GameRecord]]:
    """Play some games of the schedule (runs in a worker): fresh agent copies, own seeded RNGs."""
    out = []
    for st in seatings:
        players = [fresh_copy(agents[a]) for a in st.order]
        rngs = [random.Random(f"egonb-tournament:{seed}:{st.deal}:{a}:{st.index}") for a in st.order]
        seated = {names[a]: agent for a, agent in zip(st.order, players)}  # the table's names, by seat
        rec = play(seated, rules, seed=seed * 1_000_003 + st.deal, rngs=rngs, time_limit=time_limit,
                   transcript=False)
        out.append((st.index, rec))
    return out


def tournament(agents: Mapping[str, object] | Sequence[object] | object, rules: Rules | None = None,
               games: int = 100, seed: int = 0, *, time_limit: float | None = None, executor: Executor | None = None,
               workers: int | None = None, progress: bool = True, rotate: bool | str = True,
               chunk_size: int | None = None) -> TournamentResult:
    """Play `games` deals between `agents` (a list, or a dict name -> agent; for solo rules one agent will do).

    Solo rules: each agent plays all deals against the Citybots. Multiplayer: as many agents as
    players, each deal played once per rotation of the seats (`rotate="all"`: in every order, see `schedule`).
    No rules: as `play`, a full solo game for one agent, else a full game with every agent at one table.
    Every game starts from a fresh copy of each agent as given, so nothing one game teaches an agent carries
    over to the next. `executor` runs chunks of games (a process pool of `workers`, default all cores, if
    None; `workers=1` runs here, in this process; give one or the other, not both). `progress` shows a bar if
    tqdm is installed (the `ai` extra).
    """
    names, protos = named_agents(agents, rules)
    for agent in protos:  # refuse a class, a non-callable or an agent that cannot be copied here, not in a worker
        as_agent(fresh_copy(agent))  # type: ignore[arg-type]
    rules = default_rules(len(protos)) if rules is None else rules
    check_settings(rules, time_limit)
    seed = seed_number(seed)
    positive_int("games", games)
    for what, value in (("workers", workers), ("chunk_size", chunk_size)):
        if value is not None:
            positive_int(what, value)
    if isinstance(executor, type):  # ThreadPoolExecutor instead of ThreadPoolExecutor(2): it has a `submit` too
        raise TypeError(f"executor is the class {executor.__name__}: give a running one, e.g. "
                        f"{executor.__name__}(2), or no executor and workers=2")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must be a concurrent.futures.Executor (or None for a process pool of `workers`), "
                        f"got {type(executor).__name__}")
    if executor is not None and workers is not None:  # the executor has its own workers: this number would be ignored
        raise ValueError("give workers (the size of the process pool that tournament() makes) or an executor "
                         "(which has its own workers), not both")
    if not isinstance(progress, bool):  # "no" would be true, and show a bar
        raise TypeError(f"progress must be True or False, got {progress!r}")
    plan = schedule(len(protos), rules, games, rotate)
    workers = workers or os.cpu_count() or 1
    if isinstance(executor, ProcessPoolExecutor) or executor is None and workers > 1:
        unsent = [name for name, agent in zip(names, protos) if not _picklable(agent)]
        if unsent:  # a process pool sends agents with plain pickle (threads need none; Dask and Ray use cloudpickle)
            problem = f"{', '.join(unsent)} cannot be sent to other processes (a lambda or a local function?)"
            if executor is not None:  # the caller chose processes: refuse before any game, naming the fix
                raise TypeError(f"{problem}: define it with def at module level, in a file the workers can import, "
                                f"or play in this process (no executor, workers=1)")
            warnings.warn(f"{problem}: playing in this process instead", stacklevel=2)
            workers = 1
    size = chunk_size or max(1, min(50, len(plan) // (4 * workers)))
    chunks = [plan[i:i + size] for i in range(0, len(plan), size)]
    records: list[GameRecord | None] = [None] * len(plan)
    bar = _bar(len(plan), progress)
    own = executor is None and workers > 1
    pool = ProcessPoolExecutor(workers) if own else executor
    try:
        results: Iterable[list[tuple[int, GameRecord]]]
        if pool is None:
            results = (_play_chunk(protos, names, rules, seed, c, time_limit) for c in chunks)
        else:
            futures = [pool.submit(_play_chunk, protos, names, rules, seed, c, time_limit) for c in chunks]
            results = (f.result() for f in as_completed(futures))
        for done in results:
            for index, rec in done:
                records[index] = rec
            if bar is not None:
                bar.update(len(done))
    except KeyboardInterrupt:  # Ctrl-C or a notebook's "interrupt kernel": stop now, not after every running chunk
        if own and pool is not None:
            _stop_workers(pool)  # type: ignore[arg-type]
        raise
    except BrokenProcessPool as exc:  # an agent ended its worker (os._exit, a crash, out of memory)
        raise RuntimeError(f"a worker process died while playing, so {records.count(None)} of {len(plan)} games "
                           f"have no record; one of {names} ended the process (os._exit, a crash or running "
                           f"out of memory), or could not be loaded there (a worker that starts afresh imports "
                           f"agents by name: one defined in a notebook or script cannot be; define it in a "
                           f"module, or pass workers=1); try each suspect in a small tournament of its own (solo "
                           f"rules, or built-in agents such as AGENTS['random']() in the other seats)") from exc
    finally:
        if bar is not None:
            bar.close()
        if own and pool is not None:
            pool.shutdown(cancel_futures=True)
    complete = [r for r in records if r is not None]
    if len(complete) != len(plan):  # the records line up with the schedule, or the table would lie
        raise RuntimeError(f"{len(plan) - len(complete)} of {len(plan)} games came back without a record")
    return TournamentResult(names, rules, plan, complete)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End our own pool's workers at once: a plain shutdown would wait for every chunk already running."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # taken first: shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _picklable(obj: object) -> bool:
    try:
        pickle.dumps(obj)
    except Exception:
        return False
    return True


def _bar(total: int, progress: bool) -> Any:
    """A tqdm progress bar, or None: without tqdm (an optional extra) the games are simply played without one."""
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game")
