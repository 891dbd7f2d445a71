"""Egocentric World's messages: its cards, its events (docs/RULES.md), and what its table asks and offers you.

An id ending in `.you` is the second-person form of the id before it; `.secret` is an event's text for the seats
that may see its hidden part.
"""

from __future__ import annotations

from .catalogue import msg, msg_n

# Cards (C1, C2): a value with its ability, and with its article.
msg("card.plain", "{value}")
msg("card.named", "{value} ({ability})")
msg("card.ability.8", "789")
msg("card.ability.9", "Black Shield")
msg("card.ability.10", "Magnifying Glass")
msg("card.ability.11", "Two Cards")
msg("card.ability.12", "Hourglass")
msg("card.a", "a {card}")
msg("card.an", "an {card}")  # the values said with "an": 8 and 11 (`ARTICLE_AN` in events.py)
msg("card.none", "no cards")
msg("card.list", "{cards}, {card}")  # how a list of cards grows, one card at a time

# Words the events put together.
msg("word.reader", "you")
msg("word.Reader", "You")
msg("word.your", "your")
msg("word.possessive", "{name}'s")
msg("word.yourself", "yourself")
msg("word.themself", "themself")
msg("word.unused", " (its ability does not trigger)")
msg("word.lowest", "lowest")
msg("word.highest", "highest")
msg_n("word.points", "{n} point", "{n} points")
msg_n("word.rounds", "{n} round", "{n} rounds")

# Events (docs/RULES.md), per kind: the public text and, for the seats told a secret, `.secret`.
msg("event.round_start", "Round {round} begins: {player} plays first ({why})")
msg("event.round_start.you", "Round {round} begins: You play first ({why})")
msg("event.flip", "The {card} is turned up to start the discard pile")
msg_n("event.deal", "{player} receives {n} card", "{player} receives {n} cards")
msg_n("event.deal.you", "You receive {n} card", "You receive {n} cards")
msg("event.deal.secret", "{player} receives {hand}")
msg("event.deal.secret.you", "You receive {hand}")
msg("event.draw", "{player} draws a card")
msg("event.draw.you", "You draw a card")
msg("event.draw.secret", "{player} draws {a_card}")
msg("event.draw.secret.you", "You draw {a_card}")
msg("event.discard_drawn", "{player} discards the drawn {card}{unused}")
msg("event.discard_drawn.you", "You discard the drawn {card}{unused}")
msg("event.keep", "{player} keeps the drawn card and plays the {card}")
msg("event.keep.you", "You keep the drawn card and play the {card}")
msg("event.keep.secret", "{player} keeps the drawn {drawn} and plays the {card}")
msg("event.keep.secret.you", "You keep the drawn {drawn} and play the {card}")
msg("event.take", "{player} takes the {taken} from the discard pile and plays the {card}")
msg("event.take.you", "You take the {taken} from the discard pile and play the {card}")
msg("event.match", "{player} matches the {top} with the {card}")
msg("event.match.you", "You match the {top} with the {card}")
msg("event.pair", "{player} shows the pair {card} + {kept} and plays the {card}")
msg("event.pair.you", "You show the pair {card} + {kept} and play the {card}")
msg("event.stop", "{player} says STOP: everyone else gets one more turn")
msg("event.stop.you", "You say STOP: everyone else gets one more turn")
msg("event.skip", "{player} does not use the {ability}")
msg("event.skip.you", "You do not use the {ability}")
msg("event.no_target", "{player} cannot use the {ability}: {why}")
msg("event.no_target.you", "You cannot use the {ability}: {why}")
msg("event.hourglass", "{player} will take another turn")
msg("event.hourglass.you", "You will take another turn")
msg("event.look", "{player} looks at {q_s} hand")
msg("event.look.you", "You look at {q_s} hand")
msg("event.look.secret", "{player} looks at {q_s} hand: {hand}")
msg("event.look.secret.you", "You look at {q_s} hand: {hand}")
msg("event.designate", "{player} designates {seats} for the {ability}")
msg("event.designate.you", "You designate {seats} for the {ability}")
msg("event.shield", "{player} plays a 9 (Black Shield) and cancels the {ability}")
msg("event.shield.you", "You play a 9 (Black Shield) and cancel the {ability}")
msg("event.no_shield", "{player} does not play a Black Shield")
msg("event.no_shield.you", "You do not play a Black Shield")
msg("event.pick", "{player} chooses a card from {player_s} own hand")
msg("event.pick.you", "You choose a card from your own hand")
msg("event.pick.secret", "{player} chooses {player_s} {card}")
msg("event.pick.secret.you", "You choose your {card}")
msg("event.random", "{player} will take a random card from {q}")
msg("event.random.you", "You will take a random card from {q}")
msg("event.announce", "{player} announces the value {value} for {q}")
msg("event.announce.you", "You announce the value {value} for {q}")
msg("event.wrong", "{q} has no {value}: the exchange is cancelled")  # its subject is `q`
msg("event.wrong.you", "You have no {value}: the exchange is cancelled")
msg("event.penalty", "{player} draws a penalty card")
msg("event.penalty.you", "You draw a penalty card")
msg("event.penalty.secret", "{player} draws a penalty card: {a_card}")
msg("event.penalty.secret.you", "You draw a penalty card: {a_card}")
msg("event.no_penalty", "{player} should draw a penalty card but no card is left to draw")
msg("event.no_penalty.you", "You should draw a penalty card but no card is left to draw")
msg("event.exchange", "{Q} and {r} exchange a card")
msg("event.receive", "{player} receives a card from {q}")
msg("event.receive.you", "You receive a card from {q}")
msg("event.receive.secret", "{player} receives the {card} from {q}")
msg("event.receive.secret.you", "You receive the {card} from {q}")
msg("event.reshuffle", "The deck is empty: the discard pile under the {top} is shuffled into a new deck of {n}")
msg("event.round_end_T5", "Round {round} ends: the turn comes back to {player}, who said STOP{cite: (T5)}")
msg("event.round_end_T5.you", "Round {round} ends: the turn comes back to you, who said STOP{cite: (T5)}")
msg("event.round_end_T6", "Round {round} ends: {player} has no card left{cite: (T6)}")
msg("event.round_end_T6.you", "Round {round} ends: You have no card left{cite: (T6)}")
msg("event.round_end_MV3", "Round {round} ends: every player has had the turns the turn limit allows{cite: (MV3)}")
msg("event.removal", "{player} removes its {which} card at difficulty {level}: the {card}")
msg("event.reveal_hand", "{player} shows {hand}: {points}")
msg("event.reveal_hand.you", "You show {hand}: {points}")
msg_n("event.game_end", "Game over after {rounds}: {seats} wins with {total} points",
      "Game over after {rounds}: {seats} win with {total} points")
