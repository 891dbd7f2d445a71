"""The toolkit's reports: a tournament's table, notes and plots (egonb/tournament.py), the paired verdicts
(egonb/stats.py) and a ladder's leaderboard and agents' pages (egonb/ladder.py), as a teacher or a student reads them.

Numbers keep their format in the template (`{mean:.1f}`): a translation moves them, never reformats them.
"""

from __future__ import annotations

from .catalogue import msg, msg_n

# A tournament's table (TournamentResult.table and its HTML), its columns.
msg("toolkit.col.agent", "agent")
msg("toolkit.col.games", "games")
msg("toolkit.col.mean_score", "mean score")
msg("toolkit.col.mean_score_ci", "mean score (95 % CI)")
msg("toolkit.col.win_rate", "win rate (95 % CI)")
msg("toolkit.col.mean_rank", "mean rank")
msg("toolkit.col.faults", "faults")
msg("toolkit.col.unfinished", "unfinished")
msg("toolkit.col.ms_move", "ms/move")

# What the table leaves unsaid, under it.
msg("toolkit.better.score", "Who is better, paired over the same deals (scores are {scoring}; differences in points a "
                            "game):")
msg("toolkit.better.wins", "Who is better, paired over the same deals (differences in games won; a forfeit is a loss):")
msg_n("toolkit.forfeited", "{n} game forfeited by a fault", "{n} games forfeited by a fault")
msg_n("toolkit.unfinished", "{n} unfinished game", "{n} unfinished games")
msg("toolkit.worst.none", "no game finished, so there is no score to give it")
msg("toolkit.worst", "{points} points, the worst final total any seat got in a finished game here")
msg("toolkit.counted", "{games}: counted for the agent at fault (every seat when unfinished) in every column, as a "
                       "loss in last place with the worst score ({worst}), and not counted for the other agents")
msg("toolkit.counted.faults", "{games}: counted for the agent at fault (every seat when unfinished) in every column, "
                              "as a loss in last place with the worst score ({worst}), and not counted for the other "
                              "agents; result.faults() says what went wrong")

# Its plot: the axes and the title (what was played).
msg("toolkit.plot.ahead.score", "points a game ahead of {reference} (95 % CI, paired by deal)")
msg("toolkit.plot.ahead.wins", "percentage points of games won ahead of {reference} (95 % CI, paired by deal)")
msg("toolkit.plot.win_rate", "win rate (95 % Wilson interval)")
msg_n("toolkit.title.solo", "{n} deal, each agent alone against {others}",
      "{n} deals, each agent alone against {others}")
msg_n("toolkit.title.solo.level", "{n} deal, each agent alone against {others} (difficulty {level})",
      "{n} deals, each agent alone against {others} (difficulty {level})")
msg_n("toolkit.title.table", "{n} deal, {players} players", "{n} deals, {players} players")
msg_n("toolkit.title.seatings", "{n} deal × {seatings} seatings = {games} games, {players} players",
      "{n} deals × {seatings} seatings = {games} games, {players} players")

# The paired verdicts (stats.verdict), in each measure: "is the first agent better than the second?"
msg("toolkit.p.undefined", "p undefined")
msg("toolkit.verdict.few", "{first} and {second}: too few paired deals to compare ({n})")
msg("toolkit.verdict.interval", "{level} CI {low:.1f}–{high:.1f}, {p}")
msg("toolkit.verdict.beats.score", "{first} beats {second} by {mean:.1f} points a game, {interval}")
msg("toolkit.verdict.beats.wins", "{first} beats {second} by {mean:.1f} percentage points of games won, {interval}")
msg("toolkit.verdict.same.score", "no significant difference between {first} and {second}: these deals cannot tell "
                                  "them apart ({first} ahead by {mean:.1f} points a game, {interval})")
msg("toolkit.verdict.same.wins", "no significant difference between {first} and {second}: these deals cannot tell "
                                 "them apart ({first} ahead by {mean:.1f} percentage points of games won, {interval})")
msg("toolkit.verdict.even", "no significant difference between {first} and {second}: these deals cannot tell them "
                            "apart (the same on average, {interval})")

