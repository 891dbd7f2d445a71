"""`python -m egonb COMMAND …` is `egonb COMMAND …` (egonb.cli), for a machine where the script is not on the path."""

import sys

from .cli import main

sys.exit(main())
