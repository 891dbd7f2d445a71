"""Diverse City's messages (docs/DIVERSE-CITY.md): its events, its actions' buttons and its table's words.

Card names (categories, disasters, Majors) are the configuration's data (`Config.card_name`), stored as they are in
events and saves; a reader sees them through `city.card.<key>` (egonb/games/diverse_city/names.py).
"""

from __future__ import annotations

from .catalogue import msg, msg_n

# A card's words (K2, K7-K9): a CITY card is its category and points; the printed names of the default deck.
msg("city.card.city", "{category} {points}")
msg("city.card.emergency_services", "Emergency Services")
msg("city.card.housing", "Housing")
msg("city.card.food", "Food")
msg("city.card.school", "School")
msg("city.card.public_transportation", "Public Transportation")
msg("city.card.waste_management", "Waste Management")
msg("city.card.power_plant", "Power Plant")
msg("city.card.communications", "Communications")
msg("city.card.activity", "Activity")
msg("city.card.people", "PEOPLE")
msg("city.card.world_war", "World War")
msg("city.card.pandemic", "Pandemic")
msg("city.card.global_warming", "Global Warming")
msg("city.card.flood", "Flood")
msg("city.card.fire", "Fire")
msg("city.card.blizzard", "Blizzard")
msg("city.card.traffic_jam", "Traffic Jam")
msg("city.card.litter_bug", "Litter Bug")
msg("city.card.blackout", "Blackout")
msg("city.card.pollution", "Pollution")

msg("city.word.possessive", "{name}'s")
msg("city.word.your", "your")
msg("city.word.Your", "Your")
msg("city.word.reader", "you")
msg("city.word.Reader", "You")
msg("city.word.no_cards", "no cards")
msg("city.word.cards", "{cards}, {card}")
msg_n("city.word.n_cards", "{n} card", "{n} cards")
msg("city.word.disaster", "disaster {place}")

# Events, per kind: the public text, `.secret` for the seats told a hidden part, `.you` when you are the subject.
msg("city.event.round_start", "Round {round} begins: {player} plays first")
msg("city.event.round_start.you", "Round {round} begins: you play first")
msg("city.event.redeal", "Misdeal: {k} disasters in front after the deal, so every card is dealt again")
msg("city.event.deal", "{player} is dealt {n_cards} in hand")
msg("city.event.deal.you", "You are dealt {n_cards} in hand")
msg("city.event.deal.secret", "{player} is dealt {cards}")
msg("city.event.deal.secret.you", "You are dealt {cards}")
msg("city.event.turn", "Turn {turn}: {player}")
msg("city.event.turn.you", "Turn {turn}: you")
msg("city.event.put_back", "{player} shows {card} and puts it back into the draw pile")
msg("city.event.put_back.you", "You show {card} and put it back into the draw pile")
msg("city.event.front", "{player} places {card} in front")
msg("city.event.front.you", "You place {card} in front")
msg("city.event.draw", "{player} draws a card")
msg("city.event.draw.you", "You draw a card")
msg("city.event.draw.secret", "{player} draws {card}")
msg("city.event.draw.secret.you", "You draw {card}")
msg_n("city.event.reshuffle", "The draw pile is empty: the discard pile under its top card is shuffled into {n} card",
      "The draw pile is empty: the discard pile under its top card is shuffled into {n} cards")
msg("city.event.take", "{player} takes {card} from the discard pile")
msg("city.event.take.you", "You take {card} from the discard pile")
msg("city.event.second_people", "{player} draws a second PEOPLE and discards it")
msg("city.event.second_people.you", "You draw a second PEOPLE and discard it")
msg("city.event.discard", "{player} discards {card}")
msg("city.event.discard.you", "You discard {card}")
msg("city.event.fill", "{player} puts {card} on their {disaster}")
msg("city.event.fill.you", "You put {card} on your {disaster}")
msg("city.event.clear", "{Q_s} {disaster} is cleared: it goes to the discard pile with {cards}")
msg("city.event.give", "{player} gives {card} to {q_s} {disaster}")
msg("city.event.give.you", "You give {card} to {q_s} {disaster}")
msg("city.event.ask", "{player} asks {q} to donate to their {disaster}")
msg("city.event.ask.you", "You ask {q} to donate to your {disaster}")
msg("city.event.decline", "{player} declines")
msg("city.event.decline.you", "You decline")
msg("city.event.stop", "{player} stops")
msg("city.event.stop.you", "You stop")
msg("city.event.pass", "{player} has no card and passes")
msg("city.event.pass.you", "You have no card and pass")
msg("city.event.major", "{player} draws {card}: it strikes every player")
msg("city.event.major.you", "You draw {card}: it strikes every player")
msg("city.event.pass_hand", "{player} passes {n_cards} to {q}")
msg("city.event.pass_hand.you", "You pass {n_cards} to {q}")
msg("city.event.pass_hand.secret", "{player} passes {cards} to {q}")
msg("city.event.pass_hand.secret.you", "You pass {cards} to {q}")
msg("city.event.major_done", "{card} goes on top of the discard pile")
msg("city.event.reset", "Reset: {k} disasters in front, so every hand, partial and disaster is discarded")
msg("city.event.call", "{player} calls Diversity!")
msg("city.event.call.you", "You call Diversity!")
msg("city.event.turn_cap", "The round reaches the turn cap of {cap} turns and is scored")
msg("city.event.reveal", "{player} shows {cards}: {score} points this round, {total} in all")
msg("city.event.reveal.you", "You show {cards}: {score} points this round, {total} in all")
msg_n("city.event.game_end", "Game over: {seats} wins with {total} points",
      "Game over: {seats} share the win with {total} points")