# A ladder's leaderboard (leaderboard.md, index.html): its title, columns and cells.
msg("ladder.title", "Ladder")
msg("ladder.col.games_won", "games won")
msg("ladder.col.games_forfeited", "games (forfeited)")
msg("ladder.col.played", "games played: counted (forfeited)")
msg("ladder.col.opponents", "opponents")
msg("ladder.col.vs_best", "vs best other")
msg("ladder.col.vs_baseline", "vs baseline")
msg("ladder.col.rating", "rating")
msg("ladder.col.challenge", "challenge (difficulty 3)")
msg("ladder.vs.few", "vs {other}: too few deals")
msg("ladder.vs", "{mean:+.1f} ({low:+.1f} to {high:+.1f}) vs {other}")
msg("ladder.vs.significant", "{mean:+.1f} ({low:+.1f} to {high:+.1f}) vs {other} *")
msg("ladder.note", "Note: {note}")
msg("ladder.broken", "Did not load:")
msg("ladder.broken.heading", "Did not load")
msg("ladder.plots", "Plots")
msg("ladder.plots.alt", "paired differences and win rates")
msg("ladder.did_not_load", "`{path}` did not load, so it played no game:")

# What the leaderboard's first paragraphs say: what was played, how it is ranked, how a forfeit counts.
msg("ladder.length.full", "full games")
msg("ladder.length.round", "one round")
msg("ladder.worst.none", "no game finished, so a forfeit has no score")
msg("ladder.worst", "{points} points, the worst final total any seat got in a game of this ladder that finished")
msg("ladder.forfeit", "A forfeited game (a fault: see the agent's page; {mark} marks agents with faults) counts for "
                      "the agent at fault as a loss in last place with the worst score ({worst}), so forfeiting never "
                      "beats playing; it does not count for its opponent. An unfinished game counts so for both.")
msg_n("ladder.solo", "{agents} agents, each playing the same {n} deal alone against the Citybots at difficulty "
                     "{level} ({length}; {games} games).",
      "{agents} agents, each playing the same {n} deals alone against the Citybots at difficulty {level} ({length}; "
      "{games} games).")
msg("ladder.solo.ranked", "Ranked by games won, over every game (a forfeit is a loss). Mean score: {scoring}. "
                          "'vs': how many percentage points of games won the agent is ahead of the other one, paired "
                          "over the same deals, with its 95 % interval; * marks a significant difference.")
msg_n("ladder.swiss", "{agents} agents, Swiss-style pairing, {rounds} rounds: in each round every agent met one "
                      "opponent of close rating it had not met yet, every pairing playing the same {n} deal from both "
                      "seats; 'opponents' counts whom it met (its page names them) ({length}, 2 players; {games} "
                      "games).",
      "{agents} agents, Swiss-style pairing, {rounds} rounds: in each round every agent met one opponent of close "
      "rating it had not met yet, every pairing playing the same {n} deals from both seats; 'opponents' counts whom "
      "it met (its page names them) ({length}, 2 players; {games} games).")
msg_n("ladder.round_robin", "{agents} agents, every pair playing the same {n} deal from both seats ({length}, 2 "
                            "players; {games} games).",
      "{agents} agents, every pair playing the same {n} deals from both seats ({length}, 2 players; {games} games).")
msg("ladder.ranked.swiss", "Ranked by rating (the agents met different opponents, which the rating takes into "
                           "account), over every game. {how}")
msg("ladder.ranked.round_robin", "Ranked by mean score over every game (every agent met the same opponents). {how}")
msg("ladder.ranked.how", "Mean score: {scoring}, every game counted. 'vs': how many points a game better the agent did "
                         "than the other one, paired over the same deals, with its 95 % interval; * marks a "
                         "significant difference. Rating: openskill (Plackett-Luce) mu - 3 sigma, one match per pair "
                         "and deal, won by the better mean score of its two games. Games: those it played, those "
                         "counted for it (not those its opponent forfeited) and its forfeits in brackets. Challenge: "
                         "full solo games won against the Citybots at difficulty 3 (the best built-in agents win about "
                         "1 in 5).")

# An agent's page (agents/NAME.md and .html).
msg("ladder.agent.place", "Place {place} of {agents}; {played} games played, {games} counted, {faults} forfeited; "
                          "{speed}.")
