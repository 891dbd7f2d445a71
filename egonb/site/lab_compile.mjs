// Byte-compile the lab's pure-Python wheels for the runtime that will import them (egonb/site/lab.py): under Node,
// the site's own Pyodide adds to each wheel a __pycache__/*.pyc of every module, unchecked-hash (used as it is, with
// the source kept beside it for tracebacks), so the kernel's first imports (IPython above all) skip compiling.
//     node lab_compile.mjs RUNTIME_DIR WHEEL... (each wheel is rewritten in place)
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const [runtime, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(`${runtime}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
const compileWheel = pyodide.runPython(`
import importlib.util, io, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_wheel(data):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data.to_py())) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        names = set(zin.namelist())
        for info in zin.infolist():
            source = zin.read(info)
            zout.writestr(info, source)
            if not info.filename.endswith(".py") or ".dist-info/" in info.filename:
                continue
            pyc = importlib.util.cache_from_source(info.filename)
            if pyc in names:
                continue
            try:
                code = compile(source, info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                continue  # a file the runtime never imports (another Python's code): left as source
            entry = zipfile.ZipInfo(pyc, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(entry, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False)))
    return out.getvalue()

compile_wheel
`);
for (const wheel of wheels) {
  const compiled = compileWheel(new Uint8Array(readFileSync(wheel)));
  writeFileSync(wheel, compiled.toJs());
  compiled.destroy();
  console.log(basename(wheel));
}
