"""The three assessment viewpoints (観点別評価) of a lesson, graded A, B or C from what the class view shows.

The class view shows, per student and lesson, the evidence columns named in ``EVIDENCE``; each lesson's guide
on the teachers' page gets a table of A/B/C criteria written in those same words, with the lesson's own counts
(its checks, its prediction questions, its other questions), so a teacher reads one vocabulary in both places.
What a number cannot say (is the reflection's reason sound?) the criteria leave to the teacher, and say so.
"""

# The class view's columns (lite/class-view.js takes them from the build): one wording for both pages.
EVIDENCE = {
    "en": {"passed": "Checks passed", "of": "Checks in all", "tries": "Failed tries (different code)",
           "hintsFirst": "Hints before the solution", "solution": "Solution seen",
           "predRight": "Predictions right", "predN": "Predictions answered",
           "predBefore": "Predictions before running",
           "conceptRight": "Questions right", "conceptN": "Questions answered",
           "goal": "Goal", "rating": "Self-rating", "line": "Reflection"},
    "ja": {"passed": "合格したチェック", "of": "チェックの数", "tries": "不合格（ちがうコード）",
           "hintsFirst": "答えの例の前のヒント", "solution": "答えの例を見た",
           "predRight": "予想の正解", "predN": "予想の数", "predBefore": "実行前の予想",
           "conceptRight": "問題の正解", "conceptN": "問題の数",
           "goal": "目標", "rating": "自己評価", "line": "ふりかえり"},
}

# The flags of the class view, as lite/lesson-summary.js decides them: the one wording, shown on the
# class view and meant for the teachers' page too.
FLAG_RULES = {
    "en": [
        "⚠ Stuck: an exercise's check failed on 3 or more different versions of the code and has never passed. "
        "A failure "
        "of the lesson's start, run unchanged, does not count, nor running a check again on code it already checked "
        "(Restart and Run All).",
        "⚠ Stuck: saw an exercise's solution and has not passed its check since.",
        "⚠ Stuck: rated an objective \u201cnot yet\u201d while a check of the lesson has not passed. "
        "A \u201cnot yet\u201d on a lesson whose checks all passed is shown in the Flag column, not flagged.",
        "◇ Silent (apart from stuck): opened the lesson more than 15 minutes before saving the work file, with no "
        "check, no answer and no reflection in it.",
        "\u201cMore than half\u201d counts only the students who opened the lesson.",
    ],
    "ja": [
        "⚠ つまずき: 練習問題のチェックに、ちがうコードで 3 回以上不合格で、まだ合格していない。"
        "レッスンの最初のコードをそのまま実行した不合格と、すでにチェックしたのと同じコードでもう一度実行したチェック（再起動してすべて実行など）は"
        "数えない。",
        "⚠ つまずき: 練習問題の答えの例を見て、そのあとチェックに合格していない。",
        "⚠ つまずき: 目標を「まだ」と自己評価し、合格していないチェックがある。チェックにすべて合格したレッスンの"
        "「まだ」は「しるし」の列に出すだけで、つまずきにはしない。",
        "◇ 手が止まっている（つまずきとは別）: レッスンを開いてから作業ファイルを保存するまで 15 分より長く、"
        "チェックも問題の答えもふりかえりもない。",
        "「半分より多く」は、そのレッスンを開いた生徒だけで数える。",
    ],
}

FLAG_MARKER = "<!-- flag rules -->"  # where the teachers' page lists FLAG_RULES

HEADING = {"en": "A, B, C from the class view", "ja": "観点別評価の A・B・C(クラスの様子から)"}
VIEWPOINTS = {"en": ("Knowledge and skills", "Thinking, judgement, expression", "Engaging in learning"),
              "ja": ("知識・技能", "思考・判断・表現", "主体的に学習に取り組む態度")}

