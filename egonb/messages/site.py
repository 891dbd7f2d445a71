"""The static edition's own page (egonb/site/static/: index.html, main.js, controls.js): its heading, notes, status
lines and warnings, and the labels of Egocentric World's controls there. `egonb site build` writes them into the
site's `site.json` in every shipped language (`site_words`); the page shows those of its reader's language.

Messages marked up with <strong> and <code> are shown as HTML: they come from this catalogue only."""

from __future__ import annotations

from .catalogue import Texts, msg

msg("site.title", "{title}: play in your browser")
msg("site.also", "Also here: ")
msg("site.starting", "Starting Python in your browser… (the first visit downloads about 18 MB)")
msg("site.dealing", "Dealing the cards…")
msg("site.version", "egonb {egonb} on Pyodide {pyodide}")
msg("site.about", "About this page")
msg("site.note.hidden", "<strong>The hidden cards live in your browser.</strong> This edition runs the whole game in "
                        "this page (Python compiled to WebAssembly, in a background worker), with no server: the deck "
                        "and the other players' hidden cards are in your browser's memory and in its storage, so "
                        "someone who opens the developer tools can peek at them. The table never shows them, and each "
                        "AI player decides only from what its own seat may know, but nothing stops you from looking. "
                        "Installed with <code>pip</code>, <code>egonb play</code> keeps them on a server, out of the "
                        "page's reach.")
msg("site.note.hidden.city", "<strong>The hidden cards live in your browser.</strong> This edition runs the whole game "
                             "in this page (Python compiled to WebAssembly, in a background worker), with no server: "
                             "the deck and the other players' hidden cards are in your browser's memory, so someone "
                             "who opens the developer tools can peek at them. The table never shows them, and each AI "
                             "player decides only from what its own seat may know, but nothing stops you from looking. "
                             "Installed with <code>pip</code>, <code>egonb play</code> keeps them on a server, out of "
                             "the page's reach.")
msg("site.note.saving", "<strong>Saving.</strong> Your game is kept in this browser after every decision: reload the "
                        "page or come back later and \"Continue your game\" takes you back where you were. Clearing "
                        "the site's data deletes it; \"Download this game\" keeps a copy.")
msg("site.note.files", "<strong>Game files.</strong> <code>egonb play</code> seals a download with a key that only its "
                       "server knows. A page with no server has no secret to keep, so this edition's download holds "
                       "the game encoded with a checksum: not readable at a glance, but not secret. A file changed by "
                       "hand (or damaged) is refused with the reason, and the engine checks every saved game, but this "
                       "guards against mistakes, not against cheating. Loading a file deals the cards you could not "
                       "see anew, so an old file cannot be used to learn them.")
msg("site.note.city", "<strong>Saving.</strong> This edition does not keep a Diverse City game: a reload deals a new "
                      "one. <code>egonb play --game diverse-city</code> keeps it on the server.")
msg("site.failed", "The game could not go on: {why}")
msg("site.failed.worker", "the Python worker stopped")
msg("site.failed.tables", "this site lists no game to play (its site.json is missing or damaged)")
msg("site.reload", "Reload the page to try again, or start a new game (your saved game is set aside).")
msg("site.start_new", "Start a new game")
msg("site.unsaved", "Your game cannot be kept in this browser: {why}. You can play all the same; download the game "
                    "to keep it.")
msg("site.not_saved", "This game could not be saved in your browser ({why}): it goes on unsaved. Download it to keep "
                      "it.")
msg("site.storage_full", "its storage is full")
msg("site.storage.kept", "This browser has agreed to keep your saved games until you clear this site's data.")
msg("site.storage.may_clear", "This browser may clear your saved games when it runs short of space: download a game "
                              "to be sure to keep it.")
# storage.js's reasons (it reads the table's words, so these are `ui.` messages)
msg("ui.site.storage.off", "this browser does not let the page keep data (storage is switched off)")
msg("ui.site.storage.refused", "this browser refuses to keep data for the page ({error})")
msg("ui.site.storage.switched_off", "storage is switched off")
msg("site.broken_save", "Your saved game could not be read ({why}), so a new game is on the table. A game file you "
                        "downloaded can still be loaded.")
msg("site.controls.game", "Game")
msg("ui.pace.ms", "{ms} ms")  # a pace the page was given that has no name (widgets/controls.js)

