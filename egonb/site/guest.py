"""The static edition's own agent, seen from the game's worker: `BrowserAgent` stands in an AI seat (through
`egonb.app.guests`, like a file of `egonb play --opponent`) for an agent that runs in another Web Worker of its own
(static/agentworker.js, egonb/site/agenthost.py). A worker cannot wait for another, so the session's AI turns stop at
its seat (`waiting`); the page relays the question, with nothing but the seat's view, and brings back the answer
(or the fault: an exception, no answer within the time limit, its worker stopped), and the host plays on
(`GameSession.play_on`).
"""

from __future__ import annotations

import base64
import pickle
import random
from typing import Any

from ..errors import AgentFault

#: What an answer may say went wrong (the page's words for a fault it saw itself: "timeout", "crash").
FAULTS = ("exception", "illegal", "timeout", "crash", "memory")


class BrowserAgent:
    """Your agent in the page's agent worker, called `name`, from the file `filename`. `requests` are what the page
    must send it, in order (`reset`, then each `act` with the view pickled and the question's number `n`); `take`
    gives it the answer."""

    seated = "guest.seated.worker"

    def __init__(self, name: str, filename: str) -> None:
        self.name, self.filename = name, filename
        self.requests: list[dict[str, Any]] = []
        self._answer: dict[str, Any] | None = None
        self._asked = False
        #: The number of the last question asked: an answer to an older one (a game since replaced) is not this one's.
        self.asked = 0
        #: Why its worker is gone (`stop`), or None while it plays.
        self.stopped: str | None = None

    def reset(self, seat: int, rng: random.Random) -> None:
        self.requests.append({"reset": [seat, rng.getrandbits(32)]})
        self._answer, self._asked = None, False

    def waiting(self, view: Any) -> bool:
        """True until the answer for `view` has come (the first call asks for it); False once stopped."""
        if self._answer is not None or self.stopped is not None:
            return False
        if not self._asked:
            self._asked = True
            self.asked += 1
            self.requests.append({"act": base64.b64encode(pickle.dumps(view)).decode(), "n": self.asked})
        return True

    def act(self, view: Any) -> Any:
        answer, self._answer, self._asked = self._answer, None, False
        if answer is None and self.stopped is not None:
            raise AgentFault("crash", self.stopped)
        if answer is None:
            raise AgentFault("crash", "it was asked for a move it had not been sent")
        if "fault" in answer:
            kind, text, where = answer["fault"]
            raise AgentFault(kind, text, where)
        return answer["move"]

    def take(self, answer: Any, n: Any) -> bool:
        """The page's answer to question `n`: {"move": an action id}, {"garbage": what it returned instead} or
        {"fault": [kind, text, where]}. False for an answer to another question (a game since replaced); anything
        else is refused (`ValueError`) and changes nothing."""
        if n != self.asked or not self._asked or self._answer is not None:
            return False
        if isinstance(answer, dict) and "move" in answer and type(answer["move"]) is int:
            self._answer = {"move": answer["move"]}
        elif isinstance(answer, dict) and isinstance(answer.get("garbage"), str):
            self._answer = {"move": f"<{answer['garbage'][:40]}>"}  # not an action: the seat's fault, told as such
        elif (isinstance(answer, dict) and isinstance(answer.get("fault"), list) and len(answer["fault"]) == 3
              and answer["fault"][0] in FAULTS and all(isinstance(part, str) for part in answer["fault"])):
            self._answer = {"fault": list(answer["fault"])}
        else:
            raise ValueError(f"not an answer of the agent's worker: {str(answer)[:80]}")
        return True

    def stop(self, why: str) -> None:
        """Its worker is gone (the page stopped it, or seated another agent): a move still asked of it is a fault."""
        self.stopped = why

    def end_game(self) -> None:
        """Its worker is the page's to stop (at its time limit); a fault ends its part in this game here."""