msg("ladder.agent.speed", "{ms:.2f} ms a move on average")
msg("ladder.agent.no_move", "no move made")
msg("ladder.agent.met", "Met: {met}.")
msg_n("ladder.agent.met.one", "{name} ({n} game)", "{name} ({n} games)")
msg("ladder.agent.met.nobody", "nobody (solo games)")
msg("ladder.agent.faults", "Faults ({n})")
msg("ladder.agent.fault", "seed {seed}, seat {seat} against {opponent}, decision {decision}: **{kind}**: {message}")
msg("ladder.agent.none", "None.")
msg("ladder.agent.slowest", "Slowest games (ms a move)")
msg("ladder.agent.slow", "{ms:.2f} ms: seed {seed}, seat {seat} against {opponent}")
msg("ladder.agent.games", "Games ({n})")
msg("ladder.agent.replaying", "Replaying a game")
msg("ladder.agent.replay_how", "Every game it played is in `{file}.json` (game, configuration, seed, seat, action "
                               "ids). To replay game K of the list on the card table: `egonb replay {file}.json "
                               "--index K`; in Python, `egonb.replay.recording(games[K])`, and "
                               "`egonb.replay.replay_game(config, seed, actions)` gives the state it ended in.")
msg("ladder.agent.citybots", "the Citybots")
msg("ladder.game.won", "{k}. seed {seed}, seat {seat} against {opponent}: won, totals {totals}")
msg("ladder.game.lost", "{k}. seed {seed}, seat {seat} against {opponent}: lost, totals {totals}")
msg("ladder.game.forfeited", "{k}. seed {seed}, seat {seat} against {opponent}: forfeited, totals {totals}")
msg("ladder.game.replay", "replay")
msg("ladder.page.leaderboard", "Leaderboard")
msg("ladder.page.report", "report")
msg("ladder.page.json", "games as JSON")
msg("ladder.written", "Leaderboard written to {board} and {page}; one report per agent in {agents}")
msg("ladder.replay.title", "{names}: seed {seed}")

# `egonb grade`: the rubric's report for one agent file (egonb/rubric.py), a course's lines (egonb/course.py) and
# what the command says (egonb/grade.py). A game's length and table are one message each, never glued.
msg("grade.points", "Points:")
msg("grade.total", "total")
msg("grade.tier.clean", "Loads and plays cleanly")
msg("grade.tier.beats", "Beats {against} significantly")
msg("grade.header.full.solo", "Grading {agent} ({file}): full {game} solo games at difficulty {level}, seed {seed}")
msg("grade.header.round.solo", "Grading {agent} ({file}): one-round {game} solo games at difficulty {level}, seed "
                               "{seed}")
msg("grade.header.full.table", "Grading {agent} ({file}): full {game} {players}-player games, seed {seed}")
msg("grade.header.round.table", "Grading {agent} ({file}): one-round {game} {players}-player games, seed {seed}")
msg("grade.step", "{n}. {tier} ({points} points): {what}")
msg("grade.step.check", "check_agent, {games} games")
msg("grade.step.full.solo", "{games} deals of full {game} solo games at difficulty {level}, against {against}, "
                            "significance level {alpha}")
msg("grade.step.round.solo", "{games} deals of one-round {game} solo games at difficulty {level}, against {against}, "
                             "significance level {alpha}")
msg("grade.step.full.table", "{games} deals of full {game} {players}-player games, against {against}, significance "
                             "level {alpha}")
msg("grade.step.round.table", "{games} deals of one-round {game} {players}-player games, against {against}, "
                              "significance level {alpha}")
msg("grade.clean", "1. Is the agent clean? ({games} games, each played twice)")
msg("grade.clean.round", "1. Is the agent clean? ({games} one-round games, each played twice)")
msg("grade.fail", "FAIL: {why}")
msg("grade.fail.check", "FAIL: the agent has problems (above). Fix them first: each names the seed of a game that "
                        "shows it (egonb.play.play([agent], rules, seed=…) replays it) and, for an exception, the line "
                        "of your code.")
msg("grade.copy", "Copy check: plays exactly like the built-in agent {agent} on all {games} test deals (the same moves "
                  "with the same generators): a copy")
msg("grade.copy.round", "Copy check: plays exactly like the built-in agent {agent} on all {games} one-round test deals "
                        "(the same moves with the same generators): a copy")
