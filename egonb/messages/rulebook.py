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

# Diverse City (docs/DIVERSE-CITY.md).
msg("book.city.goal", "The goal")
msg("book.city.goal.text", "Build the city worth the most points. At the end of each round the cards in your hand "
                           "score, minus the disasters in front of you. Scores add up; after the round in which "
                           "someone's total reaches {end_score}, the highest total wins.")
msg("book.city.cards", "The cards")
msg("book.city.cards.text", "CITY cards have a category (Emergency Services, Housing, Food, School, Public "
                            "Transportation, Waste Management, Power Plant, Communications, Activity) and are worth 1 "
                            "to 4 points. PEOPLE cards are worth 3; you never hold more than one. Disasters take "
                            "points off the player they land in front of; major disasters strike every hand at once.")
msg("book.city.deal", "A round")
msg("book.city.deal.text", "Everyone gets 5 cards. A disaster dealt to you lies face up in front of you and counts as "
                           "one of your cards. The first player changes each round, moving to the left.")
msg("book.city.turn", "Your turn")
msg("book.city.turn.text", "Draw the top card of the draw pile, or take the top card of the discard pile if it is a "
                           "CITY card. Then you may ask other players to help with your disasters and give cards to "
                           "theirs, and you end your turn with one act: discard a card, clear one of your disasters "
                           "(or several), or give the cards that clear another player's disaster. If your hand is "
                           "empty when your turn starts, you first draw 3 cards.")
msg("book.city.disasters", "Disasters")
msg("book.city.disasters.text", "Each disaster names the categories that clear it: Flood needs Emergency Services and "
                                "Food, Traffic Jam needs Public Transportation, and so on (the card legend tells). Put "
                                "CITY cards of those categories from your hand on it, on your turn: it goes to the "
                                "discard pile with them and stops costing you points. One card clears one slot only.")
msg("book.city.help", "Giving and asking")
msg("book.city.help.text", "On your turn you may give one or two CITY cards to another player's disaster, or ask one "
                           "player to give to yours; they may refuse. Why give? A card that scores nothing in your "
                           "hand (a second card of one category) may as well clear someone's disaster, and a "
                           "donation that clears a disaster ends your turn like a discard. You may ask each player "
                           "once per disaster and turn.")
msg("book.city.reset", "Too many disasters")
msg("book.city.reset.text", "When 5 disasters lie in front of the players (6 with five or six players), everything is "
                            "swept away: all hands and disasters go to the discard pile and everyone starts again "
                            "from 3 cards. The round goes on.")
msg("book.city.majors", "Major disasters")
msg("book.city.majors.text", "Drawn, a major disaster strikes every hand at once. World War: every hand passes to "
                             "the player on the right. Pandemic: discard your PEOPLE card or 3 CITY cards. Global "
                             "Warming: discard 2 CITY cards.")
msg("book.city.limit", "The end of your turn")
msg("book.city.limit.text", "Your hand and your disasters together may not be more than 8 cards: discard down to 8. "
                            "Then, if you hold a PEOPLE card, you may call Diversity: the round ends at once and "
                            "everyone scores.")
msg("book.city.score", "Scoring and Diversity")
msg("book.city.score.text", "Each CITY card scores its points and a PEOPLE card 3, but two or more CITY cards of one "
                            "category all score 0: a city needs variety. The disasters in front of you take their "
                            "points off. A round score may be below 0.")
