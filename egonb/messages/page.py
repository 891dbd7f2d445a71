"""Egocentric World's page (egonb/app): what the table asks you, its buttons, its banners and its summaries.

`{cite: (T1)}` is a rule citation, shown only behind the page's "Show rule ids" switch (see `Cite`).
"""

from __future__ import annotations

from .catalogue import msg, msg_n

# Lists.
msg("list.and", "{first} and {second}")
msg("list.comma", "{first}, {second}")

# What the open decision asks (T1-T5, SP8-SP12, A8-A12).
msg("prompt.last_turn", "Last turn of the round{cite: (T5)}. {asks}")
msg("prompt.turn", "Your turn")
msg("prompt.extra_turn.solo", "Your extra turn (Hourglass{cite:, SP12})")
msg("prompt.extra_turn", "Your extra turn (Hourglass{cite:, A12})")
msg("prompt.action", "{turn}: draw from the deck{cite: (T1)}, take the discard for a card of yours{cite: (T2)}, "
                     "match it{cite: (T3)}, show a pair{cite: (T4)}{stop}.")
msg("prompt.action.stop", ", or say STOP{cite: (T5)}")
msg("prompt.keep_or_discard", "You drew {a_card}: click the card of your hand it replaces, or discard it{cite: (T1)}.")
msg("prompt.shield.solo", "{bot} plays Two Cards against you{cite: (SC11)}: it would take your lowest card, the "
                          "{lowest}, for {gets}. Play your 9 (Black Shield) to cancel it{cite: (SP9)}?")
msg("prompt.shield.solo.pile", "the top card of its pile, unseen")
msg("prompt.shield.solo.highest", "its highest card, the {card}")
msg("prompt.game_over", "The game is over. Start a new game when you are ready.")
msg("prompt.glass.solo", "Magnifying Glass{cite: (SP10)}: click the pile of a Citybot to reveal it, or skip.{but}")
msg("prompt.glass.solo.shielded", "{bot} shows a 9, so its pile is protected{cite: (SC9)}")
msg("prompt.glass.solo.empty", "{bot} has no hidden card left")
msg("prompt.two_cards.solo", "Two Cards{cite: (SP11)}: pick one of your cards and a Citybot card (visible, or the top "
                             "of its pile), or one visible card of each Citybot. Or skip.{but}")
msg("prompt.two_cards.solo.shielded", "{bot} shows a 9, so it is protected{cite: (SC9)}")
msg("prompt.but", " {reasons}.")
msg("prompt.but.more", "{first}; {second}")
msg("prompt.hourglass.solo", "Hourglass{cite: (SP12)}: take another turn after this one?")
msg("prompt.shield", "{player} plays the {ability} on you, to {aim}. {answer}")
msg("prompt.shield.look", "look at your hand")
msg("prompt.shield.exchange", "exchange a card of yours with {whom}")
msg("prompt.shield.can", "Play your 9 (Black Shield) to cancel it, or let it happen{cite: (A9)}?")
msg("prompt.shield.cannot", "You have no 9 (Black Shield) to cancel it: let it happen{cite: (A9)}.")
msg("prompt.two_cards.yours", "Two Cards{cite: (A11)}: click the card of yours that goes in the exchange, or announce "
                              "a value to show which card it is.")
msg("prompt.two_cards.theirs", "Two Cards{cite: (A11)}: for {player}'s card, take one at random, or announce a value: "
                               "if {player} has no such card, the exchange is cancelled and you draw a penalty card.")
msg("prompt.glass", "Magnifying Glass{cite: (A10)}: look at another player's whole hand, or skip.")
msg("prompt.two_cards", "Two Cards{cite: (A11)}: choose two players (you may be one) who exchange a card, or skip.")
msg("prompt.hourglass", "Hourglass{cite: (A12)}: take another turn after this one?")
msg("prompt.whom.reader", "you")
msg("prompt.whom.yourself", "yourself")