msg("grade.copy.none", "Copy check: plays like none of the built-in agents {agents} ({games} test deals)")
msg("grade.copy.none.round", "Copy check: plays like none of the built-in agents {agents} ({games} one-round test "
                             "deals)")
msg("grade.not_played", "{n}. {tier}: not played, the tier before it was not earned")
msg("grade.copy_points", "  {tier}: {points} of {max} points, as a copy of {agent} (the rubric's copy_points)")
msg("grade.yours", "{name} (yours)")
msg("grade.ask.beat", "{n}. Does it beat {against}? (the same deals for both; a difference is significant when p < "
                      "{alpha})")
msg("grade.ask.match", "{n}. Does it play as well as {against}? (the same deals for both; a difference is significant "
                       "when p < {alpha})")
msg_n("grade.forfeited", "{n} game forfeited against {against}; the first: {fault}",
      "{n} games forfeited against {against}; the first: {fault}")
msg_n("grade.fail.forfeited", "FAIL: {n} game forfeited by a fault; the first: {fault}",
      "FAIL: {n} games forfeited by a fault; the first: {fault}")
msg("grade.pass", "PASS: {verdict}")
msg("grade.fail.behind", "FAIL: {against} does better ({verdict}). Compare your choices with {against}'s in a few "
                         "games: egonb.play.play([agent], rules, seed=…) prints a game's transcript.")
msg("grade.fail.not_better", "FAIL: not significantly better than {against} ({verdict}). With {games} deals a real "
                             "advantage shows as p < {alpha}: make the agent clearly stronger (look at the games it "
                             "loses).")
msg_n("grade.problem.exception", "{n} exception, the first: {first}", "{n} exceptions, the first: {first}")
msg_n("grade.problem.illegal", "{n} illegal move, the first: {first}", "{n} illegal moves, the first: {first}")
msg_n("grade.problem.slow", "{n} slow move, the first: {first}", "{n} slow moves, the first: {first}")
msg_n("grade.problem.generator", "{n} own random generator, the first: {first}",
      "{n} own random generators, the first: {first}")
msg("grade.problem.nondeterministic", "non-deterministic games, seeds {seeds}")
msg("grade.problem.unfinished", "games that never ended, seeds {seeds}")
msg("grade.problem.no_move", "no move made")
msg("grade.practice_seed", "Note: grading with the public practice seed {seed}; give --seeds FILE to grade with "
                           "private seeds.")
msg_n("grade.graded", "{n} submission graded: {csv}", "{n} submissions graded: {csv}")
msg("grade.student", "{student}: {points:g} / {max:g} points")
msg("grade.student.copy", "{student}: {points:g} / {max:g} points, a copy of {agent}")
msg_n("grade.student.faults", "{student}: {points:g} / {max:g} points, {n} fault",
      "{student}: {points:g} / {max:g} points, {n} faults")
msg_n("grade.student.copy.faults", "{student}: {points:g} / {max:g} points, a copy of {agent}, {n} fault",
      "{student}: {points:g} / {max:g} points, a copy of {agent}, {n} faults")

# check_agent's report (egonb/check.py): what a student reads first about their agent.
msg("check.timing", "{mean:.2f} ms per move on average, slowest {slowest:.1f} ms")
msg("check.no_move", "no move completed")
msg("check.head", "check_agent({agent}): {games} games, {decisions} decisions, {timing}")
msg("check.asked", "  decisions asked: {asked}")
msg("check.asked.never", "  decisions asked: {asked}; never met, so not tested: {never}")
msg("check.none", "none")
msg("check.exceptions", "  exceptions: {n}")
msg("check.illegal", "  illegal moves: {n}")
msg("check.slow", "  slow moves: {n}")
msg("check.generators", "  own random generators: {n}")
msg("check.opponents", "  opponents' problems: {n}")
msg("check.nondeterministic", "  non-deterministic games (same seed, different moves): {seeds}")
msg("check.unfinished", "  games that never ended, stopped after {limit} decisions (a loop of moves, such as taking "
                        "back the card just played?): {seeds}")
msg("check.cut_short", "  a fault ended one play of the same seed early (same moves until then, not a move "
                       "difference): {seeds}")
msg("check.ok", "  OK")
msg("check.problems", "  PROBLEMS FOUND")
msg("check.not_tested", "  NOT TESTED: the agent made no move (see the opponents' problems)")