# Your own agent at the static page's table (static/guest.js)
msg("site.guest.title", "Play against your own agent")
msg("site.guest.about", "Open an agent file or paste one: a function agent(view) that returns one of "
                        "view.legal_actions (or an agent class with act), as egonb's agent files are written. It takes "
                        "the first AI player's seat in a new multiplayer game, with {seconds} s a move.")
msg("site.guest.file", "Agent file: ")
msg("site.guest.code", "Your agent's Python code")
msg("site.guest.play", "Play against it")
msg("site.guest.honest", "How far this protects you: your agent runs in a Web Worker of its own, with its own Python, "
                         "and this page sends it only its seat's views, so it never sees the deck or the other hands, "
                         "and it cannot reach the page or the game's worker; a late answer stops its worker, so an "
                         "endless loop cannot freeze the game. It is not a security sandbox: its code runs in your "
                         "browser with this site's rights, so it can use the network and the storage a worker may use "
                         "(Cache Storage, IndexedDB), and nothing limits its memory. Open only code you would run "
                         "yourself. (The hidden cards are in this browser's memory anyway: see About this page.)")
msg("site.guest.none", "Open an agent file or paste one first.")
msg("site.guest.replaced", "it was replaced by another agent")
msg("site.guest.starting", "Starting your agent's own Python…")
msg("site.guest.start_late", "Your agent's Python did not start within {seconds} s. The game goes on with the "
                             "built-in AI players.")
msg("site.guest.worker_stopped", "its worker stopped ({why})")
msg("site.guest.an_error", "an error")
msg("site.guest.crashed", "Your agent's worker stopped ({why}). The built-in AI player takes its seat.")
msg("site.guest.start_failed", "Your agent's Python could not start: {why}")
msg("site.guest.load_late", "Your agent file did not finish loading within {seconds} s (an endless loop?), so its "
                            "worker was stopped. The game goes on with the built-in AI players.")
msg("site.guest.cannot_play", "Your agent cannot play: {why}. The game goes on with the built-in AI players.")
msg("site.guest.seated", "Your agent {name} plays the first AI player's seat in a new game: the log says who it is.")
msg("site.guest.raised", "Your agent raised an error: {why}. The built-in AI player plays its seat for the rest of "
                         "this game.")
msg("site.guest.stopped", "its worker was stopped")
msg("site.guest.no_answer", "no answer within {seconds} s: its worker was stopped")
msg("site.guest.late", "Your agent did not answer within {seconds} s, so its worker was stopped. The built-in AI "
                       "player plays its seat for the rest of this game; press Play against it to seat it again.")

# Watching your agent play, and opening a recording, in the static page (static/guest.js, static/replays.js,
# egonb/site/watching.py)
msg("site.guest.watch", "Watch it play")
msg("site.guest.about.watch", "Watch it play: it plays three built-in AI players in a game of their own, then the "
                              "game is replayed on the table with every card face up, at the pace you choose.")
msg("site.guest.watching", "Your agent {name} is playing the built-in AI players: the replay opens when the game "
                           "ends.")
msg("site.watch.seat", "AI player {number}")
msg("site.watch.progress", "Your agent's game: {n} decisions played so far…")
msg("site.replay.title", "Open a recording")
msg("site.replay.about", "Replay a game decision by decision: a game you downloaded from this page, a recording "
                         "written by egonb (egonb watch, Recording.to_json) or a ladder's agents/NAME.json. A finished "
                         "game shows each player's view and every card face up; a game still going on shows only what "
                         "each player could see.")
msg("site.replay.file", "Recording file: ")
msg("site.replay.game", "Game of the file: ")
msg("site.replay.game.option", "Game {n} of {count}")
msg("site.replay.opening", "Replaying {file}…")
msg("site.replay.cannot", "This file cannot be replayed: {why}")
msg("site.replay.close", "Back to your game")


def site_words(texts: Texts) -> dict[str, str]:
    """The page's own words in `texts`'s language, with the controls' labels the Voilà app's controls use."""
    from .catalogue import MESSAGES

    words = {message_id: texts.template(message_id) for message_id in MESSAGES if message_id.startswith("site.")}
    for key in ("controls.difficulty", "controls.opponents", "controls.strength", "controls.pace",
                "controls.pace.help"):
        words[key] = texts(key)
    return words
