"""The tutorial's words (egonb/tutorial/): its boards, scoreboards and logs (render.py), the short labels of its
buttons (labels.py), the scorer (scorer.py) and the legal-actions exercise (exercise.py). The tutorial shows rule
ids: it reads them through `ENGLISH`, a learner's language once translated. A template with markup (`<b>`) is for
an HTML widget, its fields escaped by the caller.
"""

from __future__ import annotations

from .catalogue import msg, msg_n

# A board (render.table): the discard pile, the deck, a row per seat.
msg("tutorial.board.over", "The game is over.")
msg("tutorial.board.head", "Round {round} · {player} must {decision}")
msg("tutorial.board.discard", "Discard pile")
msg_n("tutorial.board.discard.note", "{n} card, only the top one is in play", "{n} cards, only the top one is in play")
msg("tutorial.board.deck", "Deck")
msg("tutorial.board.in_deck", "in deck")
msg("tutorial.board.yours", "{player} (you)")
msg("tutorial.board.turn", "▶ this turn")
msg("tutorial.board.stop", "said STOP")
msg("tutorial.board.shown", "shown at the end of the round{cite: (E1)}")
msg("tutorial.board.drawn", "drawn:")
msg("tutorial.board.hidden", "hidden")
msg("tutorial.board.known", "you know it holds {cards}")
msg("tutorial.board.notes", "{first}; {second}")

# A scoreboard (render.scoreboard) and a log line's secret (render.event_line).
msg("tutorial.scores.round", "Round {round}")
msg("tutorial.scores.total", "Total")
msg_n("tutorial.scores.winners", "Winner: {players}", "Winners: {players}")
msg("tutorial.log.rule", "rule {rule}")
msg("tutorial.log.only", "(only {who} sees {what})")
msg("tutorial.log.only.you", "(only you see {what})")
msg("tutorial.log.only.several", "(only {who} see {what})")
msg("tutorial.secret.card", "the card")
msg("tutorial.secret.cards", "the cards")
msg("tutorial.secret.drawn", "the drawn card")
msg("tutorial.secret.hand", "the hand")

# A button's short words (labels.py: the engine's whole sentence is its tooltip), then its rule id when asked for;
# {a} is the action's card, {top} the discard pile's top card, {drawn} the drawn card.
msg("tutorial.label", "{label}{cite: ({rule})}")
msg("tutorial.label.draw", "Draw a card")
msg("tutorial.label.stop", "Say STOP")
msg("tutorial.label.take", "Take the {top}, give your {a}")
msg("tutorial.label.match", "Match: play your {a}")
msg("tutorial.label.pair", "Pair of {a}s: play one")
msg("tutorial.label.pair_789", "Pair {a} + {b}: play the {a}")
msg("tutorial.label.discard_drawn", "Throw the {drawn} away")
msg("tutorial.label.keep", "Keep the {drawn}, play your {a}")
msg("tutorial.label.skip", "Don't use it")
msg("tutorial.label.hourglass", "Hourglass: play again")
msg("tutorial.label.shield", "Black Shield: cancel it")
msg("tutorial.label.no_shield", "Let it happen")
msg("tutorial.label.pick", "Give your {a}")

# The scorer (scorer.py): a whole game, one round per click.
msg("tutorial.scorer.players", "players")
msg("tutorial.scorer.end", "game ends at")
msg("tutorial.scorer.play", "Play one round")
msg("tutorial.scorer.new", "New game")
msg("tutorial.scorer.press", "Press “Play one round”: the players move at random, the engine keeps score.")
msg_n("tutorial.scorer.over", "<b>Game over</b> after {n} round.", "<b>Game over</b> after {n} rounds.")
msg("tutorial.scorer.next", "Round {round} is about to be played.")

