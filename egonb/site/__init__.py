"""The static edition: the solo game on Pyodide in a Web Worker, served by any static host (`egonb site build`).

`build` writes the site; `session` and `host` are the Python that runs in the browser. They import neither
numpy nor Jupyter's widgets, so a wheel unpacked into Pyodide's site-packages is all they need.
"""
