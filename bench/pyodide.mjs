// Run a Python script of this project inside Pyodide under Node (the WebAssembly Python of the site):
//
//     node bench/pyodide.mjs bench/dqn.py speed
//
// Pyodide under Node times the same as in the browser. The project folder is mounted at /project
// (read-write: a script may leave files for the CPython side to read). PYODIDE_DIR (default
// ../shared/pyodide beside the project) is an offline Pyodide folder with numpy.
import path from "path";
import { fileURLToPath } from "url";

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || path.resolve(project, "..", "shared", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
await pyodide.loadPackage("numpy", { messageCallback: () => {} });

pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: project }, "/project");

const [script, ...rest] = process.argv.slice(2);
pyodide.globals.set("script_path", "/project/" + path.relative(project, path.resolve(script)));
pyodide.globals.set("arguments", pyodide.toPy(rest));
try {
  pyodide.runPython(`
import os, runpy, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/project")
sys.argv = [script_path, *arguments]
os.chdir("/project")
runpy.run_path(script_path, run_name="__main__")
`);
} catch (error) {
  console.error(error.message);  // the Python traceback alone, not Pyodide's whole source
  process.exit(1);
}