msg_n("event.game_end.you", "Game over after {rounds}: {seats} win with {total} points",
      "Game over after {rounds}: {seats} win with {total} points")
msg_n("event.game_end_round", "One round played: {seats} wins with {total} points",
      "One round played: {seats} win with {total} points")
msg_n("event.game_end_round.you", "One round played: {seats} win with {total} points",
      "One round played: {seats} win with {total} points")
# In a recap line, which names the player whose turn it tells once (`Event.text(line=...)`): that player's own
# events without their subject (`.did`), another's as a clause inside the line (`.inside`).
msg("event.draw.did", "draws a card")
msg("event.draw.secret.did", "draws {a_card}")
msg("event.discard_drawn.did", "discards the drawn {card}{unused}")
msg("event.keep.did", "keeps the drawn card and plays the {card}")
msg("event.keep.secret.did", "keeps the drawn {drawn} and plays the {card}")
msg("event.take.did", "takes the {taken} from the discard pile and plays the {card}")
msg("event.match.did", "matches the {top} with the {card}")
msg("event.pair.did", "shows the pair {card} + {kept} and plays the {card}")
msg("event.stop.did", "says STOP: everyone else gets one more turn")
msg("event.skip.did", "does not use the {ability}")
msg("event.no_target.did", "cannot use the {ability}: {why}")
msg("event.hourglass.did", "will take another turn")
msg("event.look.did", "looks at {q_s} hand")
msg("event.look.secret.did", "looks at {q_s} hand: {hand}")
msg("event.designate.did", "designates {seats} for the {ability}")
msg("event.shield.did", "plays a 9 (Black Shield) and cancels the {ability}")
msg("event.shield.you.inside", "you play a 9 (Black Shield) and cancel the {ability}")
msg("event.no_shield.did", "does not play a Black Shield")
msg("event.no_shield.you.inside", "you do not play a Black Shield")
msg("event.pick.did", "chooses a card from their own hand")
msg("event.pick.secret.did", "chooses their {card}")
msg("event.random.did", "will take a random card from {q}")
msg("event.announce.did", "announces the value {value} for {q}")
msg("event.wrong.did", "has no {value}: the exchange is cancelled")
msg("event.wrong.you.inside", "you have no {value}: the exchange is cancelled")
msg("event.penalty.did", "draws a penalty card")
msg("event.penalty.secret.did", "draws a penalty card: {a_card}")
msg("event.no_penalty.did", "should draw a penalty card but no card is left to draw")
msg("event.exchange.did", "exchanges a card with {r}")
msg("event.exchange.inside", "{q} and {r} exchange a card")
msg("event.receive.did", "receives a card from {q}")
msg("event.receive.secret.did", "receives the {card} from {q}")
msg("event.receive.you.inside", "you receive a card from {q}")
msg("event.receive.secret.you.inside", "you receive the {card} from {q}")

