"""`egonb ladder PATH…`: a class ladder. The agents in the files (or folders of them) play each other and the built-ins.

Each file defines one agent (the convention is `egonb.agentfile`'s: `agent(view)`, `act(view)` or a class). What they
play is what the assignment grades (`--config grading.toml`, or `--solo DIFFICULTY`): solo games against the Citybots,
every agent the same `--deals`, ranked by games won; else duels, where pairs of agents play the same deals, each deal
once from each seat (duplicate deals, seats swapped):

* round robin (a small class, or `--pairing round-robin`): every pair meets; ranked by mean score;
* Swiss-style rounds (above `SWISS_ABOVE` agents, or `--pairing swiss`): `--opponents K` rounds, in each of which
  every agent meets one opponent of close rating that it has not met yet; ranked by rating. The games grow with the
  class (K pairings an agent), not with its square.

Every ranking counts every game: a game an agent forfeits is a loss in last place with the worst score (the worst
final total any seat got in a finished game of the ladder), so giving up on a bad hand never beats playing it out;
the game does not count for its opponent. Games run through a process pool (`--workers`) or a Dask cluster
(`--scheduler ADDRESS`: the agents are sent to its workers once, with their files' code), with a progress bar.
The leaderboard goes to an output folder:

* `leaderboard.md`: one line per agent, best first, saying what it is ranked by: games counted and forfeited,
  opponents met, mean score, paired difference against the best other agent and the baseline (95 % CI), win rate
  (Wilson interval), an openskill rating (Plackett-Luce: one match per pair and deal, the duplicate games' mean
  score deciding it), and the "challenge": full solo games won against the Citybots at difficulty 3 (`--challenge`
  games each); agents with faults are marked;
* `index.html`: the same table with the plots (PNG, inside the page; up to `PLOTTED` agents);
* `agents/NAME.md`, `agents/NAME.json` and `agents/NAME.html`: per agent, whom it met, its faults (kind, seed, where
  in its code), its slowest games, and every game it played (game, configuration, seed, action ids), each linked to
  its replay (the leaderboard page links each agent's page of games);
* `replays/N.html`: game N on the card table, decision by decision, from each player's seat and face up
  (`egonb.replay`; a static page: any web server shows the folder, `--no-replays` leaves them out).

Built-in agents are named "greedy (built-in)", so no student's NAME takes theirs; two files with the same NAME are told
apart by their file names (the page says so).

Every file plays in processes of its own (`egonb.sandbox`): it sees only its seat's views, and cannot reach the game,
the other agents or the ladder (the built-in agents play in the ladder's processes, unless `--isolate-builtins`).
Whatever an agent does wrong is recorded against it and the ladder goes on: a file that cannot be loaded (or whose
loading never ends), an exception, an illegal move or garbage, a move over `--time-limit` (its process is killed), a
process that dies (`os._exit`, a segfault) or runs out of memory (`--memory-limit`). (A built-in agent in process that
ends its worker has its pool restarted, see `tournament.play_schedule`; on a Dask cluster the games Dask gives up on
are played again here the same way.)
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import io
import itertools
import json
import math
import sys
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from statistics import fmean
from typing import Any

from . import protocol
from .agentfile import AgentFile, agent_files
from .classroom import GAMES, ClassGame, class_game
from .grade import DEFAULTS, read_config
from .messages import ENGLISH
from .play import GameRecord
from .replay import config_fields
from .sandbox import Limits, builtin, load_files
from .stats import wilson
from .tournament import Row, Seating, TournamentResult, play_schedule, schedule

#: Above this many agents `egonb ladder` pairs them in Swiss-style rounds instead of a round robin.
SWISS_ABOVE = 24
#: Swiss-style rounds (opponents an agent meets) by default.
OPPONENTS = 8


@dataclass
class Ladder:
    """A ladder's outcome: the results, ratings (duels), challenge wins, the files that did not load, how agents were
    paired ("round robin", "swiss" or "solo") and notes on names told apart."""

    result: TournamentResult
    ratings: dict[str, tuple[float, float]]  # name -> (mu, sigma); none for solo games
    challenge: dict[str, tuple[int, int]]  # name -> (games won, games played), solo difficulty 3
    broken: list[AgentFile] = field(default_factory=list)
    pairing: str = "round robin"
    notes: list[str] = field(default_factory=list)
    rounds: int = 0  # Swiss-style rounds played

    def ordinal(self, name: str) -> float:
        """The rating shown: mu - 3 sigma, a cautious estimate that rises as games confirm it."""
        mu, sigma = self.ratings[name]
        return mu - 3 * sigma

    @cached_property
    def games(self) -> dict[str, list[tuple[Seating, GameRecord]]]:
        """Per agent, the games it played (seating, record), in schedule order."""
        out: dict[str, list[tuple[Seating, GameRecord]]] = {name: [] for name in self.result.names}
        for seating, rec in zip(self.result.schedule, self.result.records):
            for agent in seating.order:
                out[self.result.names[agent]].append((seating, rec))
        return out

    def met(self, agent: str) -> Counter[str]:
        """Whom `agent` met, and in how many games."""
        me = self.result.names.index(agent)
        return Counter(self.result.names[a] for st, _ in self.games[agent] for a in st.order if a != me)

    def rows(self) -> list[Row]:
        """The leaderboard's lines, best first: by rating after Swiss rounds (agents met different opponents), else
        by the result's measure (every agent met the same ones); both count every game."""
        if self.pairing == "swiss":
            return self.result.rows(rank_by={name: self.ordinal(name) for name in self.result.names})
        return self.result.rows()


