// Byte-compile the lab's pure-Python wheels for the runtime that will import them (egonb/site/lab.py): under Node,
// the site's own Pyodide compiles every module, so the kernel's first imports (IPython above all) skip compiling.
//     node lab_compile.mjs RUNTIME_DIR KEEP_WHEEL... -- BARE_WHEEL... (each wheel is rewritten in place)
// A KEEP wheel gets a __pycache__/*.pyc beside each source, unchecked-hash (used as it is; the source stays for
// tracebacks); a BARE wheel has each source replaced by its .pyc, as Pyodide ships its own packages.
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const [runtime, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(`${runtime}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
const compileWheel = pyodide.runPython(`
import importlib.util, io, site, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE = site.getsitepackages()[0]  # where the kernel unpacks the wheels: tracebacks name the files there

def compile_wheel(data, keep):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data.to_py())) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        names = set(zin.namelist())
        for info in zin.infolist():
            source = zin.read(info)
            module = info.filename.endswith(".py") and ".dist-info/" not in info.filename
            pyc = importlib.util.cache_from_source(info.filename) if keep else info.filename + "c"
            try:
                code = compile(source, f"{SITE}/{info.filename}", "exec", dont_inherit=True) if module and pyc not in names else None
            except SyntaxError:
                code = None  # a file the runtime never imports (another Python's code): left as source
            if keep or code is None:
                zout.writestr(info, source)
            if code is None:
                continue
            entry = zipfile.ZipInfo(pyc, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False)))
    return out.getvalue()

compile_wheel
`);
const bare = wheels.indexOf("--");
for (const [i, wheel] of wheels.entries()) {
  if (i === bare) continue;
  const compiled = compileWheel(new Uint8Array(readFileSync(wheel)), bare === -1 || i < bare);
  writeFileSync(wheel, compiled.toJs());
  compiled.destroy();
  console.log(basename(wheel));
}