# An exercise and the legality quiz (exercise.py).
msg("tutorial.exercise", "Exercise.")
msg("tutorial.exercise.solution", "Show solution")
msg("tutorial.quiz", "Quiz.")
msg("tutorial.quiz.question", "Which of these actions are legal?")
msg("tutorial.quiz.check", "Check my answer")
msg("tutorial.quiz.answers", "Show answers")
msg("tutorial.quiz.answers.help", "available once you have checked an answer")
msg("tutorial.quiz.right", "All right!")
msg_n("tutorial.quiz.wrong", "<b>{n} to look at again:</b> your tick (or its absence) is wrong for",
      "<b>{n} to look at again:</b> your tick (or its absence) is wrong for")
msg("tutorial.quiz.again", "Change them and check again, or press “Show answers”.")
msg("tutorial.quiz.answers.head", "Answers")
msg("tutorial.quiz.legal", "{label}: <b>legal</b>")
msg("tutorial.quiz.illegal", "{label}: <b>not legal</b>")

# The action explorer (explorer.py): a position, one button per action, the engine's answer to each click.
msg("tutorial.explorer.restart", "Start again")
msg("tutorial.explorer.restart.help", "back to the prepared position")
msg("tutorial.explorer.rule_ids", "Show rule ids")
msg("tutorial.explorer.log", "What happened")
msg("tutorial.explorer.nothing", "nothing yet")
msg("tutorial.explorer.stale", "that button belonged to an earlier decision; the click was ignored")
msg("tutorial.explorer.refused", "The engine refuses: {why}")
msg("tutorial.explorer.hint", "<i>Hint:</i> {hint}")
msg("tutorial.explorer.done", "{player}: {action}")
msg("tutorial.explorer.seat", "You are {player}: the board shows what {player} may see.")
msg("tutorial.explorer.seat.now", "You are now {player}: the board shows what {player} may see.")
msg("tutorial.explorer.over", "Press “Start again” to replay the position.")
msg("tutorial.explorer.their_answer", "{player} may answer with a Black Shield{cite: (A9)}: click to let them answer.")
msg("tutorial.explorer.their_turn", "It is {player}'s turn now: this position ends here. Press “Start again” to try "
                                    "another move.")
msg("tutorial.explorer.click", "{player}, click an action.")
msg("tutorial.explorer.click.guesses", "{player}, click an action. Some of these the engine will refuse: try them.")
msg("tutorial.explorer.let", "Let {player} answer")
# What to look at again when the engine refuses a candidate action (explorer.py HINTS).
msg("tutorial.hint.match", "A match needs a card of the same value as the top of the discard pile{cite: (T3; a 789 "
                           "can stand for 7, 8 or 9: A8)}.")
msg("tutorial.hint.pair", "A pair needs two cards of the same value in your hand{cite: (T4; a 789 pairs with a 7 or "
                          "a 9: A8)}.")
msg("tutorial.hint.stop", "Only one STOP per round{cite: (T5)}.")

# Diverse City's board in the tutorial (diverse.py; its explorer says the action explorer's words).
msg("tutorial.city.head", "{player}'s turn")
msg("tutorial.city.head.asked", "{player}'s turn · {asked} decides")
msg("tutorial.city.draw_pile", "Draw pile")
msg("tutorial.city.to_draw", "to draw")
msg("tutorial.city.in_front", "in front:")
msg("tutorial.city.deciding", "▶ deciding")

# The Citybot stepper (stepper.py): a Citybot's turn, one step at a time.
msg("tutorial.stepper.position", "position")
msg("tutorial.stepper.next", "Next step")
msg("tutorial.stepper.again", "Next Citybot turn")
msg("tutorial.stepper.again.help", "run the next Citybot's turn from here")
msg("tutorial.stepper.press", "Press <b>Next step</b> to watch {player} think.")
msg("tutorial.stepper.carry_on", "Carrying on from the end of the last turn.")
msg("tutorial.stepper.before", "Before {player}'s turn (what you see)")
msg("tutorial.stepper.after", "After the turn")
msg("tutorial.stepper.step", "{player}, step {step} of its turn")
msg("tutorial.stepper.now", "◀ now")
msg("tutorial.stepper.done", "done")
msg("tutorial.stepper.passed", "did not apply")

