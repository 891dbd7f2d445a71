"""Tournaments: many seeded games, seat rotation, duplicate deals, parallel through any Executor.

Every game is dealt from (tournament seed, deal), the same cards for every
rotation of the seats, and every agent gets its own generator seeded from
(tournament seed, deal, its seat, the names at the table in seat order), so results
are the same with 1 worker or 100 (a `ProcessPoolExecutor` by default; a Dask
`distributed.Client` plays on its cluster, any other Executor works unchanged), as
long as agents draw their randomness from that generator. Time-limit faults are the
exception: they depend on the machine's speed. Nothing in a game depends on the
other agents of the tournament or on the game's place in the schedule: two agents'
games are the same whoever else plays.

Every game counts for the agent at fault. A fault (an exception, an illegal move, a
timeout, a crash) forfeits the game: a loss in last place, with the worst score, the
worst result any seat got in a game of the result that was played to its end (so
forfeiting never beats playing on); the game does not count for the other agents. A
game stopped unfinished (`play.MAX_DECISIONS`) is the same for every seat, shown in
its own column, so nobody gains from a game that never ends.

Intervals are taken over deals, not games: the rotations of one deal share its
cards, so they are not independent samples.
"""

from __future__ import annotations

import hashlib
import html
import importlib.machinery
import itertools
import json
import math
import os
import pickle
import random
import sys
import tempfile
import warnings
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import CancelledError, Executor, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from statistics import fmean
from typing import Any

from . import protocol
from .agents.base import as_agent, fresh_copy
from .errors import positive_int, seed_number
from .messages import ENGLISH
from .play import Fault, GameRecord, check_settings, default_rules, named_agents, play
from .stats import Difference, paired_difference, verdict, wilson


@dataclass(frozen=True)
class Seating:
    """One game of the schedule: `order[seat]` is the index of the agent sitting there."""

    index: int
    deal: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class Comparison:
    """One agent against another over the deals both have a game of: `difference` is its advantage in the result's
    `measure` (positive: it did better; the game decides which way is better), `verdict` says it in words."""

    other: str
    difference: Difference
    verdict: str


@dataclass
class Row:
    """One agent's line in the results table.

    `games` counts every game that counts for the agent: all it `played` but those another seat forfeited. Its
    forfeited (`faults`) and `unfinished` games are in every figure: losses in last place in `win_rate` (and its
    Wilson interval `win_low`–`win_high`) and `mean_rank`, and the worst score (`TournamentResult.worst`) in
    `mean_score` (and `ci95`). `place` is the line's place in the sorted table (1 = best in the result's `measure`);
    `vs_best` compares the agent with the best other agent and `vs_baseline` with the baseline, paired over the same
    deals."""

    agent: str
    games: int
    mean_score: float
    ci95: float
    win_rate: float
    mean_rank: float
    faults: int
    ms_per_decision: float
    unfinished: int = 0
    wins: int = 0
    win_low: float = math.nan
    win_high: float = math.nan
    place: int = 0
    vs_best: Comparison | None = None
    vs_baseline: Comparison | None = None
    played: int = 0


