"""The page's own words, said by the browser (widgets/*.js): Python sends them as the model's `words`
(`browser_words`), in the reader's language, and `say(id, fields)` in widgets/words.js fills their `{fields}`.

A plural message is sent as its two English-style forms, [one, other], chosen by `n === 1` in the browser.
"""

from __future__ import annotations

from .catalogue import MESSAGES, Texts, msg, msg_n

# Lists and small words (widgets/words.js).
msg("ui.list.or", "{first} or {last}")
msg("ui.list.and", "{first} and {last}")
msg("ui.list.comma", "{first}, {next}")
msg_n("ui.points", "{n} point", "{n} points")
msg_n("ui.cards", "{n} card", "{n} cards")
msg_n("ui.facedown_cards", "{n} face-down card", "{n} face-down cards")
msg_n("ui.ai_players", "{n} AI player", "{n} AI players")
msg_n("ui.wins", "{n} win", "{n} wins")

# The action bar and the status line (widgets/actionbar.js).
msg("ui.rule", "{text} (rule {rule})")
msg("ui.cancel", "Cancel selection")
msg("ui.new_game", "New game")
msg("ui.final_scores", "Final scores")
msg("ui.prompt.game_over", "The game is over: read the final scores.")
msg("ui.prompt.round_over", "The round is over: read the scores, then continue.")
msg("ui.prompt.ai_playing", "The AI players are playing… (click the table or Skip to see their moves at once)")
msg("ui.prompt.bots_playing", "The Citybots are playing… (click the table or Skip to see their moves at once)")
msg("ui.all_actions", "All {n} possible actions")
msg("ui.your_actions", "Your possible actions")
msg("ui.status.game_over", "■ Game over")
msg("ui.status.round_over", "■ Round {round} is over")
msg("ui.status.playing", "▷ {player} is playing")
msg("ui.status.bots_playing", "▷ The Citybots are playing")
msg("ui.status.answer", "▶ Your answer ({player}'s turn)")
msg("ui.status.answer.bot", "▶ Your answer (a Citybot's turn)")
msg("ui.status.turn", "▶ {turn}")
msg("ui.status.where", "Round {round} · {setting}")
msg("ui.status.difficulty", "Difficulty {level}")
msg("ui.status.last_turn", "{where} · Last turn of the round")
msg("ui.status.said_stop", "{player} said STOP")
msg("ui.status.stop_badge", "said STOP")
msg("ui.status.totals", "Totals: {totals}")
msg("ui.status.total", "{player} {total}")
msg("ui.status.total_stop", "{player} {total} said STOP")
msg("ui.status.separator", "{first} · {next}")

# Labels the browser words itself (widgets/selection.js).
msg("ui.label.equal_take", "Swap your {card} for the {card} on the discard pile: your hand stays the same")


def browser_words(texts: Texts) -> dict[str, str | list[str]]:
    """Every `ui.*` message in `texts`'s language: what the page's model carries as `words`."""
    out: dict[str, str | list[str]] = {}
    for message_id, english in MESSAGES.items():
        if message_id.startswith("ui."):
            out[message_id] = ([texts.template(message_id, 1), texts.template(message_id, 2)]
                               if isinstance(english, tuple) else texts.template(message_id))
    return out

# The deck, the discard pile and the box of moves under them (widgets/centre.js).
msg("ui.centre.away", "Round {round}'s deck and discard pile are put away.")
msg("ui.centre.deck", "Deck: {cards}")
msg("ui.centre.deck.draw", "{label}, click to draw")
msg("ui.centre.discard", "Discard pile, {cards}, top card {card}")
msg("ui.centre.discard.empty", "Discard pile, empty")
msg("ui.centre.discard.click", "{label}, click to discard the drawn card")
msg("ui.centre.discard.move", "{label}: {action}")
msg("ui.centre.empty", "empty")
msg("ui.centre.discard.count", "discard · {n}")
msg("ui.centre.drawn", "The card you drew: {card}")
msg("ui.centre.you_drew", "you drew")
msg("ui.centre.in_deck", "in deck")
msg("ui.centre.turn_moves", "This turn's moves")
msg("ui.centre.skip", "Skip the animation")
msg("ui.centre.skip.button", "Skip ▸▸")
msg("ui.centre.since_turn", "Since your turn:")
msg("ui.centre.since_round", "Since the round began:")
msg("ui.centre.since.label", "Citybot moves since your turn")
msg("ui.centre.label", "Deck and discard pile")

# Beside the table (widgets/side.js).
msg("ui.side.ability", "{name} ({value})")
msg("ui.side.use", " — {use} ")
msg("ui.side.rule", "rule {rule}")
msg("ui.side.label", "Scores, card abilities, log and saved game")
msg("ui.side.scores", "Scores")
msg("ui.side.abilities", "Card abilities")
msg("ui.side.log", "What happened")
msg("ui.side.game", "Your game")
msg("ui.help.how", "How to play")
msg("ui.help.rules", "Rules")
msg("ui.help.rule_ids", "Each move and log line with the id of the rule it follows (docs/RULES.md)")
msg("ui.help.rule_ids.switch", " Show rule ids")

# The prompt while cards are selected (widgets/selection.js).
msg("ui.list.or_of", "{first} or of {last}")
msg("ui.part.deck", "the deck")
msg("ui.part.discard", "the discard pile")
msg("ui.part.another", "another {value}")
msg("ui.part.yours", "your {value}")
msg("ui.part.pile", "{player}'s pile")
msg("ui.part.bot", "{player}'s {value}")
msg("ui.part.a_citybot", "a Citybot")
msg("ui.whose.yours", "yours")
msg("ui.whose.table", "the table")
msg("ui.sel.named", "{part} ({ability})")
msg("ui.sel.cite", " ({rules})")
msg("ui.sel.match.discard", "the discard pile to put your {value} on it{cite}")
msg("ui.sel.match.hand", "your {value} to match it{cite}")
msg("ui.sel.highlighted", "a highlighted card of {whose}")
msg("ui.sel.highlighted.piles", "a highlighted card or pile of {whose}")
msg("ui.sel.selected.one", "{what} is selected")
msg("ui.sel.selected.many", "{what} are selected")
msg("ui.sel.click", "{selected}: click {where} to make the move{cite}.")
msg("ui.sel.buttons", "{selected}: choose a move below.")
msg("ui.sel.buttons.click", "{selected}: choose a move below, or click {where}.")
msg("ui.card.back", "EW")  # the mark on a card's back: Egocentric World
msg("ui.recap.rule", "rule {rule}")
msg("ui.recap.rules", "rules {rules}")
