"""The coach's words (egonb/coach.py, the page's Hint button in widgets/coach.js): the move it proposes and why,
the traps it warns about, and where its thinking is taught."""

from __future__ import annotations

from .catalogue import msg, msg_n

# The proposal. `{share}` is a whole percentage; `{n}` the simulated endings the move was played in.
msg_n("coach.hint.egocentric-world.most",
      "{move}: in {n} simulated ending of this round it left you with the lowest total most often ({share} %).",
      "{move}: in {n} simulated endings of this round it left you with the lowest total most often ({share} %).")
msg_n("coach.hint.egocentric-world.mean",
      "{move}: in {n} simulated ending of this round it did best on average (you had the lowest total in {share} %).",
      "{move}: in {n} simulated endings of this round it did best on average (you had the lowest total in "
      "{share} %).")
msg_n("coach.hint.diverse-city.most",
      "{move}: in {n} simulated ending of this round it left you with the highest total most often ({share} %).",
      "{move}: in {n} simulated endings of this round it left you with the highest total most often ({share} %).")
msg_n("coach.hint.diverse-city.mean",
      "{move}: in {n} simulated ending of this round it did best on average (you had the highest total in "
      "{share} %).",
      "{move}: in {n} simulated endings of this round it did best on average (you had the highest total in "
      "{share} %).")
msg("coach.only", "{move}: it is the only move worth making here.")
msg("coach.next", "Next best: {move} ({share} %).")
msg("coach.not_now", "No hint now: the coach helps when the decision is yours.")
msg("coach.about", "The coach is chapter 22's Monte-Carlo agent: it deals the cards you cannot see at random, plays "
                   "each move and the rest of the round many times, and keeps the move that did best. It never looks "
                   "at hidden cards.")

# Egocentric World's traps (egonb/games/egocentric_world/coach.py).
msg("coach.trap.sb1", "Careful with “{move}”: {player} would then show all its cards, and a Citybot whose cards are "
                      "all visible says STOP as soon as its total is below yours ({total}){cite: (SB1)}. It did in "
                      "{share} % of {n} simulated deals.")

# Diverse City's traps (egonb/games/diverse_city/coach.py).
msg("coach.trap.dc.give", "Careful with “{move}”: it clears {player}'s {disaster}, whose {points} points then no "
                          "longer count against {player}{cite: (X4, R3)}.")
msg("coach.trap.dc.people", "Careful with “{move}”: without a PEOPLE card you cannot call Diversity{cite: (R1)} and "
                            "its {points} points are gone{cite: (R3)}; {player} may take it from the discard "
                            "pile{cite: (P2)}.")
msg("coach.trap.dc.duplicate", "Careful with “{move}”: you already hold {held}, and two CITY cards of one category "
                               "both score 0{cite: (R4)}: {card} can only replace it, not add to your city.")

# The page's coach box (widgets/coach.js).
msg("ui.coach.hint", "Hint")
msg("ui.coach.hint.help", "Ask the coach which move to make, and why")
msg("ui.coach.mode", "Coach me")
msg("ui.coach.mode.help", "The coach offers a hint before each of your decisions")
msg("ui.coach.thinking", "The coach is thinking…")
msg("ui.coach.label", "The coach")
msg("ui.coach.play", "Play it")
msg("ui.coach.play.help", "Play the move the coach proposes")
msg("ui.coach.proposed", "The coach proposes this move")
msg("ui.coach.trap", "The coach warns about this move")
msg("coach.trap.still", "The coach proposes it all the same: even so, it did best in the simulated endings.")