class TournamentResult:
    """All game records plus the sorted table (mean score ± 95 % CI, win rate with its Wilson interval, mean rank),
    the paired verdicts ("who is better?") and plots.

    `measure` says what "better" is measured in, paired deal by deal, over every game that counts for the agent:
    "score", points a game (what the game was worth to the agent: minus its final total, E2; a forfeited or unfinished
    game is worth the `worst` score), or "wins", games won in percentage points (a forfeit or an unfinished game is a
    loss). By default "wins" for solo rules, where what counts is beating the Citybots (a final total says as much
    about when the game stopped as about how well the agent played), else "score"."""

    def __init__(self, names: list[str], rules: Any, schedule: list[Seating], records: list[GameRecord],
                 baseline: str | None = None, measure: str | None = None):
        self.names, self.rules, self.schedule, self.records = names, rules, schedule, records
        self.baseline = self._known(baseline)
        self.measure = _measure(measure, rules)

    def _known(self, baseline: str | None) -> str | None:
        if baseline is not None and baseline not in self.names:
            raise ValueError(f"baseline must be one of the agents' names ({', '.join(map(repr, self.names))}), "
                             f"got {baseline!r}")
        return baseline

    @cached_property
    def worst(self) -> tuple[int, float] | None:
        """(final total, worth) of the worst result any seat got in a finished game of this result (the lowest
        `returns`): what a forfeited or unfinished game counts for the agents it counts against. None if no game
        finished."""
        finished = [(rec.returns[seat], rec.totals[seat]) for rec in self.records if rec.fault is None and rec.finished
                    for seat in range(len(rec.returns))]
        if not finished:
            return None
        worth, total = min(finished)
        return total, worth

    def value(self, game: int, seat: int) -> float | None:
        """What game `game` (its place in the schedule) counts for the agent at `seat` in the result's `measure`,
        higher is better: its worth (minus its final total, E2) or 100 for a win and 0 otherwise; a forfeit or an
        unfinished game the `worst` worth or 0. None if it does not count for that agent (another seat forfeited it,
        or no game finished to give a worst score)."""
        rec = self.records[game]
        if rec.fault is not None and rec.fault.seat != seat:
            return None
        scored = rec.fault is None and rec.finished
        if self.measure == "wins":
            return 100.0 if scored and seat in rec.winners else 0.0
        if scored:
            return _worth(rec, seat)
        return None if self.worst is None else self.worst[1]

    @cached_property
    def _values(self) -> list[dict[int, list[float]]]:
        """Per agent (in the order given), per deal: the `value` of each game of that deal that counts for it."""
        by_deal: list[dict[int, list[float]]] = [{} for _ in self.names]
        for game, seating in enumerate(self.schedule):
            for seat, agent in enumerate(seating.order):
                value = self.value(game, seat)
                if value is not None:
                    by_deal[agent].setdefault(seating.deal, []).append(value)
        return by_deal

    def compare(self, first: str, second: str) -> Comparison:
        """`first` against `second` in the result's `measure`, paired over the deals both have a game of."""
        a, b = self._values[self.names.index(first)], self._values[self.names.index(second)]
        deals = sorted(a.keys() & b.keys())
        diff = paired_difference([fmean(a[d]) for d in deals], [fmean(b[d]) for d in deals])
        return Comparison(second, diff, verdict(first, second, diff, self.measure))

    def rows(self, baseline: str | None = None, rank_by: Mapping[str, float] | None = None) -> list[Row]:
        """One `Row` per agent, best first in the result's `measure` over every game that counts for it (lowest mean
        total, E2, or most games won, then the lowest mean total), or by `rank_by` (name -> a value, higher is better:
        a rating); agents with no game to measure last. `baseline` (an agent's name) defaults to the tournament's."""
        baseline = self._known(baseline) or self.baseline
        k = len(self.names)
        # Per agent and deal: the final totals and wins (1/0) of every game of that deal it counts in.
        scores: list[dict[int, list[float]]] = [{} for _ in range(k)]
        wins: list[dict[int, list[float]]] = [{} for _ in range(k)]
        ranks: list[list[float]] = [[] for _ in range(k)]
        worths: list[list[float]] = [[] for _ in range(k)]  # what each game was worth, to break ties in wins
        faults, unfinished, played = [0] * k, [0] * k, [0] * k
        secs, decs = [0.0] * k, [0] * k
        worst = self.worst
        n = self.rules.players
        for seating, rec in zip(self.schedule, self.records):
            for seat, agent in enumerate(seating.order):
                secs[agent] += rec.seconds[seat]
                decs[agent] += rec.decisions[seat]
                played[agent] += 1
                if rec.fault is not None and rec.fault.seat != seat:
                    continue  # another seat's fault: this game does not count for this agent
                won, rank = 0.0, float(n)  # a fault or an unfinished game: a loss in last place, the worst score
                total, worth = (None, None) if worst is None else worst
                if rec.fault is not None:
                    faults[agent] += 1
                elif not rec.finished:
                    unfinished[agent] += 1
                else:
                    total, worth = rec.totals[seat], _worth(rec, seat)
                    won, rank = (1.0 if seat in rec.winners else 0.0), rec.ranks[seat]
                if total is not None and worth is not None:
                    scores[agent].setdefault(seating.deal, []).append(total)
                    worths[agent].append(worth)
                wins[agent].setdefault(seating.deal, []).append(won)
                ranks[agent].append(rank)
        out = []
        for i, name in enumerate(self.names):
            score, score_ci = _mean_ci(scores[i])
            won = round(sum(sum(vs) for vs in wins[i].values()))
            low, high = wilson(won, len(ranks[i]))
            rank = fmean(ranks[i]) if ranks[i] else math.nan
            out.append(Row(name, len(ranks[i]), score, score_ci, won / len(ranks[i]) if ranks[i] else math.nan, rank,
                           faults[i], 1000 * secs[i] / decs[i] if decs[i] else math.nan, unfinished[i], won, low,
                           high, played=played[i]))
        if rank_by is not None:
            order = sorted(range(k), key=lambda i: -rank_by[self.names[i]])
        else:
            values = [[v for vs in per.values() for v in vs] for per in self._values]
            order = sorted(range(k), key=lambda i: (not values[i], -fmean(values[i]) if values[i] else 0.0,
                                                    -fmean(worths[i]) if worths[i] else 0.0))
        out = [out[i] for i in order]
        for place, row in enumerate(out, 1):
            row.place = place
            if k > 1:
                best = out[1] if place == 1 else out[0]
                row.vs_best = self.compare(row.agent, best.agent)
            if baseline is not None and baseline != row.agent:
                row.vs_baseline = self.compare(row.agent, baseline)
        return out

    def verdicts(self, baseline: str | None = None) -> list[str]:
        """One line per comparison the table makes: each agent against the best (the best against the runner-up),
        then against the baseline; each pair once, and only those with deals to compare (at least two)."""
        out, said = [], set()
        for row in self.rows(baseline):
            for comparison in (row.vs_best, row.vs_baseline):
                if comparison is None or comparison.difference.n < 2:
                    continue
                if frozenset((row.agent, comparison.other)) not in said:
                    said.add(frozenset((row.agent, comparison.other)))
                    out.append(comparison.verdict)
        return out

    def table(self, baseline: str | None = None) -> str:
        """The results as aligned plain text, best first, then the verdicts."""
        rows = self.rows(baseline)
        stalled = any(r.unfinished for r in rows)  # the column only appears when a game never ended
        say = ENGLISH
        head = f"{'#':>2} {say('toolkit.col.agent'):<16} {say('toolkit.col.games'):>6} " \
               f"{say('toolkit.col.mean_score'):>16} {say('toolkit.col.win_rate'):>20} " \
               f"{say('toolkit.col.mean_rank'):>10} {say('toolkit.col.faults'):>7} " \
               + (f"{say('toolkit.col.unfinished'):>10} " if stalled else "") + f"{say('toolkit.col.ms_move'):>8}"
        lines = [head, "-" * len(head)]
        for r in rows:
            score = f"{r.mean_score:.1f} ± {_fmt(r.ci95, '.1f')}" if r.mean_score == r.mean_score else "—"
            lines.append(f"{r.place:>2} {r.agent:<16} {r.games:>6} {score:>16} {_win_text(r):>20} "
                         f"{_fmt(r.mean_rank, '.2f'):>10} {r.faults:>7} " + (f"{r.unfinished:>10} " if stalled else "")
                         + f"{_fmt(r.ms_per_decision, '.2f'):>8}")
        return "\n".join(lines + self._notes(baseline))

    def _notes(self, baseline: str | None) -> list[str]:
        """What the table's numbers leave unsaid, the same below the text and HTML tables."""
        said = [f"  {v}" for v in self.verdicts(baseline)]
        head = [ENGLISH(f"toolkit.better.{self.measure}", scoring=self.rules.scoring)] if said else []
        return head + said + self._footer()

    def _footer(self) -> list[str]:
        """How forfeited and unfinished games count, when there are any (the same below every table)."""
        forfeited = sum(1 for rec in self.records if rec.fault is not None)
        unfinished = sum(1 for rec in self.records if rec.fault is None and not rec.finished)
        if not forfeited and not unfinished:
            return []
        say = ENGLISH
        worst = say("toolkit.worst.none") if self.worst is None else say("toolkit.worst", points=self.worst[0])
        said = [say("toolkit.forfeited", n=forfeited)] if forfeited else []
        said += [say("toolkit.unfinished", n=unfinished)] if unfinished else []
        return [say("toolkit.counted.faults" if forfeited else "toolkit.counted", games=say.join(said), worst=worst)]

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
            f"<tr><td>{r.place}</td><td>{html.escape(r.agent)}</td><td>{r.games}</td>"
            f"<td>{_fmt(r.mean_score, '.1f')} ± {_fmt(r.ci95, '.1f')}</td>"
            f"<td>{html.escape(_win_text(r))}</td><td>{_fmt(r.mean_rank, '.2f')}</td><td>{r.faults}</td>"
            + (f"<td>{r.unfinished}</td>" if stalled else "") + f"<td>{_fmt(r.ms_per_decision, '.2f')}</td></tr>"
            for r in rows)
        columns = ["agent", "games", "mean_score_ci", "win_rate", "mean_rank", "faults",
                   *(["unfinished"] if stalled else []), "ms_move"]
        head = "".join(f"<th>{html.escape(ENGLISH(f'toolkit.col.{c}'))}</th>" for c in columns)
        return (f"<table><thead><tr><th>#</th>{head}</tr></thead><tbody>{cells}</tbody></table>"
                + "".join(f"<p>{html.escape(line)}</p>" for line in self._notes(None)))

    def plot(self, baseline: str | None = None) -> Any:
        """A matplotlib figure: each agent's paired difference (the result's `measure`) against the baseline (or else
        the best agent) with its 95 % interval, and win rates with their Wilson intervals; best first."""
        import matplotlib.pyplot as plt

        rows = self.rows(baseline)
        reference = self._known(baseline) or self.baseline or rows[0].agent
        diffs = [self.compare(r.agent, reference).difference if r.agent != reference else None for r in rows]
        ys = range(len(rows))
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 0.9 + 0.45 * len(rows)), constrained_layout=True,
                                          sharey=True)
        for y, d in zip(ys, diffs):
            if d is None:
                left.plot([0], [y], marker="D", color="black")
            elif d.mean == d.mean:
                err = [[d.mean - d.low], [d.high - d.mean]] if d.low == d.low else None
                left.errorbar([d.mean], [y], xerr=err, fmt="o", capsize=4,
                              color="#4c72b0" if d.significant else "#999999")
        left.axvline(0, color="black", linewidth=0.8)
        left.set_xlabel(ENGLISH(f"toolkit.plot.ahead.{self.measure}", reference=reference))
        # Every agent keeps its line, also one with no score to draw (all its games forfeited).
        left.set_yticks(ys, [r.agent for r in rows])
        left.set_ylim(len(rows) - 0.5, -0.5)
        rates = [r.win_rate if r.games else 0.0 for r in rows]
        err = [[max(0.0, r.win_rate - r.win_low) if r.games else 0.0 for r in rows],
               [max(0.0, r.win_high - r.win_rate) if r.games else 0.0 for r in rows]]
        right.barh(ys, rates, xerr=err, color="#55a868", capsize=4)
        right.set_xlim(0, 1)
        right.xaxis.set_major_formatter(lambda x, pos: f"{x:.0%}")
        right.set_xlabel(ENGLISH("toolkit.plot.win_rate"))
        fig.suptitle(self._title())
        return fig

    def _title(self) -> str:
        """What was played: `games` counts deals, and each agent played every deal once per seating."""
        deals = len({s.deal for s in self.schedule})
        rules = self.rules
        if len(rules.agent_seats) == 1:  # the game plays the other seats (Egocentric World: the solo Citybots)
            others = ENGLISH.join([name for seat, name in enumerate(rules.names) if seat not in rules.agent_seats])
            level = getattr(rules, "difficulty", None)
            return ENGLISH("toolkit.title.solo.level" if level else "toolkit.title.solo", n=deals, others=others,
                           level=level)
        seatings = len(self.schedule) // deals
        if seatings > 1:
            return ENGLISH("toolkit.title.seatings", n=deals, seatings=seatings, games=len(self.schedule),
                           players=rules.players)
        return ENGLISH("toolkit.title.table", n=deals, players=rules.players)


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