# Solo mode (SM1): a Citybot's step (SB1-SB9, SC8-SC12) and your SP abilities. A step's event says its `text`:
# `bot.<say>` (a step saved by an older version: the words saved with it).
msg("event.bot", "{player} —{cite: {step}:} {text}")
msg("bot.stop", "all its cards are visible and its total {its_total} is lower than "
                      "yours ({your_total}), so it says STOP")
msg("bot.reveal", "it reveals the top card of its pile: {a_card}")
msg("bot.reveal_more", "none of its visible cards is above 7, so it reveals the next "
                             "one: {a_card}")
msg("bot.match", "its {card} matches the {top} on the discard pile, so it plays it")
msg("bot.match_789", "its {card} matches the {top} on the discard pile (a 789 counts "
                           "as 7, 8 and 9), so it plays it")
msg("bot.pair", "it shows a pair of {card}s, its highest pair, and plays {a_card}")
msg("bot.pair_789", "it shows {a_card} and a 789 as a pair, its highest pair, and "
                          "plays {a_card}")
msg("bot.take", "its highest visible card, the {card}, is above the {taken} on the "
                      "discard pile, so it takes the {taken} and plays the {card}")
msg("bot.draw", "it draws and reveals {a_drawn}")
msg("bot.no_draw", "no card is left to draw, so its turn ends")
msg("bot.keep", "its highest visible card, the {card}, is above the drawn {drawn}, so "
                      "it keeps the {drawn} and plays the {card}")
msg("bot.discard", "the drawn {drawn} is not below its highest visible card ({high}), "
                         "so it discards it")
msg("bot.hourglass", "its Hourglass gives it another turn")
msg("bot.glass", "its Magnifying Glass reveals {q_s} hidden pile: {cards}")
msg("bot.glass_nothing", "its Magnifying Glass reveals {q_s} hidden pile: nothing (it "
                               "had no hidden card)")
msg("bot.two_cards", "it plays Two Cards against you")
msg("bot.exchange_pile", "it reveals the top card of its pile, {a_its}, and exchanges "
                               "it with your lowest card, the {yours}")
msg("bot.exchange_highest", "it has no hidden card, so it takes its highest card, the "
                                  "{its}, and exchanges it with your lowest card, the {yours}")
# SC9, by what revealed the 9: another Citybot's Magnifying Glass (`q`), its own Two Cards, your SP10 or SP11.
msg("bot.shield_glass", "a 9 was revealed from its pile by {q_s} Magnifying Glass, so "
                              "it plays the 9 at once")
msg("bot.shield_own", "a 9 was revealed from its pile by its own Two Cards (the "
                            "exchange is cancelled), so it plays the 9 at once")
msg("bot.shield_your_glass", "a 9 was revealed from its pile by your Magnifying "
                                   "Glass, so it plays the 9 at once")
msg("bot.shield_your_two_cards", "a 9 was revealed from its pile by your Two Cards "
                                       "(the exchange is cancelled), so it plays the 9 at once")
msg("event.reveal_pile", "{player} reveals {q_s} hidden pile: {cards}")
msg("event.reveal_pile.you", "You reveal {q_s} hidden pile: {cards}")
msg("event.solo_exchange", "{player} gives the {given} to {q} and takes {what}")
msg("event.solo_exchange.you", "You give the {given} to {q} and take {what}")
msg("event.solo_exchange.pile", "{player} gives the {given} to {q} and takes the top card of its pile, {a_took}")
msg("event.solo_exchange.pile.you", "You give the {given} to {q} and take the top card of its pile, {a_took}")
msg("event.solo_exchange.visible", "{player} gives the {given} to {q} and takes its visible {took}")
msg("event.solo_exchange.visible.you", "You give the {given} to {q} and take its visible {took}")
msg("event.solo_swap", "{player} swaps Citybot Left's {card} with Citybot Right's {kept}")
msg("event.solo_swap.you", "You swap Citybot Left's {card} with Citybot Right's {kept}")

