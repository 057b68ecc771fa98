// Run bench/engines.py inside Pyodide under Node (the same WebAssembly Python as the site),
// to compare with the CPython figures. Arguments go to engines.py:
//
//     node bench/engines_pyodide.mjs --quick
//
// PYODIDE_DIR (default ../shared/pyodide beside the project) is an offline Pyodide folder
// with numpy. OpenSpiel does not exist there, so only our own rates are printed.
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || path.resolve(project, "..", "shared", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
await pyodide.loadPackage("numpy");

function copyInto(source, target) {  // the project files into Pyodide's own file system
  pyodide.FS.mkdirTree(target);
  for (const name of fs.readdirSync(source)) {
    if (name === "__pycache__") continue;
    const from = path.join(source, name), to = target + "/" + name;
    if (fs.statSync(from).isDirectory()) copyInto(from, to);
    else pyodide.FS.writeFile(to, fs.readFileSync(from));
  }
}
copyInto(path.join(project, "games"), "/home/pyodide/project/games");
copyInto(path.join(project, "bench"), "/home/pyodide/project/bench");

pyodide.globals.set("arguments", pyodide.toPy(process.argv.slice(2)));
pyodide.runPython(`
import runpy, sys
sys.argv = ["engines.py", *arguments]
runpy.run_path("/home/pyodide/project/bench/engines.py", run_name="__main__")
`);