#: What a result can measure "better" in (its words: the catalogue's `toolkit.*.score` and `toolkit.*.wins`).
MEASURES = ("score", "wins")


def _measure(measure: str | None, rules: Any) -> str:
    if measure is None:
        return "wins" if len(rules.agent_seats) == 1 else "score"
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(map(repr, MEASURES))} (or None), got {measure!r}")
    return measure


def _worth(rec: GameRecord, seat: int) -> float:
    """What a finished game was worth to a seat, higher is better: the game's `returns()` (Egocentric World: minus
    the final total, E2)."""
    return rec.returns[seat]


def _win_text(row: Row) -> str:
    """'54.0 % (47.1–60.8)': the win rate and its Wilson interval."""
    if not row.games:
        return "—"
    return f"{row.win_rate:.1%} ({row.win_low * 100:.1f}–{row.win_high * 100:.1f})"


def _fmt(x: float, spec: str) -> str:
    """A number for the table; an undefined one (no game counted) as a dash."""
    return "—" if math.isnan(x) else format(x, spec)


def schedule(n_agents: int, rules: Any, deals: int, rotate: bool | str = True) -> list[Seating]:
    """Rules with one agent seat (solo): every agent plays every deal alone. Otherwise every deal is replayed with
    the agents rotated around the table (duplicate deals), so each agent gets each seat's cards.

    Rotation keeps the order around the table, so an agent always plays right after the same neighbour
    (and may gain or lose by it). `rotate="all"` replays each deal in every order of the agents instead
    (n! games per deal: 6 for 3 players, 24 for 4); `rotate=False` plays each deal once."""
    if not (isinstance(rotate, bool) or rotate == "all"):  # 1 == True: `in (True, False)` would take 1 and 0
        raise ValueError(f"rotate must be True (rotations), 'all' (every order) or False, got {rotate!r}")
    out: list[Seating] = []
    seats = len(rules.agent_seats)
    if seats == 1:
        for deal in range(deals):
            out.extend(Seating(len(out), deal, (a,)) for a in range(n_agents))
        return out
    if n_agents != seats:
        raise ValueError(f"a {seats}-player tournament needs {seats} agents, got {n_agents}")
    if rotate == "all":
        orders = list(itertools.permutations(range(n_agents)))
    else:
        orders = [tuple((s + shift) % n_agents for s in range(n_agents)) for shift in range(n_agents if rotate else 1)]
    for deal in range(deals):
        out.extend(Seating(len(out), deal, order) for order in orders)
    return out


