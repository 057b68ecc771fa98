"""The build of the Game AI Lab site (`python build.py`), one module per step. The steps, in
the order steps.build_site runs them:

 1. pyodide_source      find the Pyodide distribution (a folder or a URL), read its lock, add the
                        pinned PyPI wheels it lacks
 2. games_wheel         build the `games` wheel from this repository, with every lesson's facts
                        (games.plan reads them), without the solutions under --no-solutions
 3. packages            which Pyodide packages the site needs (the kernel's, numpy, the wheel's
                        dependencies, the widget library, and what those depend on)
 4. lite_folder         the folder jupyter lite build reads: our settings, the kernel's and the
                        widgets' lab extensions
 5. bundle              copy those packages' files into it, checking each sha256; leave out
                        IPython's terminal; add our wheels (games, the kernel's)
 6. bytecode            compile what a kernel and the lessons import, with Pyodide in Node.js
                        (compile.mjs runs compile_in_pyodide.py)
 7. site_lock           the site's pyodide-lock.json
 8. course              copy content/, each lesson ending with a link to the next one
 9. lite_build          jupyter lite build
10. pages               the page's language, the loading notice and the lesson page's extras in
                        every page; favicon
11. course, class_view  the start page with the course map, the teachers' pages, a page for each
                        folder of the file list, a 404 page; the teachers' class view (students'
                        work files read in the teacher's browser); --no-solutions: no solutions page
    - csp               the Content-Security-Policy (requests to the site's own origin only) in
                        every page, the service worker's answers to worker scripts, `_headers`
12. checks              that the site needs no other web server, and has JupyterLab's Japanese
13. precompress         a Brotli copy of every text, wasm and JSON file

and around them:

- steps                 build_site: those steps, in a temporary folder moved into place at the end
- patches               every change to upstream code (the kernel's worker in step 4, IPython in
                        step 5, JupyterLab and the service worker in step 10), each with the
                        upstream version it matches
- translations          the Japanese of the Notebook app where the language pack lacks it (step 10)
- common, kernel        what the steps share; the Pyodide kernel and what it loads at start
- lesson_facts          a lesson's facts (minutes, objectives, needs) from its notebook's metadata,
                        and what a student reads of it (steps 2, 8 and 11 read them)
- lesson_minutes        the model a lesson's minutes come from (`python -m sitebuild.lesson_minutes
                        --write NN` sets them, and the teachers' notes on them)
- answer_key            the teacher's answer key, written beside the site (step 11, --no-solutions)
- viewpoints            what the class view shows and flags, in one wording: its columns, its stuck
                        and silent rules, and each lesson's A/B/C criteria of 観点別評価 (step 11)
- serve                 `python build.py --serve`: the site on 127.0.0.1, Brotli or gzip
- command_line          the options of build.py
"""