# {kind of evidence: (A, B, C)}; {names} are EVIDENCE's words, {n} the lesson's count of that kind.
# Thinking asks for predictions made before running the cell (answering after seeing the result is not
# predicting); "answered" grades knowledge where a lesson has only predictions.
WORDING = {
    "en": {
        "checks": ("{passed} = {of} ({n}), and no {solution}", "all passed after a {solution}, or {passed} at least "
                   "half of {of}", "{passed} fewer than half of {of}"),
        "concepts": ("{conceptRight}: all {n}", "{conceptRight}: at least half of {n}",
                     "{conceptRight}: fewer than half of {n}"),
        "answered": ("{predN}: all {n}, and the {line} says what differed from the prediction and why (read it)",
                     "{predN}: all {n}", "{predN}: fewer than {n}"),
        "predictions": ("{predBefore}: all {n}, and the {line} says what differed from the prediction and why "
                        "(read it)", "{predBefore}: all {n}", "{predBefore}: fewer than {n} (? means not "
                        "recorded: then judge by {predN})"),
        "reflection": ("a {line} that gives a reason (read it)", "a {line}", "no {line}"),
        "engagement": ("{goal}, {rating} and {line} all given; {hintsFirst} when stuck (or no {solution} at all)",
                       "{goal} and {rating} given", "no {goal} or no {rating}"),
    },
    "ja": {
        "checks": ("{passed}が{of}と同じ({n})で、{solution}がない",
                   "{solution}のあとで全部合格、または{passed}が{of}の半分以上", "{passed}が{of}の半分未満"),
        "concepts": ("{conceptRight}が {n} 問すべて", "{conceptRight}が {n} 問の半分以上",
                     "{conceptRight}が {n} 問の半分未満"),
        "answered": ("{predN}が {n} 問すべてで、{line}に予想と結果のちがいとその理由が書けている(読んで判断)",
                     "{predN}が {n} 問すべて", "{predN}が {n} 問に満たない"),
        "predictions": ("{predBefore}が {n} 問すべてで、{line}に予想と結果のちがいとその理由が書けている(読んで判断)",
                        "{predBefore}が {n} 問すべて",
                        "{predBefore}が {n} 問に満たない(? は記録なし: そのときは{predN}で判断)"),
        "reflection": ("{line}に理由が書けている(読んで判断)", "{line}がある", "{line}がない"),
        "engagement": ("{goal}{rating}{line}がそろい、行きづまったときは{hintsFirst}がある({solution}がなくても A)",
                       "{goal}と{rating}がある", "{goal}か{rating}がない"),
    },
}


def criteria(language, checks, predictions, concepts):
    """The A/B/C table (markdown) of a lesson with ``checks`` exercises' checks, ``predictions`` prediction
    questions and ``concepts`` other questions."""
    quote = "「{}」" if language == "ja" else "\u201c{}\u201d"  # the class view's column names, as labels
    words, wording = {key: quote.format(name) for key, name in EVIDENCE[language].items()}, WORDING[language]

    def row(viewpoint, kind, n=0):
        cells = [text.format(n=n, **words) for text in wording[kind]]
        return f"| {viewpoint} | " + " | ".join(cells) + " |"

    knowledge, thinking, engaging = VIEWPOINTS[language]
    rows = [row(knowledge, "checks", checks) if checks else
            row(knowledge, "concepts", concepts) if concepts else row(knowledge, "answered", predictions),
            row(thinking, "predictions", predictions) if predictions else row(thinking, "reflection"),
            row(engaging, "engagement")]
    head = "| | A | B | C |" if language == "en" else "| 観点 | A | B | C |"
    return f"#### {HEADING[language]}\n\n{head}\n|---|---|---|---|\n" + "\n".join(rows) + "\n"


def lesson_criteria(lesson_file, language, exercises, questions):
    """criteria() for one lesson, counted from the course's exercises and questions."""
    checks = sum(1 for exercise in exercises if exercise.lesson == lesson_file)
    mine = [question for question in questions if question.lesson == lesson_file]
    predictions = sum(1 for question in mine if is_prediction(question))
    return criteria(language, checks, predictions, len(mine) - predictions)


def is_prediction(question):
    """A question asked before the cell whose result it predicts (its English text starts with "Predict")."""
    return question.en.lstrip().lower().startswith("predict")