msg_n("city.event.game_end.you", "Game over: {seats} win with {total} points",
      "Game over: {seats} share the win with {total} points")

# Actions (P2-P5, X3-X5, R1): a button's words, for the player deciding.
msg("city.action.draw", "Draw the top card of the draw pile")
msg("city.action.take", "Take the top card of the discard pile")
msg("city.action.decline", "Decline to donate")
msg("city.action.stop", "Stop here")
msg("city.action.pass", "Pass (your hand is empty)")
msg("city.action.call", "Call Diversity and end the round")
msg("city.action.no_call", "Do not call Diversity")
msg("city.action.discard", "Discard {card}")
msg("city.action.fill", "Put {card} on your {disaster}")
msg("city.action.give", "Give {card} to {q_s} {disaster}")
msg("city.action.ask", "Ask {q} to donate to your {disaster}")
# The same actions in the engine's words (`DCState.describe`), then the rule id(s) they cite.
msg("city.describe", "{words}{cite: ({rule})}")
msg("city.describe.draw", "draw the top card of the draw pile")
msg("city.describe.take", "take the top card of the discard pile")
msg("city.describe.decline", "decline to donate")
msg("city.describe.stop", "stop here")
msg("city.describe.pass", "pass (your hand is empty)")
msg("city.describe.call", "call Diversity and end the round")
msg("city.describe.no_call", "do not call Diversity")
msg("city.describe.discard", "discard {card}")
msg("city.describe.fill", "put {card} on your {disaster}")
msg("city.describe.give", "give {card} to {q_s} {disaster}")
msg("city.describe.ask", "ask {q} to donate to your {disaster}")

# A move's button says all it does (egonb/games/diverse_city/moves.py): the cards a resolve uses (X3, with the card
# P8 adds when only one completes it), a clearing that ends the turn (P4), what you decide next.
msg("city.move.clear.end", "Clear your {disaster} with {cards}: that ends your turn")
msg("city.move.clear.more", "Clear your {disaster} with {cards}, then clear another or stop")
msg("city.move.clear", "Clear your {disaster} with {cards}; your turn goes on")
msg("city.move.fill", "Put {card} on your {disaster}, then choose the card that completes it")
msg("city.move.give.clear.end", "Give {card} to {q_s} {disaster}: that clears it and ends your turn")
msg("city.move.give.clear.ends", "Give {card} to {q_s} {disaster}: that clears it and ends {whose} turn")
msg("city.move.give.clear", "Give {card} to {q_s} {disaster}: that clears it")
msg("city.move.give.more", "Give {card} to {q_s} {disaster}, then you may give its second card")
msg("city.move.clear.discard", "Clear your {disaster} with {cards}, then discard {discarded}, the only move left: "
                               "that ends your turn")
msg("city.move.give.discard", "Give {card} to {q_s} {disaster}, then discard {discarded}, the only move left: that "
                              "ends your turn")
msg("city.move.give.clear.discard", "Give {card} to {q_s} {disaster}: that clears it; then discard {discarded}, the "
                                    "only move left, and your turn ends")
msg("city.move.discard.end", "Discard {card} and end your turn")
msg("city.move.stop.end", "Stop clearing and end your turn")
msg("city.move.stop.give", "Give no second card")
msg("city.move.take", "Take {card} from the discard pile")
msg("city.move.ask.partial", "Ask {q} to donate to your {disaster} that holds {partial}")
msg("city.move.ask.row", "Ask for help with your {disaster}:")
msg("city.move.ask.row.partial", "Ask for help with your {disaster} that holds {partial}:")
msg("city.move.pass", "Your hand is empty: pass and end your turn")
msg("city.move.no_call", "Do not call Diversity: play on")

