"""The lessons' questions for ``games.ask``: predictions before a cell's result, and concept
questions. Each is written once, in both languages, in a module per game (``tictactoe.py``)::

    question("10.winner_moves", "10_tictactoe_1_env.ipynb",
             en="...?", ja="...？",
             choices=[("X", "X"), ("O", "O"), ("Nobody yet", "まだだれも")], answer="A",
             explain_en="...", explain_ja="...")

``choices``: a multiple-choice question, its options as (English, Japanese), answered with a letter
("A", "B", ...); without choices, a number question, ``answer`` the number (``tolerance`` how far
off still counts as right).
"""

import importlib
from dataclasses import dataclass

from ...messages import tr

QUESTION_MODULES = ("python_start", "scratch", "tictactoe", "connectfour", "othello", "minesweeper", "puyopuyo",
                    "tournament")
_QUESTIONS = {}


@dataclass(frozen=True)
class Question:
    key: str
    lesson: str  # the notebook's file name
    en: str
    ja: str
    choices: tuple  # ((en, ja), ...); () for a number question
    answer: object  # "B" or a number
    explain_en: str
    explain_ja: str
    tolerance: float = 0

    @property
    def text(self):
        return tr(en=self.en, ja=self.ja)

    @property
    def explanation(self):
        return tr(en=self.explain_en, ja=self.explain_ja)

    def options(self):
        """``[("A", text), ...]`` in the student's language."""
        return [(chr(ord("A") + i), tr(en=en, ja=ja)) for i, (en, ja) in enumerate(self.choices)]


def question(key, lesson, en, ja, answer, explain_en, explain_ja, choices=(), tolerance=0):
    """Add a question to the course (see the module's docstring)."""
    if choices and answer not in [chr(ord("A") + i) for i in range(len(choices))]:
        raise ValueError(f"question {key}: the answer {answer!r} is not one of the choices' letters")
    _QUESTIONS[key] = Question(key, lesson, en, ja, tuple(choices), answer, explain_en, explain_ja, tolerance)


def questions():
    """Every question of the course."""
    for module in QUESTION_MODULES:
        importlib.import_module(f"{__name__}.{module}")
    return dict(_QUESTIONS)
