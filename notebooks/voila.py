# Voilà reads this file, with voila.json, from the folder it serves (egonb/app/serve.py runs it there).
from egonb.app.serve import set_xsrf_cookie

c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie  # noqa: F821 - `c` is the config Voilà passes in