# The deck and the deal (deck.py): real deals of the default deck (C1-C3), and round 1 from any seat (S1-S3).
msg("tutorial.deck.deal", "Deal me a hand")
msg("tutorial.deck.how_often", "how often is a")
msg("tutorial.deck.in_hand", "in a starting hand?")
msg("tutorial.deck.your_hand", "Your starting hand")
msg("tutorial.deck.score.good", "This hand scores <b>{points}</b> points ({sum}). Of {deals} starting hands, {lower} "
                                "scored less: a good start.")
msg("tutorial.deck.score.poor", "This hand scores <b>{points}</b> points ({sum}). Of {deals} starting hands, {lower} "
                                "scored less: a poor start.")
msg("tutorial.deck.score.ordinary", "This hand scores <b>{points}</b> points ({sum}). Of {deals} starting hands, "
                                    "{lower} scored less: an ordinary start.")
msg_n("tutorial.deck.odds", "{n} of the {cards} cards is {a_card}. In {deals} deals, <b>{held}</b> starting hands held "
                            "at least one ({percent} %).",
      "{n} of the {cards} cards are {a_card}. In {deals} deals, <b>{held}</b> starting hands held at least one "
      "({percent} %).")
msg("tutorial.deck.values", "The twelve values")
msg("tutorial.deck.row.value", "value")
msg("tutorial.deck.row.copies", "copies")
msg("tutorial.deck.row.scores", "scores")
msg("tutorial.deck.row.ability", "ability")
msg_n("tutorial.deck.size", "<b>{n} card</b>, average value {mean}", "<b>{n} cards</b>, average value {mean}")
msg("tutorial.deck.yours", "◀ your hand")
msg("tutorial.deck.totals", "Starting hand totals over {deals} deals")
msg("tutorial.deck.summary", "mean {mean}, lowest {lowest}, highest {highest}")
msg("tutorial.deck.seat", "you sit in")
msg("tutorial.deck.order", "<b>Turn order this round:</b> {seats} → …")
# Diverse City's cards and the hand scorer in the tutorial (diverse.py): what a card says to a screen reader (K1),
# what clears a disaster (K3), what each part of a hand adds.
msg("tutorial.city.slots", "{first} + {second}")
msg_n("tutorial.city.card", "{name}, {n} point", "{name}, {n} points")
msg_n("tutorial.city.card.people", "PEOPLE, {n} point", "PEOPLE, {n} points")
msg_n("tutorial.city.card.disaster", "{name}, minus {n} point, cleared by {needs}",
      "{name}, minus {n} points, cleared by {needs}")
msg("tutorial.city.card.major", "{name}, a Major disaster")
msg("tutorial.city.needs", "needs {needs}")
msg("tutorial.city.on", "on the {disaster}")
msg("tutorial.city.scorer.category", "category")
msg("tutorial.city.scorer.points", "points")
msg("tutorial.city.scorer.disaster", "disaster")
msg("tutorial.city.scorer.remove", "remove")
msg("tutorial.city.scorer.add", "Add the card")
msg("tutorial.city.scorer.people", "Add PEOPLE")
msg("tutorial.city.scorer.place", "Put it in front")
msg("tutorial.city.scorer.remove_it", "Remove it")
msg("tutorial.city.your_hand", "Your hand")
msg("tutorial.city.your_front", "In front of you")
msg("tutorial.city.in_front.card", "{card} in front")
msg("tutorial.city.in_front.pick", "{card} (in front)")
msg("tutorial.city.part", "{name}: <b>{points}</b>")
msg("tutorial.city.part.twice", "{name}: <b>{points}</b> (held twice: the whole category scores nothing)")
msg_n("tutorial.city.scores", "This hand scores <b>{n}</b> point.", "This hand scores <b>{n}</b> points.")
msg_n("tutorial.city.after", "After {n} turn: {how}", "After {n} turns: {how}")
msg("tutorial.city.round_score", "{player} scores {score}")
