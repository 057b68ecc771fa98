"""English sentences in what a notebook shows: the check that a Japanese lesson's outputs are Japanese.

A sentence is a run of at least MIN_WORDS English words on one line of shown text. Numbers,
code (``random_agent``, ``seed=0``, ``Record(...)``), names in capitals or camelCase (DQN,
ReLU, DQNAgent), single letters (the sides X, O, A and B; x and y) but "a" and "I", and the
names in ALLOWED are skipped without ending the run: "reward: 1  game over: True" is a run of
three words; so is a quoted string of code, such as a dict's key ('chain': 1). Japanese text,
an arrow (y ◄── Square ◄── x: a chain of names) and a line's end do end a run. After the name of one of Python's own
exceptions (ValueError, IndexError, ...) the rest of the line is Python's message, in English
everywhere (a check that reports a student's error quotes it, and the line of code).

What is shown of an output is what JupyterLab shows: its richest kind (SHOWN_FIRST), and of
HTML and SVG the text a student can read: text nodes, the titles and labels that a pointer or a
screen reader gives, and the strings inside a script (a replay's captions live there).
"""

import builtins
import json
import re
from html.parser import HTMLParser

MIN_WORDS = 3

# JupyterLab's order of preference for an output's kinds (the widget view first).
SHOWN_FIRST = ("application/vnd.jupyter.widget-view+json", "application/javascript", "text/html",
               "text/markdown", "text/latex", "image/svg+xml", "image/png", "image/jpeg", "image/gif",
               "text/plain")
READ_AS_MARKUP = ("text/html", "image/svg+xml")
READ_AS_TEXT = ("text/markdown", "text/plain")

# Words that are the same in a Japanese lesson: the games' names, units and the site's name.
ALLOWED = {"tictactoe", "tic-tac-toe", "connectfour", "connect", "four", "othello", "minesweeper",
           "puyopuyo", "puyo", "python", "numpy", "ms", "px", "vs", "true",
           "false", "none", "nan", "inf"}

WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
ARROW = re.compile(r"[\u2190-\u21ff\u2500-\u257f\u25c0-\u25c4\u25b6-\u25ba<>=-]+")
QUOTED = re.compile(r"""(['"]).*\1[:,]?""")
EDGE_PUNCTUATION = ".,:;!?()[]{}<>\"'“”‘’«»|…*"
LABEL_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")
SCRIPT_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
PYTHONS_OWN_ERRORS = {name for name, value in vars(builtins).items()
                      if isinstance(value, type) and issubclass(value, BaseException)}


def english_sentences(text, min_words=MIN_WORDS):
    """The English sentences (runs of min_words or more English words) in plain ``text``."""
    found = []
    for line in text.replace("\r", "\n").splitlines():
        run = []
        for token in line.split() + [None]:  # None: the line's end
            kind = token_kind(token)
            if kind == "word":
                run.append(token.strip(EDGE_PUNCTUATION))
            elif kind in ("ends", "python"):
                if len(run) >= min_words:
                    found.append(" ".join(run))
                run = []
                if kind == "python":
                    break
    return found


def token_kind(token):
    """"word" (an English word), "ends" (ends a run: Japanese, or the line's end), "python" (the
    name of one of Python's exceptions: the rest of the line is its message) or "skip"."""
    if token is None or JAPANESE.search(token) or ARROW.fullmatch(token):
        return "ends"
    if QUOTED.fullmatch(token):
        return "skip"  # a string of code: 'chain':
    bare = token.strip(EDGE_PUNCTUATION)
    if bare in PYTHONS_OWN_ERRORS:
        return "python"
    if not WORD.fullmatch(bare) or bare.lower() in ALLOWED:
        return "skip"
    if len(bare) == 1 and bare not in ("a", "I"):
        return "skip"  # a side (X, O, A, B) or a variable (x, y)
    if any(c.isupper() for c in bare[1:]):
        return "skip"  # DQN, ReLU, DQNAgent: a name, not a sentence
    return "word"


class ShownText(HTMLParser):
    """The text a student can read in HTML or SVG, one piece a line."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces, self.in_script, self.in_style = [], False, False

    def handle_starttag(self, tag, attrs):
        self.in_script |= tag == "script"
        self.in_style |= tag == "style"
        self.pieces += [value for name, value in attrs if name in LABEL_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            return
        if not self.in_script:
            self.pieces.append(data)
            return
        for literal in SCRIPT_STRING.findall(data):  # a replay's captions and its frames' SVG
            try:
                string = json.loads(literal)
            except ValueError:
                continue
            self.pieces += shown_text_of_markup(string) if "<" in string else [string]


def shown_text_of_markup(markup):
    parser = ShownText()
    parser.feed(markup)
    parser.close()
    return parser.pieces


def shown_text(output):
    """What a student reads of one notebook output, as a list of texts."""
    kind = output.get("output_type")
    if kind == "stream":
        return [output.get("text", "")] if output.get("name") == "stdout" else []
    if kind == "error":
        return [f"{output.get('ename', '')}: {output.get('evalue', '')}"]
    data = output.get("data", {})
    shown = next((mime for mime in SHOWN_FIRST if mime in data), None)
    value = data.get(shown, "")
    value = "".join(value) if isinstance(value, list) else value
    if shown in READ_AS_MARKUP:
        return shown_text_of_markup(value)
    if shown in READ_AS_TEXT:
        return [value]
    return []


def english_in_outputs(cell_index, outputs):
    """Each English sentence in a cell's outputs, as a readable line (empty when there is none)."""
    return [f"cell {cell_index}: {sentence!r}"
            for output in outputs for text in shown_text(output) for sentence in english_sentences(text)]
