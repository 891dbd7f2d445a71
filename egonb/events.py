"""Events: every change to a game is recorded with who did it and which rule applied.

An event is a cheap tuple; its text is only formatted when someone reads it.
`args` are public; `secret` is only shown to the seats listed in `to`.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from .cards import ABILITY_NAMES, PLAYED_ABILITIES, a_card, card_name


class Event(NamedTuple):
    kind: str
    rule: str
    player: int | None
    args: dict[str, Any]
    secret: dict[str, Any] | None = None
    to: tuple[int, ...] = ()
    #: The number of the turn it belongs to, counted from 1 over the whole game (0: before the first turn, or an
    #: event saved by a version that did not count), so a front end can cut the stream into turns.
    turn: int = 0
    #: In an automated seat's turn, the Citybot step the event belongs to (SB1-SB9, SC8-SC12), whatever its kind
    #: (a reshuffle in SB7, the round end it causes); "" in the turn of a seat that decides for itself.
    step: str = ""

    def known_to_all(self, seats: int) -> bool:
        """Is the secret known at every one of the `seats` (an announced value, A11)? Then it is public."""
        return len(self.to) == seats

    def text(self, names: tuple[str, ...], viewer: int | None = None) -> str:
        """Plain words for `viewer` (None = a spectator who sees only public parts)."""
        show_secret = self.secret is not None and (viewer in self.to or self.known_to_all(len(names)))
        public, private = TEXTS[self.kind if self.kind != "round_end" else f"round_end_{self.rule}"]
        template = private if show_secret and private else public
        fields = dict(self.args)
        if show_secret:
            fields.update(self.secret or {})
        return _fill(template, fields, names, self.player)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "rule": self.rule, "player": self.player, "args": self.args,
                "secret": self.secret, "to": list(self.to), "turn": self.turn, "step": self.step}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        """`turn` and `step` are missing from games saved before they were recorded (format versions 1 and 2)."""
        return cls(d["kind"], d["rule"], d["player"], d["args"], d["secret"], tuple(d["to"]), d.get("turn", 0),
                   d.get("step", ""))


def _name(names: tuple[str, ...], seat: int) -> str:
    return names[seat]


def _possessive(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


def _cards(values: list[int]) -> str:
    return ", ".join(card_name(v) for v in sorted(values)) or "no cards"


def _count(n: int, word: str) -> str:
    """'1 point', '0 points'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def _fill(template: str, fields: dict[str, Any], names: tuple[str, ...], player: int | None) -> str:
    out: dict[str, Any] = {}
    for key, val in fields.items():
        if key in ("q", "r") and isinstance(val, int):
            out[key.upper()] = _name(names, val)
            out[key.upper() + "s"] = _possessive(_name(names, val))
        elif key in ("card", "top", "kept", "drawn", "taken", "given"):
            out[key] = card_name(val)
            out["a_" + key] = a_card(val, named=True)
            if key == "card":  # D1: only a card whose ability is used by playing it (A10-A12) has one to lose
                out["unused"] = " (its ability does not trigger)" if val in PLAYED_ABILITIES else ""
        elif key in ("hand", "cards"):
            out[key] = _cards(val)
        elif key == "ability":
            out[key] = ABILITY_NAMES.get(val, str(val))
        elif key == "rounds":
            out[key] = _count(val, "round")
        elif key == "score":
            out[key] = val
            out["points"] = _count(val, "point")
        elif key == "seats":  # A11: the actor may designate themself
            out[key] = " and ".join(("yourself" if _name(names, s) == "You" else "themself") if s == player
                                    else _name(names, s) for s in val)
            out["wins"] = "wins" if len(val) == 1 and _name(names, val[0]) != "You" else "win"
        else:
            out[key] = val
    if player is not None:
        who = _name(names, player)
        out["P"] = who
        out["p"] = "you" if who == "You" else who  # in mid-sentence
        out["Ps"] = _possessive(who)
        you = who == "You"
        out["s"] = "" if you else "s"
        out["es"] = "" if you else "es"
        out["has"] = "have" if you else "has"
    return template.format(**out)


# kind -> (public text, text for the seats in `to`)
TEXTS: Final[dict[str, tuple[str, str | None]]] = {
    "round_start": ("Round {round} begins: {P} play{s} first ({why})", None),
    "flip": ("The {card} is turned up to start the discard pile", None),
    "deal": ("{P} receive{s} {n} cards", "{P} receive{s} {hand}"),
    "draw": ("{P} draw{s} a card", "{P} draw{s} {a_card}"),
    "discard_drawn": ("{P} discard{s} the drawn {card}{unused}", None),
    "keep": ("{P} keep{s} the drawn card and play{s} the {card}",
             "{P} keep{s} the drawn {drawn} and play{s} the {card}"),
    "take": ("{P} take{s} the {taken} from the discard pile and play{s} the {card}", None),
    "match": ("{P} match{es} the {top} with the {card}", None),
    "pair": ("{P} show{s} the pair {card} + {kept} and play{s} the {card}", None),
    "stop": ("{P} say{s} STOP: everyone else gets one more turn", None),
    "skip": ("{P} do{es} not use the {ability}", None),
    "no_target": ("{P} cannot use the {ability}: {why}", None),
    "hourglass": ("{P} will take another turn", None),
    "look": ("{P} look{s} at {Qs} hand", "{P} look{s} at {Qs} hand: {hand}"),
    "designate": ("{P} designate{s} {seats} for the {ability}", None),
    "shield": ("{P} play{s} a 9 (Black Shield) and cancel{s} the {ability}", None),
    "no_shield": ("{P} do{es} not play a Black Shield", None),
    "pick": ("{P} choose{s} a card from {Ps} own hand", "{P} choose{s} {Ps} {card}"),
    "random": ("{P} will take a random card from {Q}", None),
    "announce": ("{P} announce{s} the value {value} for {Q}", None),
    "wrong": ("{Q} has no {value}: the exchange is cancelled", None),
    "penalty": ("{P} draw{s} a penalty card", "{P} draw{s} a penalty card: {a_card}"),
    "no_penalty": ("{P} should draw a penalty card but no card is left to draw", None),
    "exchange": ("{Q} and {R} exchange a card", None),
    "receive": ("{P} receive{s} a card from {Q}", "{P} receive{s} the {card} from {Q}"),
    "reshuffle": ("The deck is empty: the discard pile under the {top} is shuffled into a new deck of {n}", None),
    "round_end_T5": ("Round {round} ends: the turn comes back to {p}, who said STOP (T5)", None),
    "round_end_T6": ("Round {round} ends: {P} {has} no card left (T6)", None),
    "round_end_MV3": ("Round {round} ends: every player has had the turns the turn limit allows (MV3)", None),
    "removal": ("{P} remove{s} its {which} card at difficulty {level}: the {card}", None),
    "reveal_hand": ("{P} show{s} {hand}: {points}", None),
    "game_end": ("Game over after {rounds}: {seats} {wins} with {total} points", None),
    "game_end_round": ("One round played: {seats} {wins} with {total} points", None),
    # Solo mode: Citybot steps and abilities, and your SP abilities (all public).
    "bot": ("{P} — {step}: {text}", None),
    "reveal_pile": ("{P} reveal{s} {Qs} hidden pile: {cards}", None),
    "solo_exchange": ("{P} give{s} the {given} to {Q} and take{s} {what}", None),
    "solo_swap": ("{P} swap{s} Citybot Left's {card} with Citybot Right's {kept}", None),
}
