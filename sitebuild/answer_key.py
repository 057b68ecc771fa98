"""The teachers' answer key: every exercise's solution with why it works, and every question's
answer with its explanation, one printable HTML page per language.

``python build.py --no-solutions`` leaves the solutions out of the students' site; the teacher
still needs them, so the build writes this key *beside* the site, never into it
(``_output_teachers/answer-key.en.html`` next to ``_output/``, or ``--answer-key DIR``).
The page loads no file and links nowhere into the site: it can be printed, mailed or kept on a
school drive. Its text comes from where the lessons take theirs, so it never drifts:

- the exercises from ``games.checks`` (the solution files, and the last hint, a near-answer that
  says why the solution is right);
- the questions from ``games.learning_cycle.questions`` (answer, explain_en / explain_ja).

The teachers' page lists each lesson's questions with their answers from the same source
(``question_list``).
"""

import html
from pathlib import Path

from .common import BuildError

KEY_NAME = "answer-key.{language}.html"

WORDS = {
    "en": {"title": "Answer key (for the teacher only)",
           "note": "Every exercise's solution and every question's answer, lesson by lesson. Keep this page "
                   "away from students: it is not part of the students' site.",
           "count": "{exercises} exercises, {questions} questions.",
           "contents": "Contents", "questions": "Questions and their answers", "exercises": "Exercises",
           "answer": "Answer", "why": "Why", "why_works": "Why it works (its last hint)",
           "within": "{answer} (within {tolerance})", "lesson": "Lesson"},
    "ja": {"title": "解答集（先生用）",
           "note": "すべての練習問題の答えの例と、すべての問題の答えを、レッスンの順にまとめました。"
                   "生徒の目にふれないところに保管してください。生徒用のサイトには入っていません。",
           "count": "練習問題 {exercises} 個、問題 {questions} 問。",
           "contents": "目次", "questions": "問題と答え", "exercises": "練習問題",
           "answer": "答え", "why": "解説", "why_works": "なぜこれで正しいか（最後のヒント）",
           "within": "{answer}（±{tolerance} まで正解）", "lesson": "レッスン"},
}

STYLE = """
  body { margin: 0 auto; max-width: 900px; padding: 16px 24px 48px; color: #1d2330;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP",
      "Noto Sans JP", Meiryo, sans-serif; }
  h2 { border-top: 2px solid #1565c0; padding-top: 8px; margin-top: 28px; }
  .note { color: #5a6272; }
  pre { background: #f6f8fb; border: 1px solid #dde2ea; border-radius: 6px; padding: 8px; overflow-x: auto;
    font-size: 13px; }
  code { background: #f6f8fb; padding: 0 3px; }
  .right { font-weight: 700; }
  .question, .exercise { break-inside: avoid; margin-bottom: 12px; }
  @page { size: A4; margin: 14mm; }
  @media print { body { font-size: 10pt; } pre { white-space: pre-wrap; font-size: 8.5pt; }
    a { color: inherit; text-decoration: none; } .contents { display: none; } }
"""


def by_lesson(entries):
    """{notebook file name: [entry, ...]} in the entries' order."""
    grouped = {}
    for entry in entries:
        grouped.setdefault(entry.lesson, []).append(entry)
    return grouped


def course_questions():
    from games.learning_cycle.questions import questions  # here: only the teachers' pages need them
    return list(questions().values())


def course_exercises():
    from games.checks import exercises
    return exercises()


