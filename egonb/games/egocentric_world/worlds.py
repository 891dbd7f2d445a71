"""Possible worlds: states consistent with what one player knows (determinization, for search agents).

`state_from_view` rebuilds a playable state from a `View` alone (what an agent gets); `determinize` deals every card
a player cannot see anew in a copy of a real state, so that the player's view is unchanged (the test of hidden
information). Both lay the unseen cards out and `redeal` them at random.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from ...errors import GameError
from .decisions import AbilityOffer, Pending, ShieldQuestion, TwoCardsChoice
from .state import GameState
from .view import View


def unseen_cards(view: View) -> list[int]:
    """The cards the viewer cannot place (deck, others' unknown cards, Citybot piles), sorted."""
    left = Counter({v: n for v, n in enumerate(view.rules.counts, start=1)})
    seen = Counter(view.hand) + Counter(view.discard)
    if view.drawn:
        seen[view.drawn] += 1
    for cards in (*view.known, *view.visible):
        seen.update(cards)
    left.subtract(seen)
    if any(n < 0 for n in left.values()):
        raise GameError(f"the view shows more cards than the deck {view.rules.counts} holds")
    return sorted(left.elements())


def state_from_view(view: View, rng: random.Random, one_round: bool = False) -> GameState:
    """One random `GameState` consistent with `view`, ready for `apply` (the viewer decides next).

    `one_round=True` ends the sampled game with the current round: the horizon of a search rollout."""
    if view.current_player != view.player:  # a state is only rebuilt for the player who must decide now
        now = "nobody (the game is over)" if view.current_player is None else f"seat {view.current_player}"
        raise GameError(f"this is seat {view.player}'s view, but {now} decides now: "
                        f"an agent only acts for the player who must decide")
    me, n = view.player, view.n_players
    pool = unseen_cards(view)
    shown = [len(view.visible[p]) + len(view.known[p]) for p in range(n)]
    hidden = view.deck_size + sum(view.hand_sizes[p] - shown[p] for p in range(n) if p != me)
    if hidden != len(pool):
        raise GameError(f"the view hides {hidden} cards but {len(pool)} are unaccounted for")
    deck, rest = pool[:view.deck_size], pool[view.deck_size:]
    hands: list[list[int]] = []
    piles: list[list[int]] = []
    known = {}
    for p in range(n):
        if p == me:
            hands.append(list(view.hand))
            piles.append([])
            continue
        # An automated seat shows its visible cards and hides its pile; any other seat hides its unknown cards.
        hidden_here = view.hand_sizes[p] - shown[p]
        if view.visible[p] or view.pile_sizes[p]:
            hands.append(list(view.visible[p]))
            piles.append(rest[:hidden_here])
        else:
            hands.append(list(view.known[p]) + rest[:hidden_here])
            piles.append([])
        rest = rest[hidden_here:]
        if view.known[p]:
            known[me, p] = list(view.known[p])
    s = GameState.assemble(
        replace(view.rules, full_game=False) if one_round else view.rules,
        random.Random(0),  # `redeal` gives a fresh generator from `rng` and leaves `seed` None: the future stays
        # unknown
        deck=deck, discard=list(view.discard), hands=hands, piles=piles, known=known, round=view.round,
        scores=[list(r) for r in view.scores], totals=list(view.totals), turn=view.turn,
        current=view.current_player, phase=view.decision, drawn=view.drawn, pending=_pending(view),
        stop_caller=-1 if view.stop_caller is None else view.stop_caller, extra=view.extra_turn,
        winners=list(view.winners))
    return redeal(s, me, rng)  # s is new and ours: no need for determinize's copy


def _pending(view: View) -> Pending | None:
    """The ability being resolved, as the engine stores it (who is still to be asked for a shield)."""
    if not view.ability_card:
        return None
    if view.decision == "ability":
        return AbilityOffer(view.ability_card)
    targets = view.designated
    if view.decision == "shield":
        start = targets.index(view.player)
        return ShieldQuestion(view.ability_card, targets, tuple(t for t in targets[start:] if t != view.turn))
    return TwoCardsChoice(view.ability_card, targets, view.choices)


def determinize(state: GameState, player: int, rng: random.Random) -> GameState:
    """A copy of `state` where every card `player` cannot see is dealt anew at random.

    Kept: the player's own hand, the discard pile, what the player knows of
    other hands (solo: the Citybots' visible cards), all sizes, and the drawn
    card if it is the player's. Dropped: the secrets of events and what other
    players know, since both come from the real cards. The copy gets a fresh
    random generator from `rng`.
    """
    return redeal(state.clone(), player, rng)


def redeal(c: GameState, player: int, rng: random.Random) -> GameState:
    """`determinize` without the copy, for a state nobody else holds (a search agent's freshly built sample): the
    state returned has new hands and piles for the other seats and shares the rest with `c`."""
    hands, piles = list(c.hands), list(c.piles)
    pool = c.deck[:]
    holes: list[tuple[list[int], int]] = []  # (list to refill, how many cards)
    for p in range(c.n):
        if p == player:
            continue
        pool.extend(c.piles[p])
        piles[p] = []
        holes.append((piles[p], len(c.piles[p])))
        if p in c.automated_seats:
            continue  # a Citybot's visible cards are public
        keep = list(c.known.get((player, p), ()))
        rest = c.hands[p][:]
        for v in keep:
            rest.remove(v)
        pool.extend(rest)
        hands[p] = keep
        holes.append((keep, len(rest)))
    redraw = bool(c.drawn) and c.turn != player
    if redraw:
        pool.append(c.drawn)
    rng.shuffle(pool)
    deck_size = len(c.deck)
    i = deck_size
    for target, count in holes:
        target.extend(pool[i:i + count])
        i += count
    return c.replaced(
        hands=hands, piles=piles, deck=pool[:deck_size], drawn=pool[i] if redraw else c.drawn,
        pending=_redeal_secret_picks(c, hands, player, rng), known=_consistent_knowledge(c, hands, player),
        events=[e if e.secret is None or player in e.to else e._replace(secret=None, to=()) for e in c.events],
        rng=random.Random(rng.getrandbits(64)),
        seed=None)  # later rounds are dealt from the new generator: the real seed would tell their cards


def _redeal_secret_picks(c: GameState, hands: list[list[int]], player: int, rng: random.Random) -> Pending | None:
    """A Two Cards pick from the actor's own hand is secret (A11): re-deal it from the actor's new hand."""
    pend, actor = c.pending, c.turn
    if actor == player or not isinstance(pend, TwoCardsChoice):
        return pend
    return TwoCardsChoice(pend.card, pend.targets, tuple((kind, rng.choice(hands[actor]) if kind == "pick" else value)
                                                         for kind, value in pend.choices))


def _consistent_knowledge(c: GameState, hands: list[list[int]], player: int) -> dict[tuple[int, int], list[int]]:
    """The player's own knowledge, which still holds after the re-deal. What others know is dropped: it
    was built from the real hidden cards, so keeping it would let samples reveal them."""
    out = {}
    for key, values in c.known.items():
        observer, seat = key
        if observer != player:
            continue
        hand = hands[seat][:]
        kept = []
        for v in values:
            if v in hand:
                hand.remove(v)
                kept.append(v)
        if kept:
            out[key] = kept
    return out