# Why: who starts a round (S2, SM3), why an ability has nothing to choose (D2, SP10, SP11): an event's `reason`.
msg("reason.random", "{cite:S2: }chosen at random")
msg("reason.solo_first", "{cite:SM3: }Citybot Left starts the first round")
msg("reason.highest", "{cite:S2: }highest score last round")
msg("reason.highest_tied", "{cite:S2: }highest score last round, tie broken at random")
msg("reason.no_other", "no other player can be chosen")
msg("reason.no_pile", "no Citybot has a hidden pile to reveal (an empty pile, or a visible 9{cite:: SC9})")
msg("reason.both_shields", "both Citybots show a 9, so neither can be chosen{cite: (SC9)}")

# What the deciding player must do (`GameState.decision_text`), with the rule id the variant cites.
msg("decision.action", "choose the action of the turn{cite: (T1-T5)}")
msg("decision.keep_or_discard", "keep the drawn card or discard it{cite: (T1)}")
msg("decision.ability", "use the ability of the played card or not{cite: (D2)}")
msg("decision.shield", "answer with a Black Shield or not{cite: ({rule})}")
msg("decision.two_cards_choice", "choose the card to exchange for {target}{cite: (A11)}")
msg("decision.game_over", "nothing: the game is over")

# Actions in the engine's words (`Action.words`, `GameState.describe`): what it does, for the player deciding.
msg("action.draw", "draw the top card of the deck")
msg("action.stop", "say STOP")
msg("action.take", "take the top discard card in place of your {a}")
msg("action.match", "play your {a} on the discard pile as a match")
msg("action.pair", "show the pair {a} + {b} and play the {a}")
msg("action.discard_drawn", "discard the drawn card")
msg("action.keep", "keep the drawn card in place of your {a}")
msg("action.skip", "do not use the ability")
msg("action.hourglass", "use the Hourglass: take another turn")
msg("action.look", "look at the hand of the player {oa} seat(s) to your left")
msg("action.designate", "designate the players at offsets {oa} and {ob} for Two Cards")
msg("action.shield", "play your 9 (Black Shield) to cancel the effect")
msg("action.no_shield", "let the effect happen")
msg("action.pick", "give your {a} in the exchange")
msg("action.random", "take a random card from that player")
msg("action.announce", "announce the value {oa}")
msg("action.reveal_pile", "reveal the hidden pile of Citybot at offset {oa}")
msg("action.exchange", "give your {a} to {side} for {what}")
msg("action.exchange.left", "Citybot Left")
msg("action.exchange.right", "Citybot Right")
msg("action.exchange.visible", "its visible {c}")
msg("action.exchange.pile", "the top card of its pile")
msg("action.swap", "swap Citybot Left's {a} with Citybot Right's {b}")

# `GameState.describe`: an action in the position's words (the drawn card, the discard's top, the seats by name),
# then the rule id it cites in this game.
msg("describe", "{words}{cite: ({rule})}")
msg("describe.keep", "keep the drawn {drawn} in place of your {a}")
msg("describe.keep.unseen", "keep the drawn card in place of your {a}")
msg("describe.take", "take the {top} from the discard pile in place of your {a}")
msg("describe.random", "take a random card from {target}")
msg("describe.announce", "announce the value {a} for {target}")
msg("describe.look", "look at the hand of {seats}")
msg("describe.designate", "designate {seats}")
msg("describe.reveal_pile", "reveal the hidden pile of {seats}")

# An environment's ansi render (`encoding.ViewEncoder.table`): the public table, one line per seat.
msg("render.over", "game over")
msg("render.deciding", "{player} to decide ({decision})")
msg("render.none", "none")
msg_n("render.table", "round {round} · {who} · discard top {top} · deck {n} card",
      "round {round} · {who} · discard top {top} · deck {n} cards")
msg_n("render.seat", "{player}: {n} card · total {total}", "{player}: {n} cards · total {total}")
msg_n("render.seat.stop", "{player}: {n} card · total {total} · said STOP",
      "{player}: {n} cards · total {total} · said STOP")