def with_code(text):
    """Text as HTML, its `code` in backticks shown as code."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{part}</code>" if i % 2 else part for i, part in enumerate(parts))


def answer_text(question, language):
    """The right answer as a teacher reads it: "B: <the choice>", or the number (with how far off
    still counts)."""
    if question.choices:
        index = ord(question.answer) - ord("A")
        return f"{question.answer}: {question.choices[index][0 if language == 'en' else 1]}"
    if question.tolerance:
        return WORDS[language]["within"].format(answer=question.answer, tolerance=question.tolerance)
    return str(question.answer)


def question_html(question, language):
    """One question: its text, its choices with the right one marked, the answer and why."""
    words = WORDS[language]
    text = question.en if language == "en" else question.ja
    explanation = question.explain_en if language == "en" else question.explain_ja
    choices = ""
    if question.choices:
        items = []
        for i, pair in enumerate(question.choices):
            letter = chr(ord("A") + i)
            right = ' class="right"' if letter == question.answer else ""
            mark = " ✓" if letter == question.answer else ""
            items.append(f"<li{right}>{with_code(pair[0 if language == 'en' else 1])}{mark}</li>")
        choices = f'<ol type="A">{"".join(items)}</ol>'
    return (f'<li class="question" id="{html.escape(question.key)}"><p><code>{html.escape(question.key)}</code> '
            f'{with_code(text)}</p>{choices}'
            f'<p><b>{words["answer"]}:</b> {with_code(answer_text(question, language))}</p>'
            f'<p><b>{words["why"]}:</b> {with_code(explanation)}</p></li>')


def question_list(lesson_file, language, questions=None):
    """The questions of one lesson with their answers, as HTML for the teachers' page ("" if none)."""
    questions = course_questions() if questions is None else questions
    mine = by_lesson(questions).get(lesson_file, [])
    if not mine:
        return ""
    items = "".join(question_html(question, language) for question in mine)
    return f'<ol class="questions">{items}</ol>'


def exercise_html(exercise, language):
    """One exercise: its solution, and the last hint, which says why the solution is right."""
    hint = exercise.hints[-1].en if language == "en" else exercise.hints[-1].ja
    return (f'<div class="exercise" id="{html.escape(exercise.key)}"><h4><code>{html.escape(exercise.name)}'
            f'</code></h4><pre><code>{html.escape(exercise.solution_in(language))}</code></pre>'
            f'<p><b>{WORDS[language]["why_works"]}:</b> {with_code(hint)}</p></div>')


def answer_key_page(lessons, language, exercises=None, questions=None):
    """The whole key in one language: a self-contained HTML page."""
    words = WORDS[language]
    exercises = course_exercises() if exercises is None else exercises
    questions = course_questions() if questions is None else questions
    exercises_of, questions_of = by_lesson(exercises), by_lesson(questions)
    contents, sections = [], []
    for lesson in lessons:
        name = Path(lesson.path).name
        mine, asked = exercises_of.get(name, []), questions_of.get(name, [])
        if not mine and not asked:
            continue
        anchor = f"lesson-{lesson.number}"
        title = f"{lesson.number} {html.escape(lesson.title)}"
        contents.append(f'<li><a href="#{anchor}">{title}</a></li>')
        parts = [f'<section class="lesson" id="{anchor}"><h2>{title}</h2>']
        if asked:
            parts.append(f'<h3>{words["questions"]}</h3>'
                         f'<ol class="questions">{"".join(question_html(q, language) for q in asked)}</ol>')
        if mine:
            parts.append(f'<h3>{words["exercises"]}</h3>' + "".join(exercise_html(e, language) for e in mine))
        sections.append("".join(parts) + "</section>")
    count = words["count"].format(exercises=len(exercises), questions=len(questions))
    return f"""<!DOCTYPE html>
<html lang="{language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Game AI Lab: {html.escape(words["title"])}</title>
<style>{STYLE}</style></head>
<body>
<h1>Game AI Lab: {html.escape(words["title"])}</h1>
<p class="note">{html.escape(words["note"])} {html.escape(count)}</p>
<nav class="contents"><h2>{words["contents"]}</h2><ol>{"".join(contents)}</ol></nav>
{chr(10).join(sections)}
</body>
</html>
"""


def default_folder(output):
    """Where the key goes by default: a folder beside the site, ``<site>_teachers``."""
    output = Path(output).resolve()
    return output.parent / f"{output.name}_teachers"


def check_outside(folder, output):
    """The key must never be published with the students' site."""
    folder, output = Path(folder).resolve(), Path(output).resolve()
    if folder == output or output in folder.parents:
        raise BuildError(f"The answer key would go into the students' site ({folder} is inside {output}): "
                         "give --answer-key a folder outside --output.")


def write_answer_keys(folder, lessons):
    """answer-key.en.html and answer-key.ja.html in ``folder``; returns their paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    exercises, questions = course_exercises(), course_questions()
    written = []
    for language, members in lessons.items():
        path = folder / KEY_NAME.format(language=language)
        path.write_text(answer_key_page(members, language, exercises, questions), encoding="utf-8")
        written.append(path)
    return written
