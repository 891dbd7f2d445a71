"""The static site's landing page (egonb/site/landing.py): what the site holds and where to start."""

from .catalogue import msg

msg("landing.title", "egonb: play, learn and teach Egocentric World")
msg("landing.lead", "The card game <i>Egocentric World</i> in your browser: play it, learn its rules chapter by "
                    "chapter, and teach card-game AI with it. Everything runs in this page; nothing to install.")
msg("landing.play", "Play")
msg("landing.play.solo", "Solo against the two Citybots")
msg("landing.play.solo.about", "Keep the lowest total until someone reaches {end_score}. Difficulty 1 to 3.")
msg("landing.play.multi", "Against AI players")
msg("landing.play.multi.about", "You and three AI players, each deciding only from what its seat may know.")
msg("landing.play.city.about", "The second game on the same engine, you and 1 to 5 AI players.")
msg("landing.learn", "Learn")
msg("landing.learn.lab", "The tutorial in JupyterLab")
msg("landing.learn.lab.about", "The rules chapter by chapter, each with a live card table, in JupyterLab running in "
                               "this browser (the first visit downloads about 30 MB).")
msg("landing.learn.rules", "The rules")
msg("landing.learn.rules.about", "Egocentric World's rules, each with its id, as the engine implements them.")
msg("landing.teach", "Teach")
msg("landing.teach.classroom", "The classroom guide")
msg("landing.teach.classroom.about", "Assignments, an autograder and a class ladder for card-game AI.")
msg("landing.teach.toolkit", "The toolkit")
msg("landing.teach.toolkit.about", "Agents in a few lines, tournaments, Gymnasium, PettingZoo and OpenSpiel.")
msg("landing.read", "Read")
msg("landing.read.docs", "The documentation")
msg("landing.read.docs.about", "How to play, the tutorial with its outputs, the API reference and how egonb is "
                               "built.")
msg("landing.read.docs.translated.about", "The rules, the glossary and the tutorial with its outputs in this "
                                          "language, and the chapters and pages that exist only in English.")
#: Under a card of a translated front page that leads to a page in English only.
msg("landing.in_english", "In English.")
msg("landing.install", "On your own machine: <code>pip install egonb</code>, then <code>egonb play</code>.")
msg("landing.notice", "egonb is an unofficial implementation under the MIT licence. The game <i>Egocentric World</i>, "
                      "its name and its rules belong to Borderline Editions.")
msg("landing.version", "egonb {egonb} on Pyodide {pyodide}")
