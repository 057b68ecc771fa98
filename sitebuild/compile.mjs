// Node.js side of the bytecode step (sitebuild/bytecode.py): start Pyodide from the bundle with
// every site package, run compile_in_pyodide.py in it, import what a kernel and the lessons
// import, then compile each archive in place. Its one argument is the job file (JSON) that
// bytecode.py writes; it prints one JSON line: {"compiled": [file, ...]} or {"error": "..."}.
import fs from "node:fs";
import path from "node:path";
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(path.join(job.pyodide, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL: job.pyodide + "/", packageBaseUrl: job.pyodide + "/",
  lockFileContents: JSON.stringify(job.lock),
  packages: Object.keys(job.lock.packages), stdout: () => {}, stderr: () => {},
  // no column ranges: sourceless modules cannot show them, and they make bytecode 20% larger
  env: { HOME: "/home/pyodide", PYTHONNODEBUGRANGES: "1" },
});
try {
  pyodide.runPython(job.compiler);
  const inUse = pyodide.globals.get("files_in_use")(pyodide.toPy(job.kernel_imports),
                                                   pyodide.toPy(job.lesson_imports));
  const compileArchive = pyodide.globals.get("compile_archive");
  const compiled = [];
  for (const archive of job.archives) {
    const file = path.join(job.pyodide, archive.file);
    pyodide.FS.writeFile("/tmp/archive.zip", fs.readFileSync(file));
    if (compileArchive("/tmp/archive.zip", archive.kind, archive.keep_source, inUse)) {
      fs.writeFileSync(file, pyodide.FS.readFile("/tmp/archive.zip"));
      compiled.push(archive.file);
    }
  }
  console.log(JSON.stringify({ compiled }));
} catch (error) {  // the last line of a Python error says what went wrong
  console.log(JSON.stringify({ error: String(error.message).trim().split("\n").pop() }));
  process.exitCode = 1;
}
