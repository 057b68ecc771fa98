// Run bench/dqn.py inside Pyodide under Node (the WebAssembly Python of the site):
//
//     node bench/dqn_pyodide.mjs speed      (bench/dqn.py pyodide runs this and prints the ratio)
//
// PYODIDE_DIR (default ../shared/pyodide beside the project) is an offline Pyodide folder with numpy.
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.PYODIDE_DIR || path.resolve(project, "..", "shared", "pyodide");
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
await pyodide.loadPackage("numpy", { messageCallback: () => {} });

// The project's folders, mounted read-only as they are (no copy): Node's file system inside Pyodide.
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: project }, "/project");

pyodide.globals.set("arguments", pyodide.toPy(process.argv.slice(2)));
pyodide.runPython(`
import runpy, sys
sys.dont_write_bytecode = True
sys.argv = ["dqn.py", *arguments]
runpy.run_path("/project/bench/dqn.py", run_name="__main__")
`);
