#!/usr/bin/env python3
"""Build the Game AI Lab site: a JupyterLite site that needs no other web server.

    python build.py                      # build into _output/
    python build.py --serve              # build, then serve on http://127.0.0.1:8000/
    python build.py --output DIR --pyodide PATH_OR_URL --port 8080

The steps live in sitebuild/, one module each; sitebuild/__init__.py lists them in order.
"""

from sitebuild.command_line import main

if __name__ == "__main__":
    main()
