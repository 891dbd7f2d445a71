"""Diverse City's events: Egocentric World's `Event` record (who, which rule, public args, a secret for some
seats) with this game's words. Card names are stored as text when the event is made, so reading needs no deck."""

from __future__ import annotations

from typing import Any

from .. import events


class Event(events.Event):
    """One change to a Diverse City game; `text` fills this game's templates (seats in `q` are named too)."""

    __slots__ = ()

    def text(self, names: tuple[str, ...], viewer: int | None = None) -> str:
        show_secret = self.secret is not None and (viewer in self.to or self.known_to_all(len(names)))
        public, private = TEXTS[self.kind]
        fields: dict[str, Any] = dict(self.args)
        if show_secret:
            fields.update(self.secret or {})
        if self.player is not None:
            fields["P"] = names[self.player]
        if "q" in fields:
            fields["Q"] = names[fields["q"]]
        if "n" in fields:  # plain words: "1 card", "4 cards"
            fields["n_cards"] = f"{fields['n']} card{'s' * (fields['n'] != 1)}"
        if "seats" in fields:
            fields["win"] = "wins" if len(fields["seats"]) == 1 else "share the win"
            fields["seats"] = " and ".join(names[s] for s in fields["seats"])
        if "cards" in fields:
            fields["cards"] = ", ".join(fields["cards"]) or "no cards"
        return (private if show_secret and private else public).format(**fields)


#: kind -> (public text, text for the seats in `to`).
TEXTS: dict[str, tuple[str, str | None]] = {
    "round_start": ("Round {round} begins: {P} plays first", None),
    "redeal": ("Misdeal: {k} disasters in front after the deal, so every card is dealt again", None),
    "deal": ("{P} is dealt {n_cards} in hand", "{P} is dealt {cards}"),
    "turn": ("Turn {turn}: {P}", None),
    "put_back": ("{P} shows {card} and puts it back into the draw pile", None),
    "front": ("{P} places {card} in front", None),
    "draw": ("{P} draws a card", "{P} draws {card}"),
    "reshuffle": ("The draw pile is empty: the discard pile under its top card is shuffled into {n} cards", None),
    "take": ("{P} takes {card} from the discard pile", None),
    "second_people": ("{P} draws a second PEOPLE and discards it", None),
    "discard": ("{P} discards {card}", None),
    "fill": ("{P} puts {card} on their {disaster}", None),
    "clear": ("{Q}'s {disaster} is cleared: it goes to the discard pile with {cards}", None),
    "give": ("{P} gives {card} to {Q}'s {disaster}", None),
    "ask": ("{P} asks {Q} to donate to their {disaster}", None),
    "decline": ("{P} declines", None),
    "stop": ("{P} stops", None),
    "pass": ("{P} has no card and passes", None),
    "major": ("{P} draws {card}: it strikes every player", None),
    "pass_hand": ("{P} passes {n_cards} to {Q}", "{P} passes {cards} to {Q}"),
    "major_done": ("{card} goes on top of the discard pile", None),
    "reset": ("Reset: {k} disasters in front, so every hand, partial and disaster is discarded", None),
    "call": ("{P} calls Diversity!", None),
    "turn_cap": ("The round reaches the turn cap of {cap} turns and is scored", None),
    "reveal": ("{P} shows {cards}: {score} points this round, {total} in all", None),
    "game_end": ("Game over: {seats} {win} with {total} points", None),
}
