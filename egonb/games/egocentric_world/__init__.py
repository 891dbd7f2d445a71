"""Egocentric World (docs/RULES.md): its rules engine, rule variants, agents, search hints, encoder and page.

Importing it registers its record (`game.ENTRY`), and with it `Rules` with the game protocol; `import egonb` does.
Its configuration is named for what it holds, `Rules` (`rules.py`), where Diverse City's is `Config` (`config.py`).
"""

from . import game, variants  # noqa: F401  (the record, and the rule variants `Rules` asks for)
