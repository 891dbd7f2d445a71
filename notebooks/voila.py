# Voilà reads this file, with voila.json, from the folder it serves (egonb/app/serve.py runs it there).
from egonb.app.serve import set_xsrf_cookie

c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie  # noqa: F821 - `c` is the config Voilà passes in
# After a cell's reply, wait up to 60 s (not nbclient's 4 s) for its output: on a busy server the table's
# display message can come later, and a page whose output was given up on shows no table at all.
c.VoilaExecutor.iopub_timeout = 60  # noqa: F821
