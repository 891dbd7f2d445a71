"""The solo game as widgets (`import egonb.app`; plain `import egonb` never loads Jupyter).

    from egonb.app import SoloApp
    SoloApp()          # in a notebook: the table, controls, scores and log
"""

from .controller import SoloApp
from .table import CardTable

__all__ = ["CardTable", "SoloApp"]
