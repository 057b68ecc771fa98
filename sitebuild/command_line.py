"""The command line of build.py: its options, its messages, and what it runs."""

import argparse
import sys
import textwrap

from .answer_key import default_folder
from .common import DEFAULT_OUTPUT, BuildError
from .pyodide_source import OFFICIAL_PYODIDE, choose_pyodide_source
from .serve import serve
from .steps import build_site

# The first line of `python build.py --help`.
DESCRIPTION = "Build the Game AI Lab site: a JupyterLite site that needs no other web server."


class ArgumentParser(argparse.ArgumentParser):
    def error(self, message):
        fail(f"{message}. Run `python build.py --help` to see the options.", code=2)


def parse_args(argv):
    parser = ArgumentParser(prog="build.py", description=DESCRIPTION)
    parser.add_argument("--output", default=str(DEFAULT_OUTPUT),
                        help="folder to write the site to (default: _output/)")
    parser.add_argument("--pyodide", metavar="PATH_OR_URL",
                        help="Pyodide distribution folder or URL (default: $PYODIDE_SOURCE, "
                             f"then ../shared/pyodide, then {OFFICIAL_PYODIDE})")
    parser.add_argument("--serve", action="store_true",
                        help="serve the site on 127.0.0.1 after building it")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    parser.add_argument("--no-solutions", dest="solutions", action="store_false",
                        help="leave the exercises' solutions out of the site: games.solution() says the "
                             "teacher holds them, the teachers' site has no page of them (hints stay); "
                             "the teacher's answer key is written beside the site (see --answer-key)")
    parser.add_argument("--answer-key", metavar="DIR",
                        help="folder for the teacher's answer key, answer-key.en.html and answer-key.ja.html: "
                             "every exercise's solution and every question's answer, to print and keep "
                             "(default with --no-solutions: the output folder's name + _teachers beside it, "
                             "e.g. _output_teachers/; it must be outside --output)")
    return parser.parse_args(argv)


def fail(message, code=1):
    print(textwrap.fill(f"build.py: {message}", width=100, break_long_words=False,
                        break_on_hyphens=False), file=sys.stderr)
    sys.exit(code)


def main(argv=None):
    args = parse_args(argv)
    source = choose_pyodide_source(args.pyodide)
    try:
        output = build_site(args.output, source, solutions=args.solutions, answer_key=args.answer_key)
        print(f"Built the site in {output} (Pyodide from {source}).", flush=True)
        if args.answer_key or not args.solutions:
            folder = args.answer_key or default_folder(output)
            print(f"The teacher's answer key (not in the site): {folder}", flush=True)
        if args.serve:
            serve(output, args.port)
    except BuildError as error:
        fail(error)