# The table's words.
msg("city.question.ask", "{asker} asks you to donate to their {disaster}")
msg("city.question.major_people", "{major} strikes: discard your PEOPLE or 3 CITY cards")
msg_n("city.question.major_cities", "{major} strikes: discard {n} CITY card", "{major} strikes: discard {n} CITY cards")
msg("city.scoring", "Every hand is shown and scored: a category held twice scores nothing, and disasters in front "
                    "count against.")
msg("city.ai.heuristic", "Heuristic (quick)")
msg("city.ai.monte-carlo", "Monte-Carlo (thinks harder)")
msg_n("city.note.new_game",
      "New game: you and {n} AI player; the first total to reach {end_score} ends it, and the highest total wins",
      "New game: you and {n} AI players; the first total to reach {end_score} ends it, and the highest total wins")
msg("city.note.continued", "Continued your saved game: round {round}")
msg("city.slot.or", "{first} or {second}")

# The card legend beside the table (egonb/games/diverse_city/legend.py): each kind of card (K1) and the call (R1).
msg("city.legend.city", "CITY card")
msg("city.legend.city.text", "Scores its points (1 to 4) in your hand at the round's end, unless your hand holds "
                             "another of its category: then all of that category score 0. Its colour is its "
                             "category:")
msg("city.legend.people", "PEOPLE card")
msg("city.legend.people.text", "Scores {points} points and lets you call Diversity. A hand holds one PEOPLE at most: "
                               "a second one drawn is discarded.")
msg("city.legend.disaster", "Disaster")
msg("city.legend.disaster.text", "Lies in front of the player who drew it, its points counted against them, until "
                                 "the CITY cards it names clear it: its owner's on their turn, or cards given by "
                                 "another player. {threshold} disasters in front of the players throw every hand "
                                 "away.")
msg("city.legend.disaster.item", "{name} {points}: {needs}")
msg("city.legend.major", "Major disaster")
msg("city.legend.major.text", "Strikes every hand as soon as it is drawn, then goes to the discard pile; it ends the "
                              "turn of whoever drew it.")
msg("city.legend.world_war", "{name}: every hand passes to the player on the right")
msg("city.legend.pandemic", "{name}: each player discards their PEOPLE or 3 CITY cards")
msg("city.legend.global_warming", "{name}: each player discards 2 CITY cards")
msg("city.legend.diversity", "Diversity")
msg("city.legend.diversity.text", "At the end of your turn, with a PEOPLE card in hand, you may call Diversity: the "
                                  "round ends at once and every hand is shown and scored.")

# "How to play" Diverse City (docs/DIVERSE-CITY.md): one short step per line, in the order a first game meets them.
msg("city.guide.build", "Build a city worth the most")
msg("city.guide.build.text", "Your hidden hand scores at the end of each round: each CITY card its points (1 to 4, "
                             "in nine categories, each with its colour) and a PEOPLE card (purple, marked PEOPLE) "
                             "3 points; a hand holds one PEOPLE at most. Rounds add up; once a total reaches "
                             "{end_score}, the highest total wins the game. \"Cards\", beside the table (under it on "
                             "a phone), shows every kind of card.")
msg("city.guide.turn", "Your turn")
msg("city.guide.turn.text", "Draw a card: the top of the draw pile, or a CITY card from the discard pile. Then end "
                            "your turn with one act: discard a card from your hand, or clear one of your disasters. "
                            "With more than 8 cards (your disasters count) you discard down to 8.")
msg("city.guide.diversity", "Diversity")
msg("city.guide.diversity.text", "A city needs variety: two or more CITY cards of one category in your hand all score "
                                 "0. With a PEOPLE card in hand you may call Diversity at the end of your turn: the "
                                 "round ends at once and every hand is scored. Call it when your hand is worth more "
                                 "than the others' seem to be.")
msg("city.guide.disasters", "Disasters")
msg("city.guide.disasters.text", "A disaster you draw lies in front of you and takes its points off your score until "
                                 "it is cleared. It names the CITY cards that clear it (a Flood: Emergency Services "
                                 "and Food); on your turn, put them on it and it goes, with them, to the discard pile.")
msg("city.guide.donate", "Why give cards away")
msg("city.guide.donate.text", "On your turn you may give CITY cards to another player's disaster, or ask a player to "
                              "give to yours: they give a card that fits or decline, and you may ask each player "
                              "once per disaster in a turn. A card you hold twice scores nothing anyway, so giving it "
                              "costs you nothing; and once 5 disasters lie in front of the players (6 with 5 or 6 "
                              "players), every hand is thrown away: a reset. Clearing disasters, anyone's, keeps "
                              "your hand safe. A clearing gift ends the turn of the player whose turn it is.")
msg("city.guide.majors", "Major disasters")
msg("city.guide.majors.text", "Drawn, a major disaster strikes every hand at once: World War passes every hand to the "
                              "player on the right; Pandemic makes each player discard their PEOPLE card or 3 CITY "
                              "cards; Global Warming, 2 CITY cards.")
