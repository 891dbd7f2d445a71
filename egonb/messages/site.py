"""The words of the page's two hosts: `egonb play` (egonb/app/serve.py: its help and what it prints) and the static
edition (egonb/site/): its host page (static/main.js, static/storage.js), the controls it
draws for Egocentric World (static/controls.js, from the Voilà page's `controls.*` that the host sends with them)
and the worker's note on a saved game it could not read (egonb/site/host.py).

Every `ui.*` message reaches the static page twice: in the build's `site.json` (the page's words before Python has
started, egonb/site/build.py) and in the model's `words`.
"""

from __future__ import annotations

from .catalogue import msg

msg("ui.site.title", "{title}: play in your browser")
msg("ui.site.also", "Also here:")
msg("ui.site.failed", "The game could not go on: {why}")
msg("ui.site.failed.worker", "the Python worker stopped")
msg("ui.site.reload", "Reload the page to try again, or start a new game (your saved game is set aside).")
msg("ui.site.start_new", "Start a new game")
msg("ui.site.dealing", "Dealing the cards…")
msg("ui.site.version", "egonb {egonb} on Pyodide {pyodide}")
msg("ui.site.unkept", "Your game cannot be kept in this browser: {why}. You can play all the same; download the game "
                      "to keep it.")
msg("ui.site.storage.off", "this browser does not let the page keep data (storage is switched off)")
msg("ui.site.storage.refused", "this browser refuses to keep data for the page ({error})")
msg("ui.site.unsaved", "This game could not be saved in your browser ({why}): it goes on unsaved. Download it to "
                       "keep it.")
msg("ui.site.storage.full", "its storage is full")
msg("ui.site.storage.switched_off", "storage is switched off")
msg("ui.site.broken_save", "Your saved game could not be read ({why}), so a new game is on the table. A game file you "
                           "downloaded can still be loaded.")
msg("ui.pace.ms", "{ms} ms")

# The footer's notes (static/index.html, filled in by main.js): each a lead in bold, then the note; a command between
# backquotes is shown as code. {continue} and {download} are the buttons' words (`ui.dc.continue`, `ui.save.download`).
msg("ui.site.about", "About this page")
msg("ui.site.note.hidden.lead", "The hidden cards live in your browser.")
msg("ui.site.note.hidden", "This edition runs the whole game in this page (Python compiled to WebAssembly, in a "
                           "background worker), with no server: the deck and the other players' hidden cards are in "
                           "your browser's memory and in its storage, so someone who opens the developer tools can "
                           "peek at them. The table never shows them, and each AI player decides only from what its "
                           "own seat may know, but nothing stops you from looking. Installed with `pip`, `egonb play` "
                           "keeps them on a server, out of the page's reach.")
msg("ui.site.note.hidden.city", "This edition runs the whole game in this page (Python compiled to WebAssembly, in a "
                                "background worker), with no server: the deck and the other players' hidden cards are "
                                "in your browser's memory, so someone who opens the developer tools can peek at them. "
                                "The table never shows them, and each AI player decides only from what its own seat "
                                "may know, but nothing stops you from looking. Installed with `pip`, `egonb play` "
                                "keeps them on a server, out of the page's reach.")
msg("ui.site.note.saving.lead", "Saving.")
msg("ui.site.note.saving", "Your game is kept in this browser after every decision: reload the page or come back "
                           "later and “{continue}” takes you back where you were. Clearing the site's data deletes "
                           "it; “{download}” keeps a copy.")
msg("ui.site.note.saving.city", "This edition does not keep a Diverse City game: a reload deals a new one. `egonb "
                                "play --game diverse-city` keeps it on the server.")
msg("ui.site.note.files.lead", "Game files.")
msg("ui.site.note.files", "`egonb play` seals a download with a key that only its server knows, so only that server "
                          "loads it back. A page with no server has no secret to keep, so this edition's downloads "
                          "are the game encoded (not readable at a glance, but not secret) with a checksum: a file "
                          "changed by hand (or damaged) is refused with the reason, and the engine checks every saved "
                          "game, but this guards against mistakes, not against cheating. Loading a file deals the "
                          "cards you could not see anew, so an old file cannot be used to learn them.")

# The controls' label for the kind of game (the Voilà page's toggle needs none); the worker's note.
msg("controls.game", "Game")
msg("site.note.broken_save", "Your saved game could not be read ({why}). A new game was dealt.")

# `egonb play` (egonb/app/serve.py).
msg("cli.play", "Play Egocentric World against two Citybots (or Diverse City against 1-5 AI players) in your browser.")
msg("cli.play.port", "port on 127.0.0.1 (0 = any free port; a browser finds its saved game on the port it played on)")
msg("cli.play.open", "also open the page in your web browser")
msg("cli.play.game", "which game's page to serve")
msg("cli.play.serving", "egonb: serving {notebook} with Voilà — open http://127.0.0.1:{port}/ (Ctrl+C to stop)")