def _play_chunk(agents: list[object], names: list[str], rules: Any, seed: int, seatings: list[Seating],
                time_limit: float | None) -> list[tuple[int, GameRecord]]:
    """Play some games of the schedule (runs in a worker): fresh agent copies, own seeded RNGs."""
    out = []
    for st in seatings:
        players = [fresh_copy(agents[a]) for a in st.order]
        table = json.dumps([names[a] for a in st.order])  # who sits where: never the agents' places in the list
        rngs = [random.Random(f"egonb-tournament:{seed}:{st.deal}:{seat}:{table}") for seat in range(len(st.order))]
        seated = {names[a]: agent for a, agent in zip(st.order, players)}  # the table's names, by seat
        rec = play(seated, rules, seed=seed * 1_000_003 + st.deal, rngs=rngs, time_limit=time_limit,
                   transcript=False)
        out.append((st.index, rec))
    return out


def tournament(agents: Mapping[str, object] | Sequence[object] | object, rules: Any = None,
               games: int = 100, seed: int = 0, *, time_limit: float | None = None, executor: Executor | None = None,
               workers: int | None = None, progress: bool = True, rotate: bool | str = True,
               chunk_size: int | None = None, baseline: str | None = None, measure: str | None = None
               ) -> TournamentResult:
    """Play `games` deals of any game's `rules` between `agents` (a list, or a dict name -> agent; for solo rules one
    agent will do).

    Solo rules (one agent seat): each agent plays all deals against the Citybots. Multiplayer: as many agents as
    players, each deal played once per rotation of the seats (`rotate="all"`: in every order, see `schedule`).
    No rules: as `play`, a full solo game for one agent, else a full game with every agent at one table.
    Every game starts from a fresh copy of each agent as given, so nothing one game teaches an agent carries
    over to the next. `executor` runs chunks of games (a process pool of `workers`, default all cores, if
    None; `workers=1` runs here, in this process; give one or the other, not both); a Dask `distributed.Client`
    gets the agents once and chunks of seatings (`play_schedule`). `progress` shows a bar if
    tqdm is installed (the `ai` extra). `baseline` names the agent every other is compared with (besides the best
    one) in the result's table and plots; `measure` is what they compare, "score" or "wins" (`TournamentResult`).
    """
    names, protos = named_agents(agents, rules)
    if baseline is not None and baseline not in names:
        raise ValueError(f"baseline must be one of the agents' names ({', '.join(map(repr, names))}), got {baseline!r}")
    for agent in protos:  # refuse a class, a non-callable or an agent that cannot be copied here, not in a worker
        as_agent(fresh_copy(agent))  # type: ignore[arg-type]
    rules = default_rules(len(protos)) if rules is None else rules
    check_settings(rules, time_limit)
    measure = _measure(measure, rules)
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
    records = play_schedule(protos, names, rules, plan, seed, time_limit=time_limit, executor=executor,
                            workers=workers, progress=progress, chunk_size=chunk_size)
    return TournamentResult(names, rules, plan, records, baseline, measure)


