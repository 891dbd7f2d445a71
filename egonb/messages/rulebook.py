"""The player's rulebook of the Rules tab (egonb/app/guide.py), in plain words, one message per section: the solo
game's (you against the Citybots) and the multiplayer game's. docs/RULES.md stays the engine's reference (its notes
are the tab's "Notes for the curious"); each section names the rules it tells, for the "Show rule ids" switch.
"""

from __future__ import annotations

from .catalogue import msg

msg("book.notes", "Notes for the curious")
msg("book.notes.text", "The rules as the program plays them, with the questions the printed rules leave open and how "
                       "this edition answers them.")

# Both games.
msg("book.goal", "The goal")
msg("book.goal.text", "Keep the cards in your hand worth as few points as you can. Each card is worth its number. At "
                      "the end of a round everyone adds up their hand: that is their score for the round. Scores add "
                      "up from round to round; after the round in which someone's total reaches {end_score}, the "
                      "game is over and the lowest total wins.")
msg("book.cards", "The cards")
msg("book.cards.text", "The deck has cards from 1 to 12. Cards 1 to 7 are only points. Cards 8 to 12 also have a "
                       "power: the 789, the Black Shield, the Magnifying Glass, Two Cards and the Hourglass.")
msg("book.turn", "Your turn: one move")
msg("book.turn.text", "Draw the top card of the deck and look at it: throw it on the discard pile, or keep it in "
                      "place of a card of your hand. Or take the top card of the discard pile in place of a card of "
                      "your hand. Or play a card of the same number as the top of the discard pile (a match). Or show "
                      "two cards of one number and play one of them (a pair). Or say STOP. A match or a pair leaves "
                      "you one card fewer.")
msg("book.played", "Played or thrown away")
msg("book.played.text", "A card that goes from your hand to the discard pile is played: you may use its power. A "
                        "card you draw and throw away at once does nothing.")
msg("book.end", "The end of a round")
msg("book.end.text", "When a player says STOP, every other player has one more turn, then the round ends. A round "
                     "also ends at once when someone's hand is empty. Everyone shows their hand and scores it.")

# The solo game.
msg("book.solo.table", "You and the two Citybots")
msg("book.solo.table.text", "You play against Citybot Left and Citybot Right, in the order you, Left, Right. Each "
                            "round everyone gets 5 cards. A Citybot's cards start as a face-down pile in front of it; "
                            "the cards it reveals or receives lie face up beside the pile. Citybot Left starts the "
                            "first round; later rounds start with whoever scored the most in the round before.")
msg("book.solo.stop", "When a Citybot says STOP")
msg("book.solo.stop.text", "A Citybot with all its cards face up says STOP on its turn as soon as its total is lower "
                           "than yours. So think twice before you turn a Citybot's pile face up while your own total "
                           "is still high.")
msg("book.solo.bot", "How a Citybot plays")
msg("book.solo.bot.text", "A Citybot plays by fixed steps. It turns up the top card of its pile (and one more while "
                          "none of its face-up cards is above 7). Then, if one of its face-up cards has the number on "
                          "top of the discard pile, it plays it; else if two share a number, it plays one; else if its "
                          "highest card is above the top of the discard pile, it takes that card and plays its "
                          "highest; else it draws, and keeps the drawn card in place of its highest card if that one "
                          "is higher, or throws the drawn card away.")
msg("book.solo.powers", "Your powers")
msg("book.solo.powers.text", "8, the 789: counts as a 7, an 8 or a 9 for a match or a pair. 9, the Black Shield: when "
                             "a Citybot plays Two Cards against you, play your 9 to cancel it. 10, the Magnifying "
                             "Glass: turn a Citybot's whole pile face up. 11, Two Cards: swap a card of yours with a "
                             "Citybot's face-up card or the top of its pile, or swap face-up cards of the two "
                             "Citybots. 12, the Hourglass: take another turn. A Citybot showing a 9 cannot be aimed "
                             "at with a Magnifying Glass or Two Cards.")
msg("book.solo.bot_powers", "The Citybots' powers")
msg("book.solo.bot_powers.text", "A Citybot always uses the power of a card it plays. Its Two Cards takes your lowest "
                                 "card for the top card of its pile (or its highest card when its pile is empty); "
                                 "its Magnifying Glass turns the other Citybot's pile face up; its Hourglass gives it "
                                 "another turn; its 789 counts as 7, 8 or 9. A Citybot that turns up a 9 from its pile "
                                 "because of your Magnifying Glass or Two Cards plays it at once.")
msg("book.solo.difficulty", "Difficulty")
msg("book.solo.difficulty.text", "Chosen for a whole game. At difficulty 1 the Citybots keep all their cards when a "
                                 "round ends. At difficulty 2 each Citybot drops its lowest card before scoring, at "
                                 "difficulty 3 its highest card, so its total is lower more often.")

# The multiplayer game.
msg("book.multi.table", "The players")
msg("book.multi.table.text", "Two to six players, in turn around the table. Each round everyone gets 5 cards, which "
                             "nobody else sees. The first round starts with a player chosen at random; later rounds "
                             "start with whoever scored the most in the round before.")
msg("book.multi.powers", "The powers")
msg("book.multi.powers.text", "8, the 789: in your turn it counts as a 7, an 8 or a 9 for a match or a pair. 9, the "
                              "Black Shield: when another player aims a Magnifying Glass or Two Cards at you, play "
                              "your 9 to cancel it. 10, the Magnifying Glass: look at another player's hand. 11, Two "
                              "Cards: choose two players (you may be one) and swap a card between them: for each, "
                              "take a card at random (your own: the one you choose) or name a number; a wrong number "
                              "cancels the swap and you draw a card as a penalty. 12, the Hourglass: take another "
                              "turn.")