# Your buttons (one per legal action).
msg("label.draw", "Draw a card")
msg("label.stop", "Say STOP")
msg("label.take", "Take the {top} from the discard pile for your {card}")
msg("label.match", "Play your {card} on the discard pile as a match")
msg("label.pair", "Show the pair {card} + {kept} and play the {card}")
msg("label.discard_drawn", "Discard the drawn card")
msg("label.keep", "Keep the drawn {drawn} in place of your {card}")
msg("label.skip.solo", "Do not use the ability")
msg("label.skip", "Do not use the {ability}")
msg("label.hourglass.solo", "Use the Hourglass: take another turn")
msg("label.hourglass", "Take another turn (Hourglass)")
msg("label.reveal_pile", "Reveal the hidden pile of {player}")
msg("label.exchange.visible", "Give your {card} to {player} for its visible {its}")
msg("label.exchange.pile", "Give your {card} to {player} for the top card of its pile")
msg("label.swap", "Swap {left}'s {card} with {right}'s {kept}")
msg("label.shield.solo", "Play your 9 (Black Shield) to cancel the effect")
msg("label.no_shield.solo", "Let the effect happen")
msg("label.shield", "Play your 9 (Black Shield) to cancel it")
msg("label.no_shield", "Let it happen")
msg("label.look", "Look at {player}'s hand")
msg("label.designate", "Exchange a card between {whom}")
msg("label.pick", "Put your {card} in the exchange")
msg("label.random", "Take a random card from {player}")
msg("label.announce", "Announce {value}")

# The table's other words.
msg("table.turn", "Your turn")
msg("table.extra_turn", "Your extra turn (Hourglass)")
msg("table.legend_note", "A 10, 11 or 12 does something only when it is played from a hand, never when a drawn card "
                         "is discarded.")
msg("setting.difficulty", "Difficulty {level}")
msg_n("setting.players", "{n} AI player", "{n} AI players")
msg("news.two_cards", "{player} took your {lost} and gave you {gained}.")
msg("news.stop", "{player} said STOP: this is your last turn of the round.")

# What each ability does, for you and for a Citybot (solo) or any player (multiplayer): the legend of card symbols.
msg("uses.solo.8", "counts as a 7, 8 or 9 when you match or pair; for a Citybot too{cite: (SC8)}")
msg("uses.solo.9", "play it to cancel a Citybot's Two Cards aimed at you; a Citybot showing a 9 is safe from your "
                   "Magnifying Glass and Two Cards{cite: (SC9)}")
msg("uses.solo.10", "turn a Citybot's hidden pile face up. Careful: a Citybot with all its cards face up says STOP "
                    "on its turn as soon as its total is lower than yours{cite: (SB1)}. A Citybot playing it turns "
                    "the other one's pile up{cite: (SC10)}")
msg("uses.solo.11", "exchange one of your cards with a Citybot's card or pile top, or one visible card of each "
                    "Citybot; a Citybot playing it gives you its pile top (or highest card) for your lowest "
                    "card{cite: (SC11)}")
msg("uses.solo.12", "you may take another turn; a Citybot playing it always does{cite: (SC12)}")
msg("uses.multiplayer.8", "counts as a 7, 8 or 9 when you match or pair")
msg("uses.multiplayer.9", "when another player aims a Magnifying Glass or Two Cards at you, play it to cancel that")
msg("uses.multiplayer.10", "look at another player's whole hand")
msg("uses.multiplayer.11", "two players (you may be one) exchange a card: take it secretly, or announce its value (a "
                           "wrong value cancels the exchange and you draw a penalty card)")
msg("uses.multiplayer.12", "you may take another turn")