def play_schedule(agents: Sequence[object], names: Sequence[str], rules: Any, plan: Sequence[Seating], seed: int,
                  *, time_limit: float | None = None, executor: Executor | None = None, workers: int | None = None,
                  progress: bool = True, chunk_size: int | None = None, isolate: bool = False) -> list[GameRecord]:
    """Play every game of `plan` (`order` indexes `agents`; checked settings, as `tournament` passes them) and return
    the records in the plan's order: `tournament`'s engine, also for a schedule of one's own (a class ladder).

    A game that ends its worker process (`os._exit`, a segfault, running out of memory) breaks a process pool: the
    games it took down are played again one at a time in fresh one-worker pools, and the game that kills its
    worker again is played once more with every call noted in a file, so the seat whose move (or reset) ended the
    process forfeits it with a 'crash' fault. The other games' records are those they would have had anyway.

    `executor` may be a Dask `distributed.Client`: the agents are sent to its workers once (`_send`), each chunk
    carries only its seatings, and a chunk that Dask gives up on (`KilledWorker`: its workers died) is played here
    as a dead pool worker's are."""
    names = list(names)
    dask = callable(getattr(executor, "scatter", None))
    workers = (sum(executor.nthreads().values()) if dask else workers) or os.cpu_count() or 1  # type: ignore[union-attr]
    if isinstance(executor, ProcessPoolExecutor) or executor is None and workers > 1:
        unsent = [name for name, agent in zip(names, agents) if not _picklable(agent)]
        if unsent:  # a process pool sends agents with plain pickle (threads need none; Dask and Ray use cloudpickle)
            problem = f"{', '.join(unsent)} cannot be sent to other processes (a lambda or a local function?)"
            if executor is not None:  # the caller chose processes: refuse before any game, naming the fix
                raise TypeError(f"{problem}: define it with def at module level, in a file the workers can import, "
                                f"or play in this process (no executor, workers=1)")
            warnings.warn(f"{problem}: playing in this process instead", stacklevel=3)
            workers = 1
    # Four chunks a worker, of at most 50 games, or 200 on Dask, where each costs a round trip to the scheduler.
    size = chunk_size or max(1, min(200 if dask else 50, len(plan) // (4 * workers)))
    chunks = [list(plan[i:i + size]) for i in range(0, len(plan), size)]
    records: list[GameRecord | None] = [None] * len(plan)
    bar = _bar(len(plan), progress)

    def keep(done: list[tuple[int, GameRecord]]) -> None:
        for index, rec in done:
            records[index] = rec
        if bar is not None:
            bar.update(len(done))

    game = _Game(list(agents), names, rules, seed, time_limit)
    own = executor is None and (workers > 1 or isolate)
    pool = ProcessPoolExecutor(workers) if own else executor
    try:
        if dask:
            lost = _play_on_dask(executor, game, chunks, keep)
            if lost:
                _recover(game, sorted(lost, key=lambda st: st.index), keep)
        elif pool is None:
            for chunk in chunks:
                keep(game.play(chunk))
        else:
            futures, lost = {}, []
            for i, chunk in enumerate(chunks):
                try:
                    futures[pool.submit(game.play, chunk)] = chunk
                except BrokenProcessPool:  # a worker died already: the pool takes nothing more
                    lost = [st for rest in chunks[i:] for st in rest]
                    break
            for future in as_completed(futures):
                try:
                    keep(future.result())
                except BrokenProcessPool:  # a worker died: this chunk and every one still pending are lost
                    lost += futures[future]
            if lost:
                if own:
                    pool.shutdown(cancel_futures=True)
                _recover(game, sorted(lost, key=lambda st: st.index), keep)
    except KeyboardInterrupt:  # Ctrl-C or a notebook's "interrupt kernel": stop now, not after every running chunk
        if own and pool is not None:
            _stop_workers(pool)  # type: ignore[arg-type]
        raise
    finally:
        if bar is not None:
            bar.close()
        if own and pool is not None:
            pool.shutdown(cancel_futures=True)
    complete = [r for r in records if r is not None]
    if len(complete) != len(plan):  # the records line up with the schedule, or the table would lie
        raise RuntimeError(f"{len(plan) - len(complete)} of {len(plan)} games came back without a record")
    return complete


@dataclass(frozen=True)
class _Game:
    """What every game of one schedule shares, sent to a process pool's workers with each chunk (a Dask cluster gets
    the agents once: `_send`)."""

    agents: list[object]
    names: list[str]
    rules: Any
    seed: int
    time_limit: float | None

    def play(self, seatings: list[Seating]) -> list[tuple[int, GameRecord]]:
        return _play_chunk(self.agents, self.names, self.rules, self.seed, seatings, self.time_limit)


def _play_on_dask(client: Any, game: _Game, chunks: list[list[Seating]],
                  keep: Callable[[list[tuple[int, GameRecord]]], None]) -> list[Seating]:
    """Play the chunks on a Dask cluster; return the seatings of those lost with their workers (`KilledWorker`).

    A chunk cancelled because the agents died with every worker that held them is sent again, with the agents, as
    long as some chunk gets through; when none does, its seatings are returned as lost too."""
    from distributed import KilledWorker
    from distributed import as_completed as finished

    lost: list[Seating] = []
    waiting = chunks
    while waiting:
        sent, digest = _send(client, game)
        futures = {client.submit(_play_sent, sent, digest, game.rules, game.seed, game.time_limit, chunk,
                                 pure=False): chunk for chunk in waiting}
        again = []
        try:
            for future in finished(futures):
                try:
                    keep(future.result())
                except KilledWorker:
                    lost += futures[future]
                except CancelledError:
                    again.append(futures[future])
        finally:
            client.cancel(list(futures))  # after an error or Ctrl-C nothing goes on playing on the cluster
        if len(again) == len(waiting):
            lost += [st for chunk in again for st in chunk]
            again = []
        waiting = again
    return lost


#: Per Dask client still open, the agents already on its workers (`_send`): (names, agents' ids) -> (the agents,
#: which keeps those ids theirs; their digest; the scattered bytes).
_SENT: dict[Any, dict[tuple[Any, ...], tuple[list[object], str, Any]]] = {}
#: In a Dask worker, the agents received (digest -> (names, agents)), unpickled once, not once a chunk.
_RECEIVED: dict[str, tuple[list[str], list[object]]] = {}


def _send(client: Any, game: _Game) -> tuple[Any, str]:
    """The agents (with their names) on every worker of `client`'s cluster, and their digest: sent once for the same
    agent objects (a ladder's Swiss rounds), again only if they were lost with the workers that held them.

    They go as bytes that cloudpickle wrote, so the code of an agent whose module the workers cannot import (a
    student's file, loaded by path) travels with it, by value; Dask itself would pickle it by reference."""
    import cloudpickle

    for closed in [c for c in _SENT if c.status == "closed"]:  # their futures would keep them alive
        del _SENT[closed]
    sent = _SENT.setdefault(client, {})
    key = (tuple(game.names), tuple(map(id, game.agents)))
    if key in sent and sent[key][2].status == "finished":
        return sent[key][2], sent[key][1]
    for agent in game.agents:
        module = sys.modules.get(getattr(agent, "__module__", None) or "")
        if module is not None and module.__name__ != "__main__" and not _importable(module.__name__):
            cloudpickle.register_pickle_by_value(module)
    blob = cloudpickle.dumps((game.names, game.agents))
    digest = hashlib.sha256(blob).hexdigest()
    sent[key] = (game.agents, digest, client.scatter(blob, broadcast=True, hash=False))
    return sent[key][2], digest


def _importable(module: str) -> bool:
    """Can a fresh process import `module` by name (its package is found on the path)?"""
    return importlib.machinery.PathFinder.find_spec(module.partition(".")[0]) is not None \
        or module.partition(".")[0] in sys.builtin_module_names


def _play_sent(blob: bytes, digest: str, rules: Any, seed: int, time_limit: float | None,
               seatings: list[Seating]) -> list[tuple[int, GameRecord]]:
    """`_play_chunk` in a Dask worker, with the agents `_send` sent (unpickled on their first chunk only)."""
    if digest not in _RECEIVED:
        if len(_RECEIVED) >= 4:  # a worker that served several ladders lets the oldest agents go
            _RECEIVED.pop(next(iter(_RECEIVED)))
        _RECEIVED[digest] = pickle.loads(blob)
    names, agents = _RECEIVED[digest]
    return _play_chunk(agents, names, rules, seed, seatings, time_limit)


def _recover(game: _Game, lost: list[Seating], keep: Callable[[list[tuple[int, GameRecord]]], None]) -> None:
    """Play the games a dead worker took down one at a time, in order, in a fresh one-worker pool: the first one that
    fails killed the worker (the games before it came back), and is played once more under watch to see whose move
    it was; the pool is started again for the rest."""
    while lost:
        pool = ProcessPoolExecutor(1)
        try:
            futures = []
            for st in lost:
                try:
                    futures.append(pool.submit(game.play, [st]))
                except BrokenProcessPool:  # a game already sent killed the worker: the rest wait for the next pool
                    break
            played = 0
            for st, future in zip(lost, futures):
                played += 1
                try:
                    keep(future.result())
                except BrokenProcessPool:
                    keep([(st.index, _autopsy(game, st))])
                    break
            lost = lost[played:]
        except BaseException:
            _stop_workers(pool)
            raise
        pool.shutdown()


def _autopsy(game: _Game, seating: Seating) -> GameRecord:
    """Play a game that killed its worker again, every agent wrapped in a `_Witness` writing to a file: the last call
    begun and never ended is the seat at fault. (Should it not die this time, its record is the game's.)"""
    with tempfile.TemporaryDirectory(prefix="egonb-autopsy-") as folder:
        log = os.path.join(folder, "calls")
        watched = _Game([_Witness(a, log) for a in game.agents], game.names, game.rules, game.seed, game.time_limit)
        pool = ProcessPoolExecutor(1)
        try:
            ((_, rec),) = pool.submit(watched.play, [seating]).result()
            return rec
        except BrokenProcessPool:
            calls = Path(log).read_text().split() if os.path.exists(log) else []  # read and closed
        finally:
            pool.shutdown()
    if not calls or not calls[-1].startswith(("reset:", "act:")):  # no agent was in a call: it died loading the game
        raise RuntimeError(
            f"a worker process died before any agent moved, so {game.names} could not be loaded there (a worker that "
            f"starts afresh imports agents by name: one defined in a notebook or script cannot be; define it in a "
            f"module, or pass workers=1)")
    seat = int(calls[-1].split(":")[1])
    moves = [int(c.split(":")[1]) for c in calls if c.startswith("move:")]
    deal_seed = game.seed * 1_000_003 + seating.deal  # as _play_chunk deals it
    state = protocol.new_state(game.rules, deal_seed)
    for move in moves:  # the moves made before the fatal call, replayed on the engine alone
        state.apply(move)
    seats = len(seating.order)
    during = "reset" if calls[-1].startswith("reset:") else "its move"
    fault = Fault(seat, "crash", f"the process died during {during} (os._exit, a crash such as a segfault, or "
                                 f"running out of memory)", len(moves))
    decisions = [sum(1 for c in calls if c == f"end:{s}") for s in range(seats)]
    return GameRecord(deal_seed, tuple(game.names[a] for a in seating.order) + game.rules.names[seats:],
                      tuple(state.totals), tuple(state.winners), moves, decisions, [0.0] * seats, fault, False)


class _Witness:
    """An agent that notes in a file, unbuffered, each call it begins ('reset:SEAT', 'act:SEAT') and ends ('end:SEAT',
    then 'move:ID'), so the calls survive the process that dies in one of them."""

    def __init__(self, agent: object, log: str):
        self.agent, self.log, self.seat = agent, log, -1

    def _note(self, text: str) -> None:
        fd = os.open(self.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            os.write(fd, f"{text}\n".encode())
        finally:
            os.close(fd)

    def reset(self, seat: int, rng: random.Random) -> None:
        self.seat, self.agent = seat, as_agent(self.agent)  # type: ignore[arg-type]
        self._note(f"reset:{seat}")
        self.agent.reset(seat, rng)
        self._note("end")

    def act(self, view: Any) -> Any:
        self._note(f"act:{self.seat}")
        move = self.agent.act(view)  # type: ignore[attr-defined]
        self._note(f"end:{self.seat}")
        self._note(f"move:{getattr(move, 'id', move)}")
        return move


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
