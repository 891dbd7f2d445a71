"""Information-set Monte-Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012)."""

from __future__ import annotations

import math
from typing import Any

from ..errors import positive_int, positive_number
from .base import check_turn
from .search import SearchAgent, play_out


class _Node:
    __slots__ = ("player", "children", "visits", "available", "total")

    def __init__(self, player: int):
        self.player = player  # who chose the action leading here: the value is counted for that seat
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSAgent(SearchAgent):
    """Grows one search tree over the viewer's information set: every iteration deals a fresh
    determinization, walks down the tree choosing among the actions legal in that deal with UCB,
    adds one node, finishes the round with a quick rollout and backs up the result.

    Because each node gathers statistics over many different deals, the tree learns which actions are
    good whatever the hidden cards are, instead of solving each deal separately like flat Monte-Carlo."""

    name = "ismcts"

    def __init__(self, iterations: int = 400, exploration: float = 0.3):
        super().__init__()
        self.iterations = positive_int("iterations", iterations)
        self.exploration = positive_number("exploration", exploration, zero_ok=True)

    def act(self, view: Any) -> Any:
        check_turn(view)  # before `candidates`: another seat's view has no legal actions to choose from
        self.learn_game(view)
        legal = self.candidates(view)
        if len(legal) == 1:
            return legal[0]
        children = self.search(view).children
        visits = {a: children[a.id].visits for a in legal if a.id in children}
        return max(visits, key=visits.__getitem__)  # the most visited; ties go to the first legal one

    def search(self, view: Any) -> _Node:
        """Run the iterations from `view`; the root's children hold visits and values per action id."""
        check_turn(view)
        self.learn_game(view)
        root = _Node(view.player)
        for _ in range(self.iterations):
            s = self.sample(view)
            node, path = root, []
            while s.current_player is not None:
                mover = s.current_player
                legal = self.candidates_in(s)
                for a in legal:
                    child = node.children.get(a.id)
                    if child is not None:
                        child.available += 1
                untried = [a for a in legal if a.id not in node.children]
                if untried:
                    act = self.rng.choice(untried)
                    child = node.children[act.id] = _Node(mover)
                    child.available = 1
                    s.apply(act)
                    path.append(child)
                    break
                act = max(legal, key=lambda a: self._ucb(node.children[a.id]))
                node = node.children[act.id]
                s.apply(act)
                path.append(node)
            play_out(s, self.rollout)
            result = self.values(s)
            for n in path:
                n.visits += 1
                n.total += result[n.player]
        return root

    def _ucb(self, n: _Node) -> float:
        return n.total / n.visits + self.exploration * math.sqrt(math.log(n.available) / n.visits)
