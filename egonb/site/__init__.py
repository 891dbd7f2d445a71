"""The static edition: the Voilà page's games (Egocentric World solo or multiplayer, Diverse City) on Pyodide in a
Web Worker, served by any static host (`egonb site build`).

`build` writes the site; `host` is the Python that runs in the browser: the Voilà app's `GameSession` over the
browser's storage, or Diverse City's `DCSession`. It imports neither numpy nor Jupyter's widgets, so a wheel
unpacked into Pyodide's site-packages is all it needs.
"""