# The recap: one line per Citybot turn since your last move (SB1-SB9, SC8-SC12).
msg("recap.line", "{player} {words}")
msg("recap.moves", "{moves} — {abilities}")
msg("recap.old", "— {texts}")
msg("recap.more", "{first}, {second}")
msg("recap.also", "{first}; {second}")
msg("recap.played", "played")
msg("recap.short", "{value}")
msg("recap.short.8", "789")
msg("recap.a", "a {card}")
msg("recap.a.8", "a 789")
msg("recap.a.an", "an {card}")
msg("recap.revealed", "revealed {a_card}")
msg("recap.revealed_more", "{moves} and {a_card}")
msg("recap.stop", "said STOP")
msg("recap.took", "took the {taken} and played its {card}")
msg("recap.drew", "drew {a_card}")
msg("recap.kept", "drew {a_card}, kept it and played its {card}")
msg("recap.discarded", "drew {a_card} and discarded it")
msg("recap.matched", "matched the {top} with its {card}")
msg("recap.pair", "showed a pair and played its {card}")
msg("recap.aimed", "Two Cards against you")
msg("recap.cancelled", "Two Cards: you cancelled it with your 9")
msg("recap.exchanged", "Two Cards: your {yours} for its {its}")
msg("recap.own_shield", "Two Cards: its own 9 came up from its pile and cancelled it")
msg("recap.other_shield", "{player} played the 9 it revealed")
msg("recap.glass", "Magnifying Glass: {player}'s pile is face up ({cards})")
msg("recap.glass.nothing", "nothing hidden")
msg("recap.hourglass", "Hourglass: it plays again")
msg("recap.shield", "Black Shield: it played the 9 revealed from its pile")

# The session's notes above the table, and its refusals ("Click ignored: ...").
msg("game.solo", "Solo")
msg("game.solo.what", "Solo against the Citybots")
msg("game.multiplayer", "Multiplayer")
msg("game.multiplayer.what", "Multiplayer: you and {fewest}–{most} AI players")
msg("note.new_game.solo", "New game at difficulty {level}")
msg("note.new_game.multiplayer", "New game against {others} AI players ({strength})")
msg("note.new_game", "{what}: first to {end_score} points ends it, lowest total wins")
msg("note.only_answer", "Answered for you, the only possible answer: {answer}")
msg("note.loaded", "Loaded a saved game: {where}")
msg("note.over", "Your last game is over: totals {totals}")
msg("note.continued", "Continued your saved game: {where}")
msg("note.where.summary", "round {round} is over, totals {totals}")
msg("note.where", "round {round}, totals {totals}")
msg("note.total", "{player} {total}")
msg("note.not_saved", "The game could not be saved ({why}); it goes on unsaved.")
msg("note.ignored", "Click ignored: {why}")
msg("load.refused", "This file cannot be loaded: {why}")
msg("load.too_big", "a saved game file is text of at most 2 MB")
msg("load.not_sealed", "this is not a game downloaded from the egonb solo app")
msg("load.old_seal", "this file was downloaded from egonb 0.1, whose files newer versions no longer open; "
                     "finish that game there, or start a new one here")
msg("load.version", "sealed game version {version} is not supported; this app reads version {supported}")
msg("load.damaged", "this game file is damaged: its sealed part cannot be read")
msg("load.changed", "this game file was changed or damaged: its checksum does not match")
msg("load.changed_or_foreign", "this game file was changed, or saved by another egonb server: it cannot be "
                               "loaded here")
msg("load.changed_clear", "this game file was changed: its round or totals do not match the sealed game")
msg("load.from_static", "this file was saved by egonb's static edition, whose files are not sealed: only the "
                        "static edition opens it")
msg("load.from_server", "this file was sealed by an egonb server: only that server can open it")
msg("load.other_players", "it holds a {players}-player game of other players; this app plays the solo game and "
                          "multiplayer games against its AI players")
msg("refuse.summary_round", "a closed summary names its round, got {number}")
msg("refuse.stale_click", "a click for decision #{token} arrived while decision #{current} is open")
msg("refuse.answer_first", "answer 'Continue your game' or 'New game' first")
msg("refuse.not_an_action", "action must be an action id, got {action}")
msg("refuse.malformed", "malformed message {content}")
msg("refuse.unknown", "unknown message type {kind}")
msg("refuse.stale_new_game", "a stale New game click for decision #{token}")
msg("refuse.bad_slot", "save slot {slot} is not 32 hexadecimal digits; this game is not saved")
msg("refuse.no_offer", "no saved game is waiting for an answer")
msg("refuse.bad_answer", "the answer to 'Continue your game?' must be 'continue' or 'new', got {choice}")
msg("refuse.not_yours", "it is not your decision")
msg("refuse.difficulty", "a solo game's difficulty is 1, 2 or 3, got {level}")
msg("history.multiplayer", "Multiplayer")