def duel_schedule(n_agents: int, deals: int) -> list[Seating]:
    """Every pair of agents plays `deals` deals, each deal once from each seat; every pair gets the same deals."""
    return pair_schedule(list(itertools.combinations(range(n_agents), 2)), deals)


def pair_schedule(pairs: list[tuple[int, int]], deals: int) -> list[Seating]:
    """Each pair plays deals 0 to `deals` - 1, each deal once from each seat."""
    out: list[Seating] = []
    for a, b in pairs:
        for deal in range(deals):
            out += [Seating(len(out), deal, (a, b)), Seating(len(out) + 1, deal, (b, a))]
    return out


def swiss_pairs(ranked: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """One Swiss-style round: down the ranking (best first), each agent not yet paired meets the next one it has not
    met (the next one at all if it has met them all); with an odd number, the one left over also meets the agent
    nearest in the ranking it has not met, who plays twice this round."""
    free, pairs = list(ranked), []
    while len(free) > 1:
        a = free.pop(0)
        b = next((x for x in free if frozenset((a, x)) not in met), free[0])
        free.remove(b)
        pairs.append((a, b))
    if free:
        a = free[0]
        near = sorted((x for x in ranked if x != a), key=lambda x: abs(ranked.index(x) - ranked.index(a)))
        pairs.append((a, next((x for x in near if frozenset((a, x)) not in met), near[0])))
    return pairs


def run(agents: dict[str, object], *, deals: int = 20, rules: Any = None, challenge: int = 10,
        seed: int = 0, time_limit: float = 2.0, workers: int | None = None, executor: Any = None,
        progress: bool = True, baseline: str | None = None, game: ClassGame = GAMES["egocentric-world"],
        pairing: str = "round robin", opponents: int = OPPONENTS) -> Ladder:
    """Play the ladder of `game` between `agents` (name -> agent) under `rules` (default: the game's one-round duels).

    Solo rules: every agent plays `deals` deals alone against the Citybots. Duels: `pairing` "round robin" (every
    pair) or "swiss" (`opponents` rounds); then, if the game has a solo mode, `challenge` full solo games at
    difficulty 3 for each agent. `executor` may be a Dask `distributed.Client` (see `tournament.play_schedule`)."""
    if pairing not in ("round robin", "swiss"):
        raise ValueError(f"pairing must be 'round robin' or 'swiss', got {pairing!r}")
    rules = game.table(2, False) if rules is None else rules
    names, protos = list(agents), list(agents.values())
    pool = {"executor": executor} if executor is not None else {"workers": workers, "isolate": True}

    def played(plan: list[Seating], table: Any = rules) -> list[Any]:
        return play_schedule(protos, names, table, plan, seed, time_limit=time_limit, progress=progress, **pool)

    if len(rules.agent_seats) == 1:
        plan = schedule(len(protos), rules, deals)
        result = TournamentResult(names, rules, plan, played(plan), baseline, measure="wins")
        return Ladder(result, {}, {}, pairing="solo")
    rounds = min(opponents, len(names) - 1) if pairing == "swiss" else 0
    if rounds:
        result = _swiss(names, rules, deals, rounds, seed, baseline, played)
    else:
        plan = duel_schedule(len(protos), deals)
        result = TournamentResult(names, rules, plan, played(plan), baseline, measure="score")
    won: dict[str, tuple[int, int]] = {}
    if challenge and game.solo_table is not None:
        solo = game.solo_table(3, True)
        solo_plan = schedule(len(protos), solo, challenge)
        solo_records = played(solo_plan, solo)
        for name in names:
            games = [rec for st, rec in zip(solo_plan, solo_records) if names[st.order[0]] == name]
            won[name] = (sum(1 for rec in games if rec.fault is None and rec.finished and 0 in rec.winners), len(games))
    return Ladder(result, rate(result), won, pairing=pairing, rounds=rounds)


def _swiss(names: list[str], rules: Any, deals: int, rounds: int, seed: int, baseline: str | None,
           played: Any) -> TournamentResult:
    """`rounds` Swiss-style rounds (`swiss_pairs`), rated after each: the first pairs agents in an order drawn from
    the seed and their names, the others by rating."""
    draw = {i: hashlib.sha256(f"egonb-swiss:{seed}:{name}".encode()).hexdigest() for i, name in enumerate(names)}
    plan: list[Seating] = []
    records: list[Any] = []
    met: set[frozenset[int]] = set()
    result = TournamentResult(names, rules, plan, records, baseline, measure="score")
    ratings: dict[str, tuple[float, float]] | None = None
    for _ in range(rounds):
        ordinal = {i: 0.0 if ratings is None else ratings[name][0] - 3 * ratings[name][1]
                   for i, name in enumerate(names)}
        pairs = swiss_pairs(sorted(range(len(names)), key=lambda i: (-ordinal[i], draw[i])), met)
        met.update(frozenset(pair) for pair in pairs)
        games, start = pair_schedule(pairs, deals), len(plan)
        records += played(games)
        plan += [Seating(start + st.index, st.deal, st.order) for st in games]
        result = TournamentResult(names, rules, plan, records, baseline, measure="score")
        ratings = rate(result, ratings, since=start)  # the round's games only: the pairing needs no more
    return result


def rate(result: TournamentResult, ratings: dict[str, tuple[float, float]] | None = None,
         since: int = 0) -> dict[str, tuple[float, float]]:
    """Plackett-Luce ratings (openskill) of a duel result, name -> (mu, sigma): one match per pair of agents and deal,
    in schedule order, won by the agent whose games of that deal (one from each seat: the same cards) were worth more
    on average, each game counted as `TournamentResult.value` counts it (a forfeited or unfinished game at the worst
    score); an equal worth is a draw, and an agent whose opponent forfeited every game of the deal wins it.
    `ratings` and `since`: go on from those ratings with the games from place `since` in the schedule on."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    matches: dict[tuple[int, frozenset[int]], dict[int, list[float]]] = {}
    for game, seating in enumerate(result.schedule[since:], since):
        match = matches.setdefault((seating.deal, frozenset(seating.order)), {a: [] for a in seating.order})
        rec = result.records[game]
        for seat, agent in enumerate(seating.order):
            if rec.fault is None or rec.fault.seat == seat:  # another seat's forfeit does not count for it
                value = result.value(game, seat)
                match[agent].append(-math.inf if value is None else value)  # None: nothing finished, nothing worse
    current = {name: model.rating(name=name) if ratings is None else
               model.rating(mu=ratings[name][0], sigma=ratings[name][1], name=name) for name in result.names}
    for values in matches.values():
        seated = list(values)
        worth = [fmean(values[a]) if values[a] else math.inf for a in seated]
        ranks = [1.0 + sum(other > mine for other in worth) for mine in worth]
        new = model.rate([[current[result.names[a]]] for a in seated], ranks=ranks)
        for a, (rating,) in zip(seated, new):
            current[result.names[a]] = rating
    return {name: (r.mu, r.sigma) for name, r in current.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="egonb ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="agent files, or folders of them")
    parser.add_argument("--out", default="ladder", help="output folder (default: ./ladder)")
    parser.add_argument("--deals", type=int, default=20,
                        help="deals per pairing, each played from both seats (solo: deals per agent)")
    parser.add_argument("--config", help="the assignment's grading.toml: its [grading] game, players, difficulty and "
                                         "full_game say what the ladder plays (options given here win)")
    parser.add_argument("--game", help=f"the game played: {', '.join(GAMES)} (default egocentric-world)")
    parser.add_argument("--solo", type=int, metavar="DIFFICULTY", dest="difficulty",
                        help="solo games against the Citybots at this difficulty, ranked by games won, not duels")
    parser.add_argument("--pairing", choices=["auto", "round-robin", "swiss"], default="auto",
                        help=f"duels: every pair, or Swiss-style rounds (auto: swiss above {SWISS_ABOVE} agents)")
    parser.add_argument("--opponents", type=int, default=OPPONENTS,
                        help=f"Swiss-style rounds: opponents each agent meets (default {OPPONENTS})")
    parser.add_argument("--builtins", help="built-in agents that join the ladder, comma-separated ('' for none; "
                                           "default: random,greedy,citybot-style, or the game's own)")
    parser.add_argument("--baseline", help="the agent everyone is compared with (default greedy, or the game's own)")
    parser.add_argument("--challenge", type=int, default=10,
                        help="full solo games at difficulty 3 per agent for the challenge column (0: none; only "
                             "for duels of a game with a solo mode)")
    parser.add_argument("--full-game", action=argparse.BooleanOptionalAction,
                        help="Egocentric World games are full games to 50, not one round (default: one round, or the "
                             "config's full_game; Diverse City's always are)")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds per move before it is a fault")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, help="worker processes (default: all cores)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (e.g. tcp://10.0.0.5:8786): play there")
    parser.add_argument("--isolate-builtins", action="store_true",
                        help="the built-in agents too play in processes of their own, as the files do")
    parser.add_argument("--no-replays", action="store_true", help="write no replay pages (replays/)")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_mb,
                        help=f"MiB of memory an agent's process may use (default {Limits.memory_mb}; 0: no limit)")
    args = parser.parse_args(argv)
    try:
        files = agent_files(args.paths)
        game, rules = _what_is_played(args)
    except (OSError, ValueError) as exc:
        parser.error(str(exc))
    for what in ("deals", "opponents"):
        if getattr(args, what) < 1:
            parser.error(f"--{what} must be at least 1")
    builtins = list(game.builtins) if args.builtins is None else [b for b in args.builtins.split(",") if b]
    unknown = [b for b in builtins if b not in game.agents]
    if unknown:
        parser.error(f"--builtins: no built-in agent {', '.join(unknown)} for {game.title}; "
                     f"there are {', '.join(game.agents)}")
    limits = Limits(memory_mb=args.memory_limit)
    entries = load_files(files, limits)
    built = {b: builtin(args.game, b, limits) if args.isolate_builtins else game.agent(b) for b in builtins}
    agents, notes = _named([e for e in entries if e.agent is not None], built)
    broken = [e for e in entries if e.agent is None]
    for entry in broken:
        print(f"egonb ladder: {entry.path} {entry.error}", file=sys.stderr)
    for note in notes:
        print(f"egonb ladder: {note}", file=sys.stderr)
    if len(agents) < 2:
        parser.error("a ladder needs at least two agents that load")
    wanted = args.baseline or game.baseline
    baseline = next((n for n in (f"{wanted}{BUILT_IN}", wanted) if n in agents), None)
    if args.baseline and baseline is None:
        parser.error(f"--baseline: no agent {args.baseline!r} in the ladder")
    swiss = args.pairing == "swiss" or args.pairing == "auto" and len(agents) > SWISS_ABOVE
    executor, client = None, None
    if args.scheduler:
        from distributed import Client

        client = executor = Client(args.scheduler)
    try:
        ladder = run(agents, deals=args.deals, rules=rules, challenge=args.challenge, seed=args.seed,
                     time_limit=args.time_limit, workers=args.workers, executor=executor, baseline=baseline, game=game,
                     pairing="swiss" if swiss else "round robin", opponents=args.opponents)
    finally:
        if client is not None:
            client.close()
    ladder.broken, ladder.notes = broken, notes
    out = Path(args.out)
    write(ladder, out, replays=not args.no_replays)
    print((out / "leaderboard.md").read_text())
    print(ENGLISH("ladder.written", board=out / "leaderboard.md", page=out / "index.html", agents=out / "agents"))
    return 0


def _what_is_played(args: argparse.Namespace) -> tuple[ClassGame, Any]:
    """The game and its rules: `--solo`, else the grading config's players, difficulty and full_game (as `egonb
    grade` reads them), else one-round duels; options given on the command line win over the config."""
    config = read_config(args.config) if args.config else {}
    game = class_game(args.game or config.get("game", DEFAULTS["game"]))
    if args.difficulty is not None:  # --solo DIFFICULTY
        players, difficulty = 1, args.difficulty
    elif args.config:
        players = config.get("players") or (1 if game.solo_table is not None else 2)
        difficulty = config.get("difficulty", DEFAULTS["difficulty"])
    else:
        players, difficulty = 2, None
    full_game = args.full_game if args.full_game is not None else \
        bool(config.get("full_game", DEFAULTS["full_game"])) if args.config else False
    if players == 1:
        if game.solo_table is None:
            raise ValueError(f"{game.title} has no solo mode: its ladder plays duels")
        return game, game.solo_table(difficulty, full_game)
    if players != 2:
        raise ValueError(f"the ladder plays duels (players = 2) or solo games (players = 1), not {players} players")
    return game, game.table(2, full_game)


#: What a built-in agent's name ends with in a ladder, so that no student's NAME takes it.
BUILT_IN = " (built-in)"


def _named(entries: list[AgentFile], builtins: dict[str, object]) -> tuple[dict[str, object], list[str]]:
    """The ladder's agents by unique name, and notes on the names told apart: files that share a NAME (or take a
    built-in's) go by NAME and file name, the built-ins by their name and "(built-in)"."""
    count = Counter(e.name for e in entries)
    agents: dict[str, object] = {}
    told: dict[str, list[str]] = {}
    for entry in entries:
        name = entry.name
        if count[name] > 1 or name.endswith(BUILT_IN):
            by_file = f"{name} ({entry.path.name})"
            entry.name = by_file if by_file not in agents else f"{name} ({entry.path})"
            told.setdefault(name, []).append(entry.name)
        agents[entry.name] = entry.agent
    notes = [f"{len(files)} files say NAME = {name!r}; they are told apart by file name: {', '.join(files)}"
             if len(files) > 1 else f"NAME = {name!r} looks like a built-in agent's name; shown as {files[0]}"
             for name, files in told.items()]
    agents.update({f"{name}{BUILT_IN}": agent for name, agent in builtins.items()})
    return agents, notes


def write(ladder: Ladder, out: Path, replays: bool = False) -> None:
    """The leaderboard (Markdown and HTML with plots) and one report per agent, in folder `out`; with `replays`, a
    replay page per game (`replays/N.html`) that the reports link to."""
    (out / "agents").mkdir(parents=True, exist_ok=True)
    if replays:
        _write_replays(ladder, out / "replays")
    rows = ladder.rows()
    (out / "leaderboard.md").write_text(_markdown(ladder, rows))
    (out / "index.html").write_text(_html(ladder, rows))
    for row in rows:
        md, games = _agent_report(ladder, row, replays)
        (out / "agents" / f"{_file_name(row.agent)}.md").write_text(md)
        (out / "agents" / f"{_file_name(row.agent)}.json").write_text(
            "[\n" + ",\n".join(json.dumps(game) for game in games) + "\n]\n")  # one game a line
        (out / "agents" / f"{_file_name(row.agent)}.html").write_text(_games_html(row.agent, games))
    for entry in ladder.broken:
        (out / "agents" / f"{_file_name(entry.name)}.md").write_text(
            f"# {entry.name}\n\n{ENGLISH('ladder.did_not_load', path=entry.path)}\n\n    {entry.error}\n")


#: The most agents `index.html` draws the plots for (one line each).
PLOTTED = 60
#: The mark after the name of an agent that forfeited games.
FAULTY = " ⚠"


def _columns(ladder: Ladder) -> list[str]:
    if ladder.pairing == "solo":
        ids = ["toolkit.col.agent", "ladder.col.games_won", "ladder.col.games_forfeited", "toolkit.col.mean_score",
               "ladder.col.vs_best", "ladder.col.vs_baseline"]
    else:
        ids = ["toolkit.col.agent", "ladder.col.played", "ladder.col.opponents", "toolkit.col.mean_score",
               "ladder.col.vs_best", "ladder.col.vs_baseline", "toolkit.col.win_rate", "ladder.col.rating",
               "ladder.col.challenge"]
    return ["#", *map(ENGLISH, ids)]


def _cells(ladder: Ladder, row: Row) -> list[str]:
    def diff(c: Any) -> str:
        if c is None:
            return "—"
        d = c.difference
        if d.n < 2 or math.isnan(d.low):
            return ENGLISH("ladder.vs.few", other=c.other)
        return ENGLISH("ladder.vs.significant" if d.significant else "ladder.vs", mean=d.mean, low=d.low, high=d.high,
                       other=c.other)

    name = row.agent + (FAULTY if row.faults else "")
    games = f"{row.games} ({row.faults})"  # solo: every game counts; duels: not those the opponent forfeited
    score = "—" if math.isnan(row.mean_score) else f"{row.mean_score:.1f} ± {row.ci95:.1f}"
    win = "—" if not row.games else f"{row.win_rate:.0%} ({row.win_low:.0%}–{row.win_high:.0%})"
    if ladder.pairing == "solo":
        return [str(row.place), name, f"{row.wins}/{row.games} = {win}", games, score, diff(row.vs_best),
                diff(row.vs_baseline)]
    won, played = ladder.challenge.get(row.agent, (0, 0))
    low, high = wilson(won, played)
    challenge = f"{won}/{played} = {won / played:.0%} ({low:.0%}–{high:.0%})" if played else "—"
    mu, sigma = ladder.ratings[row.agent]
    met = len(ladder.met(row.agent))
    rating = f"{ladder.ordinal(row.agent):.1f} (μ {mu:.1f}, σ {sigma:.1f})"
    return [str(row.place), name, f"{row.played}: {games}", str(met), score, diff(row.vs_best), diff(row.vs_baseline),
            win, rating, challenge]


def _explained(ladder: Ladder) -> list[str]:
    """What was played, what the leaderboard is sorted by and how a forfeit counts: the page's first paragraphs."""
    say, result = ENGLISH, ladder.result
    deals = len({s.deal for s in result.schedule})
    rules = result.rules
    length = say("ladder.length.full" if getattr(rules, "full_game", True) else "ladder.length.round")
    worst = say("ladder.worst.none") if result.worst is None else say("ladder.worst", points=result.worst[0])
    forfeit = say("ladder.forfeit", mark=FAULTY.strip(), worst=worst)
    played: dict[str, Any] = {"agents": len(result.names), "n": deals, "length": length, "games": len(result.records)}
    if ladder.pairing == "solo":
        return [say("ladder.solo", level=getattr(rules, "difficulty", "?"), **played),
                say("ladder.solo.ranked", scoring=rules.scoring), forfeit]
    how = say("ladder.ranked.how", scoring=rules.scoring)
    if ladder.pairing == "swiss":
        return [say("ladder.swiss", rounds=ladder.rounds, **played), say("ladder.ranked.swiss", how=how), forfeit]
    return [say("ladder.round_robin", **played), say("ladder.ranked.round_robin", how=how), forfeit]


def _markdown(ladder: Ladder, rows: list[Row]) -> str:
    columns = _columns(ladder)
    lines = [f"# {ENGLISH('ladder.title')}", "", *_explained(ladder), "",
             *[ENGLISH("ladder.note", note=n) for n in ladder.notes],
             "" if ladder.notes else None, "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(c.replace("|", "\\|") for c in _cells(ladder, row)) + " |" for row in rows]
    lines += ["", *ladder.result.verdicts()]
    if ladder.broken:
        lines += ["", ENGLISH("ladder.broken"), ""] + [f"* `{e.path}`: {e.error}" for e in ladder.broken]
    return "\n".join(line for line in lines if line is not None) + "\n"


def _html(ladder: Ladder, rows: list[Row]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in _columns(ladder))
    def cell(i: int, text: str, row: Row) -> str:  # the agent's name links to its page of games
        shown = html.escape(text)
        return f"<a href='agents/{html.escape(_file_name(row.agent))}.html'>{shown}</a>" if i == 1 else shown

    body = "".join("<tr>" + "".join(f"<td>{cell(i, c, row)}</td>" for i, c in enumerate(_cells(ladder, row)))
                   + "</tr>" for row in rows)
    broken = "".join(f"<li><code>{html.escape(str(e.path))}</code>: {html.escape(e.error or '')}</li>"
                     for e in ladder.broken)
    say, title = ENGLISH, html.escape(ENGLISH("ladder.title"))
    return (f"<!doctype html><html lang='{say.language}'><meta charset='utf-8'><title>{title}</title>"
            "<link rel='icon' href='data:,'><style>body{font-family:sans-serif;margin:2em}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>"
            f"<h1>{title}</h1>" + "".join(f"<p>{html.escape(p)}</p>" for p in _explained(ladder))
            + "".join(f"<p>{html.escape(say('ladder.note', note=n))}</p>" for n in ladder.notes)
            + f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + "<ul>" + "".join(f"<li>{html.escape(v)}</li>" for v in ladder.result.verdicts()) + "</ul>"
            + (f"<h2>{html.escape(say('ladder.broken.heading'))}</h2><ul>{broken}</ul>" if broken else "")
            + (f"<h2>{html.escape(say('ladder.plots'))}</h2><img alt='{html.escape(say('ladder.plots.alt'))}' "
               f"src='data:image/png;base64,{_plot(ladder)}'>" if len(rows) <= PLOTTED else "")
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


def _agent_report(ladder: Ladder, row: Row, replays: bool = False) -> tuple[str, list[dict[str, Any]]]:
    """The agent's report (Markdown) and its games (for JSON): faults, slowest games, every game to replay (linked to
    its replay page with `replays`)."""
    say, result = ENGLISH, ladder.result
    me = result.names.index(row.agent)
    games, faults, timed = [], [], []
    for seating, rec in ladder.games[row.agent]:
        seat = seating.order.index(me)
        opponent = result.names[seating.order[1 - seat]] if len(seating.order) > 1 else say("ladder.agent.citybots")
        fault = rec.fault
        page = f"../replays/{seating.index}.html#view={seat}" if replays and rec.rules is not None else None
        games.append({"seed": rec.seed, "seat": seat, "opponent": opponent, "totals": list(rec.totals),
                      "won": fault is None and rec.finished and seat in rec.winners, "actions": rec.actions,
                      "fault": None if fault is None else {"seat": fault.seat, "kind": fault.kind,
                                                           "message": fault.message, "decision": fault.decision},
                      **_replayable(rec), **({"replay": page} if page else {})})
        if rec.fault is not None and rec.fault.seat == seat:
            faults.append("* " + say("ladder.agent.fault", seed=rec.seed, seat=seat, opponent=opponent,
                                     decision=rec.fault.decision, kind=rec.fault.kind, message=rec.fault.message)
                          + "".join(f"\n  `{line}`" for line in rec.fault.where.splitlines()))
        if rec.decisions[seat]:
            timed.append((1000 * rec.seconds[seat] / rec.decisions[seat], rec.seed, seat, opponent))
    slow = sorted(timed, reverse=True)[:5]
    speed = say("ladder.agent.no_move") if math.isnan(row.ms_per_decision) else \
        say("ladder.agent.speed", ms=row.ms_per_decision)
    met = say.join([say("ladder.agent.met.one", name=name, n=n) for name, n in sorted(ladder.met(row.agent).items())])
    lines = [f"# {row.agent}", "", say("ladder.agent.place", place=row.place, agents=len(result.names),
                                       played=row.played, games=row.games, faults=row.faults, speed=speed), "",
             say("ladder.agent.met", met=met or say("ladder.agent.met.nobody")), ""]
    lines += list(dict.fromkeys(c.verdict for c in (row.vs_best, row.vs_baseline)
                                if c is not None and c.difference.n >= 2))  # once if the best is the baseline
    none = say("ladder.agent.none")
    lines += ["", f"## {say('ladder.agent.faults', n=len(faults))}", "", *(faults or [none])]
    lines += ["", f"## {say('ladder.agent.slowest')}", ""]
    lines += [f"* {say('ladder.agent.slow', ms=ms, seed=s, seat=seat, opponent=o)}"
              for ms, s, seat, o in slow] or [none]
    lines += ["", f"## {say('ladder.agent.games', n=len(games))}", ""]
    replay = say("ladder.game.replay")
    lines += [_game_line(k, g) + (f" ([{replay}]({g['replay']}))" if "replay" in g else "")
              for k, g in enumerate(games)]
    lines += ["", f"## {say('ladder.agent.replaying')}", "", say("ladder.agent.replay_how", file=_file_name(row.agent)),
              ""]
    return "\n".join(lines), games


def _game_line(k: int, g: dict[str, Any]) -> str:
    """Game `k` of an agent's list (as its JSON holds it), in a few words."""
    outcome = "won" if g["won"] else "forfeited" if g["fault"] and g["fault"]["seat"] == g["seat"] else "lost"
    return ENGLISH(f"ladder.game.{outcome}", k=k, seed=g["seed"], seat=g["seat"], opponent=g["opponent"],
                   totals="-".join(map(str, g["totals"])))


def _games_html(agent: str, games: list[dict[str, Any]]) -> str:
    """The agent's games as a page (a published ladder's), each linked to its replay when it has one."""
    say = ENGLISH

    def line(k: int, g: dict[str, Any]) -> str:
        link = f" (<a href='{html.escape(g['replay'])}'>{html.escape(say('ladder.game.replay'))}</a>)" \
            if "replay" in g else ""
        return f"<li>{html.escape(_game_line(k, g))}{link}</li>"

    def words(message_id: str, **fields: Any) -> str:
        return html.escape(say(message_id, **fields))

    name, report = html.escape(agent), html.escape(_file_name(agent))
    return (f"<!doctype html><html lang='{say.language}'><meta charset='utf-8'><title>{name}</title>"
            "<link rel='icon' href='data:,'><style>body{font-family:sans-serif;margin:2em}li{margin:2px 0}</style>"
            f"<h1>{name}</h1><p><a href='../index.html'>{words('ladder.page.leaderboard')}</a> · "
            f"<a href='{report}.md'>{words('ladder.page.report')}</a> · <a href='{report}.json'>"
            f"{words('ladder.page.json')}</a></p><h2>{words('ladder.agent.games', n=len(games))}</h2><ul>"
            + "".join(line(k, g) for k, g in enumerate(games)) + "</ul></html>\n")


def _replayable(rec: GameRecord) -> dict[str, Any]:
    """What a game's line needs to be replayed (`egonb.replay.recording`): its game and configuration."""
    if rec.rules is None:  # a game played again under watch after its worker died (tournament._autopsy)
        return {}
    return {"game": protocol.game_for(rec.rules).slug, "config": config_fields(rec.rules)}  # type: ignore[attr-defined]


def _write_replays(ladder: Ladder, folder: Path) -> None:
    """A replay page per game of the ladder that can be replayed, with the modules they share."""
    from .app.replaying import page_data, write_assets, write_page

    write_assets(folder / "widgets")
    for seating, rec in zip(ladder.result.schedule, ladder.result.records):
        if rec.rules is not None:
            title = ENGLISH("ladder.replay.title", names=" vs ".join(rec.names), seed=rec.seed)
            write_page(page_data(rec, title=title), folder / f"{seating.index}.html")


def _file_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name) or "agent"
