"""Every notebook in content/ is valid, stored clean, opens with the Pyodide kernel, and the
English and Japanese versions of a lesson run the same code."""

import io
import tokenize

import nbformat
import pytest

from conftest import CONTENT, content_notebooks

LANGUAGE_LINE = "games.set_language"  # the one line the ja and en versions may differ by


def read(notebook):
    return nbformat.read(CONTENT / notebook, as_version=nbformat.NO_CONVERT)


# Python 3.12+ splits an f-string into tokens; older versions give one STRING token.
FSTRING_START, FSTRING_END = getattr(tokenize, "FSTRING_START", None), getattr(tokenize, "FSTRING_END", None)


def code_tokens(source):
    """The code of a cell as tokens, without comments, and each string (or run of strings) as "<string>".

    The languages may translate comments, docstrings and printed text, and break a comment
    over more lines; they may not change anything else.
    """
    tokens, fstring_depth = [], 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == FSTRING_START:
            fstring_depth += 1
        if fstring_depth or token.type == tokenize.STRING:
            if tokens[-1:] != ["<string>"]:  # "a" "b" and one translated "ab" are the same code
                tokens.append("<string>")
        elif token.type not in (tokenize.COMMENT, tokenize.NL):
            tokens.append(token.string)
        if token.type == FSTRING_END:
            fstring_depth -= 1
    return tokens


def code_without_language_lines(notebook):
    return [code_tokens("\n".join(line for line in cell.source.splitlines() if LANGUAGE_LINE not in line))
            for cell in read(notebook).cells if cell.cell_type == "code"]


def language_pairs():
    """(en/X, ja/X) for every X that exists in both folders."""
    return [(notebook, "ja/" + notebook[len("en/"):]) for notebook in content_notebooks()
            if notebook.startswith("en/") and (CONTENT / "ja" / notebook[len("en/"):]).exists()]


def test_there_are_notebooks():
    assert "en/00_welcome.ipynb" in content_notebooks()
    assert "ja/00_welcome.ipynb" in content_notebooks()


@pytest.mark.parametrize("notebook", content_notebooks())
def test_notebook_is_valid(notebook):
    nbformat.validate(read(notebook))


@pytest.mark.parametrize("notebook", content_notebooks())
def test_notebook_is_stored_without_outputs(notebook):
    for index, cell in enumerate(read(notebook).cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {index} has outputs: clear them before saving"
            assert cell.execution_count is None, f"cell {index} has an execution count"


@pytest.mark.parametrize("notebook", content_notebooks())
def test_notebook_opens_with_the_pyodide_kernel(notebook):
    """Another kernel name makes JupyterLite ask the student to pick a kernel."""
    kernelspec = read(notebook).metadata.get("kernelspec", {})
    assert kernelspec.get("name") == "python", (
        'set the notebook metadata "kernelspec" to {"name": "python", '
        '"display_name": "Python (Pyodide)", "language": "python"}')


@pytest.mark.parametrize("english, japanese", language_pairs())
def test_both_languages_run_the_same_code(english, japanese):
    assert code_without_language_lines(english) == code_without_language_lines(japanese)


def test_the_code_comparison_ignores_only_comments_and_string_contents():
    english = 'def f(x):\n    """Twice x."""\n    return 2 * x  # why\n\nprint(f"{f(1)} times", "done")\n'
    japanese = ('def f(x):\n    """x の 2 倍。"""\n    # 理由\n    # (2 行)\n    return 2 * x\n\n'
                'print(f"{f(1)} 回" "です", "おわり")\n')
    assert code_tokens(english) == code_tokens(japanese)
    assert code_tokens("print(f(1))") != code_tokens("print(f(2))")
    assert code_tokens("print('a', x)") != code_tokens("print('a' + x)")


def test_the_japanese_welcome_switches_the_language():
    sources = [cell.source for cell in read("ja/00_welcome.ipynb").cells if cell.cell_type == "code"]
    assert 'games.set_language("ja")' in sources[0]