# "How to play": one short step per line, in the order a first game meets them; then the steps of the solo game
# (SM, SB, SP rules) or of the multiplayer game (A8-A12). The coach's step serves Diverse City's guide too.
msg("guide.low", "Keep your hand low")
msg("guide.low.text", "Each card is worth its number. When a round ends, the player with the lowest total in hand wins "
                      "it. Rounds add up: once someone reaches {end_score} points, the lowest total wins the game.")
msg("guide.turn", "Your turn: one move")
msg("guide.turn.text", "Click the deck to draw a card, then click a card of your hand to swap it, or the discard pile "
                       "to throw the new card away. Or click the discard pile and a card of yours to take the top "
                       "card instead.")
msg("guide.match", "Get rid of cards")
msg("guide.match.text", "Click a card with the same number as the top of the discard pile, then the pile, to play it "
                        "(a match). Two cards of one number: show them as a pair and one of them goes.")
msg("guide.coach", "Ask the coach")
msg("guide.coach.text", "Not sure? Click Hint under your moves: the coach proposes one, says why and rings its cards "
                        "in blue; Play it plays it, and Coach me gets you a hint before each of your decisions.")
msg("guide.stop", "Say STOP")
msg("guide.stop.solo", "When your hand is low enough, say STOP: the Citybots each play once more, then the round ends.")
msg("guide.stop.multiplayer", "When your hand is low enough, say STOP: every other player plays once more, then the "
                              "round ends.")
msg("guide.powers", "Card powers")
msg("guide.powers.solo", "A card you play from your hand may do something: 8 counts as 7, 8 or 9, 9 protects you, 10 "
                         "looks at a Citybot's hidden cards, 11 swaps cards, 12 gives you another turn. The legend "
                         "beside the table tells each one.")
msg("guide.powers.multiplayer", "A card you play from your hand may do something: 8 counts as 7, 8 or 9; 10 looks at "
                                "another player's hand; 11 exchanges a card between two players (take one, or "
                                "announce a value: a wrong guess cancels it and costs you a card); 12 gives you "
                                "another turn. You may play a 9 from your hand to cancel a 10 or an 11 aimed at you. "
                                "The legend beside the table tells each one.")
msg("guide.citybots", "The Citybots")
msg("guide.citybots.text", "Citybot Left and Citybot Right play by fixed steps. Their hidden pile shows as face-down "
                           "cards; what they play and take is told under the table and in the log.")
msg("guide.watch", "When a Citybot says STOP")
msg("guide.watch.text", "As soon as all of a Citybot's cards are face up and its total is lower than yours, it says "
                        "STOP on its turn, and you have one last turn. So think twice before you turn a Citybot's "
                        "pile face up with a Magnifying Glass (10) while your own total is still high.")
msg("guide.difficulty", "Difficulty")
msg("guide.difficulty.text", "Chosen above the table, for a whole game; a new one starts at 1. At the end of each "
                             "round, before scoring: at 1 the Citybots keep all their cards, at 2 each drops its "
                             "lowest card, at 3 each drops its highest card, so its total is lower than yours more "
                             "often.")
msg("guide.players", "The AI players")
msg("guide.players.text", "They play in turn around the table, their hands face down; a card of theirs you have seen "
                          "shows beside their hand. What they do is told under the table and in the log, and when one "
                          "aims a card at you, you are asked what to do.")
msg("guide.interpretation", "How this edition reads it:")
msg("guide.row", "{first} ({second}): {rest}")

# The Voilà page's controls (egonb/games/egocentric_world/controller.py) and heading (egonb/app/page.py).
msg("controls.difficulty", "Difficulty")
msg("controls.difficulty.1", "Difficulty 1: the Citybots keep all their cards at round end{cite: (SM2)}")
msg("controls.difficulty.2", "Difficulty 2: each Citybot removes its lowest card before scoring{cite: (SM2)}")
msg("controls.difficulty.3", "Difficulty 3: each Citybot removes its highest card before scoring{cite: (SM2)}")
msg("controls.pace", "Pace")
msg("controls.pace.ms", "{ms} ms")
msg("controls.pace.help", "How long each turn of the Citybots or AI players stays on screen")
msg("controls.opponents", "AI players")
msg_n("controls.opponents.help", "You and {n} AI player", "You and {n} AI players")
msg("controls.strength", "Strength")
msg("controls.strength.Greedy", "Looks one move ahead")
msg("controls.strength.Monte-Carlo", "Plays out many possible deals of the cards it cannot see (a move takes under a "
                                     "second)")
