"""The checks of the AI chapters (notebooks 20, 22, 23), out of the reader's way; see egonb.tutorial.checks.

They live outside egonb.tutorial so that a chapter needing no widgets (20, 23) needs no Jupyter widgets for its
checks either. Each takes the notebook's namespace and asserts what the chapter showed, citing the rules it uses.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from .agents import ISMCTSAgent, MonteCarloAgent
from .check import check_agent
from .games.egocentric_world.worlds import state_from_view

Namespace = dict[str, Any]


def chapter_20(ns: Namespace) -> None:
    first_agent, stopper, careless = ns["first_agent"], ns["CoinFlipStopper"], ns["careless_agent"]
    result, record = ns["result"], ns["record"]
    assert check_agent(first_agent, games=5).ok, "T1-T5: the first agent plays only legal moves"
    assert check_agent(stopper(), games=5).ok, "T5: the coin-flip stopper plays legal moves, reproducibly"
    bad = check_agent(careless, games=5)
    assert bad.nondeterministic and not bad.ok, "the global random module makes an agent irreproducible"
    assert bad.exceptions and all("I did not expect to draw" in e for e in bad.exceptions), \
        "T1: the exception after a draw is reported"
    rows = {r.agent: r for r in result.rows()}
    assert rows["first_agent"].mean_score + 5 < rows["random"].mean_score, "E1: the first agent beats random"
    assert rows["first_agent"].faults == 0, "T1-T5: no illegal move in the tournament"
    assert record.finished and record.fault is None and len(record.totals) == 3, "SM1: you and two Citybots"
    assert check_agent(ns["my_agent"], games=3).ok, "T1-T5: the skeleton of your own agent plays legal moves"


def chapter_22(ns: Namespace) -> None:
    view, game, match = ns["view"], ns["game"], ns["match"]
    worlds = [state_from_view(view, random.Random(s)) for s in range(5)]
    assert all(w.view(0) == view for w in worlds), "S1, SM4: a sampled world agrees with the view"
    assert len({tuple(w.piles[1]) for w in worlds}) > 1, "SM4: only the hidden piles differ between worlds"
    mc = MonteCarloAgent(simulations=60)
    mc.reset(0, random.Random(0))
    values = mc.evaluate(view)
    assert values and all(-1 <= v <= 1 for v in values.values()), "E1, E2: values lie in [-1, 1]"
    mc.reset(0, random.Random(0))
    assert mc.act(view) == next(iter(values)), "Monte-Carlo plays its best-valued action"
    root = ISMCTSAgent(iterations=80).search(view)
    assert sum(child.visits for child in root.children.values()) == 80, "each iteration visits one root child"
    before = ns["world_out"].value
    ns["deal_button"].click()
    assert ns["world_out"].value != before, "S1: a click deals a new possible world"
    assert all(r.faults == 0 for r in match.rows()), "T1-T5: the searches play legal moves"
    assert all(not r.vs_best.difference.significant for r in match.rows() if r.vs_best), \
        "as the prose says, four deals cannot tell the agents apart"
    cheat = ns["SeesEverything"](simulations=10)
    assert all(cheat.sample(view).piles == game.piles for _ in range(3)), "SM4: the yardstick sees the real piles"
    panel = ns["mc_panel"].value
    assert panel.count("<td>± ") >= 2, "the Monte-Carlo table shows each action's standard error"
    assert "<th>samples</th>" in panel and "MonteCarloAgent" in panel, "and its sample counts and the agent's pick"
    assert "visits" in ns["tree_text"] and "│    └─" in ns["tree_text"], "the IS-MCTS tree is drawn two levels deep"


def chapter_23(ns: Namespace) -> None:
    report, result, train_scores = ns["report"], ns["result"], ns["train_scores"]
    assert report.ok, "T1-T6: the learned agent passes check_agent"
    rows = {r.agent: r for r in result.rows()}
    learned_row, random_row = rows["linear (learned)"], rows["random"]
    assert learned_row.faults == 0, "T1-T6: the learned agent plays only legal moves"
    assert learned_row.unfinished == 0, "T2, SP12: the learned agent never loops (useful() prunes 12-for-a-12)"
    assert learned_row.mean_score + learned_row.ci95 < random_row.mean_score - random_row.ci95, \
        "E1: a lower mean round score than random, with non-overlapping 95 % intervals"
    assert learned_row.win_rate > random_row.win_rate, "E1: it wins more rounds than random"
    assert np.mean(train_scores[-1000:]) < np.mean(train_scores[:1000]), "E1: the training scores went down"
    assert rows["pruned only"].faults == 0, "T1-T6: the pruning-only baseline plays legal moves"
    assert rows["pruned only"].mean_score < random_row.mean_score, "E1: the pruning alone already beats random"
    learned, greedy = ns["started_by"]["linear (learned)"], ns["started_by"]["greedy"]
    assert learned["draw"] / sum(learned.values()) < greedy["draw"] / sum(greedy.values()), \
        "T1: as the prose says, the learned agent starts fewer of its turns with a draw than greedy"
    if ns.get("EgonbAEC") is not None:  # the 4-player loop ran when pettingzoo is installed
        aec, final, moves = ns["aec"], ns["final"], ns["moves"]
        assert set(final) == set(aec.possible_agents) and not aec.agents, "E1: every player got its final reward"
        assert 1.0 in final.values() and set(final.values()) <= {1.0, -1.0} and sum(moves.values()) > 4, \
            "E1: someone won the 4-player round"
