"""Run pytest inside Pyodide (the site's Python), under Node: tests/test_pyodide.py starts it as

    node bench/pyodide.mjs tests/pytest_in_pyodide.py SITE_PACKAGES PYTEST_ARGUMENTS...

SITE_PACKAGES is a folder inside the project holding pytest's pure-Python source (and its
dependencies), copied there from the CPython that runs the tests: the offline Pyodide has no
pytest. The project's conftest.py is not loaded (it imports the site's build and the browser
helpers); of its fixtures, the tests run here need only ``english``, defined again below.
"""

import sys

site_packages, *arguments = sys.argv[1:]
sys.path.insert(0, site_packages)

import pytest  # noqa: E402 - from the folder just added


class Fixtures:
    @pytest.fixture(autouse=True)
    def english(self):
        """As in conftest.py: every test starts in English, whatever language the one before chose."""
        from games.messages import set_language
        set_language("en")
        yield
        set_language("en")


code = pytest.main(["--noconftest", "-p", "no:cacheprovider", *arguments], plugins=[Fixtures()])
if code != 0:
    raise SystemExit(f"pytest in Pyodide: exit code {int(code)}")