msg("controls.keep", "Keep playing")
msg("controls.keep.help", "Keep the game in progress: no new game is dealt")
msg("controls.abandon", "Abandon this game?")
msg("controls.abandon.help", "Click again to deal a new game: the game in progress is lost. Keep playing to keep it.")
msg("controls.new_game", "New game")
msg("controls.new_game.help", "Deal a new game at the chosen difficulty")
msg("controls.this_game.solo", "this game: solo")
msg("controls.this_game.players", "this game: {others} AI players")
msg("controls.hint.same_players", "This game: {others} AI players. A new choice applies from the next New game.")
msg("controls.hint.choice", "<b>Your choice applies from the next New game</b>; {this}.")
msg("controls.hint.same_level", "This game: difficulty {level}. A new difficulty applies from the next New game.")
msg("controls.hint.level", "<b>Difficulty {chosen} applies from the next New game</b>; this game stays at difficulty "
                           "{level}.")
msg("page.egocentric-world", "Egocentric World")
msg("page.egocentric-world.pitch", "Egocentric World: solo against the Citybots, or you and 1–5 AI players")
msg("page.egocentric-world.intro", "Keep the cards in your hand worth as few points as you can. A game is played in "
                                   "rounds; it ends after the round in which someone's total reaches {end_score} "
                                   "points, and then the lowest total wins.")
msg("page.diverse-city", "Diverse City")
msg("page.diverse-city.pitch", "Diverse City: you and 1–5 AI players")
msg("page.diverse-city.intro", "Build a diverse city: each category of CITY card you hold once scores its points, a "
                               "category held twice scores nothing. Clear the disasters in front of you, help or "
                               "refuse the others, survive the major disasters, and call Diversity while you hold a "
                               "PEOPLE card to end the round. The game ends when a total reaches {end_score}; the "
                               "highest wins.")
msg("page.heading", "# {title}\n\n{intro}\n\nAlso here: {others}")
msg("page.link", "[{pitch}](?game={key})")
msg("page.links", "{first} · {second}")
# The start page while the kernel starts (the Voilà template egonb/app/share/jupyter/voila/templates/egonb/).
msg("page.start.shuffling", "Shuffling the cards…")
msg("pace.Slow", "Slow")
msg("pace.Normal", "Normal")
msg("pace.Fast", "Fast")
msg("pace.Instant", "Instant")
msg("strength.Greedy", "Greedy")
msg("strength.Monte-Carlo", "Monte-Carlo")

# `egonb play` (egonb/app/serve.py): its help and what it prints.
msg("cli.play", "Play Egocentric World against two Citybots (or Diverse City against 1-5 AI players) in your browser.")
msg("cli.play.port", "port on 127.0.0.1 (0 = any free port; a browser finds its saved game on the port it played on)")
msg("cli.play.open", "also open the page in your web browser")
msg("cli.play.game", "which game's page to serve")
msg("cli.play.opponent", "an agent file (agent.py, played in a process of its own that sees only its seat's view) or a "
                         "built-in agent's name, in an AI seat; repeat it for more seats (up to 5): you play against "
                         "them, and a seat whose agent fails goes to the page's own AI player")
msg("cli.play.time_limit", "seconds each --opponent agent may think per move (default {seconds})")
msg("cli.play.plays_as", "egonb: {path}: plays as {name}")
msg("cli.play.no_agent", "egonb: {path}: {why} (its seat will be played by the page's AI player)")
msg("cli.play.serving", "egonb: serving {notebook} with Voilà — open http://127.0.0.1:{port}/ (Ctrl+C to stop)")
