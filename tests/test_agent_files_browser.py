"""Agent files in the built site (headless Chromium, the Pyodide kernel), the way a class uses them: a
student saves an agent in a lesson and downloads it from the file list; the teacher uploads files with
the file list's Upload button, and a lesson loads them and they play.

Both ways go through JupyterLite's own storage (the kernel writes the file into the browser's storage;
the uploader stores a binary file as base64): the bytes must arrive whole, or the checksum says so.
"""

import re

import pytest

import games
from bench.site_browser import ADD_CELL_JS, new_context, run_cell, wait_for_kernel
from games import dqn

pytestmark = pytest.mark.browser


def handed_in(env):
    """A student's agent: the lowest legal column."""
    return min(env.legal_actions())


def test_uploaded_agent_files_load_and_play_in_the_site(browser, site_url, tmp_path):
    games.save_agent(handed_in, tmp_path / "aiko.agent", name="Aiko", game="connectfour")
    games.save_agent(dqn.DQNAgent("connectfour", seed=1, hidden=(8,)), tmp_path / "kenji.agent", name="Kenji")
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{site_url}tree/en/tournament/")
        upload = page.get_by_title(re.compile("Upload Files", re.I)).first
        upload.wait_for(timeout=60_000)
        with page.expect_file_chooser() as chooser:
            upload.click()
        chooser.value.set_files([str(tmp_path / "aiko.agent"), str(tmp_path / "kenji.agent")])
        for name in ("aiko.agent", "kenji.agent"):
            page.get_by_text(name, exact=True).first.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)  # the upload is saved to the browser's storage

        page.goto(f"{site_url}notebooks/index.html?path=en/00_welcome.ipynb")
        wait_for_kernel(page)
        source = ("import games\n"
                  "agents = games.load_agents('tournament', game='connectfour')\n"
                  "env = games.make('connectfour')\n"
                  "env.reset(seed=0)\n"
                  "print(sorted(agents), agents['Aiko'](env), type(agents['Kenji']).__name__)\n"
                  "def highest(env):\n"
                  "    return max(env.legal_actions())\n"
                  "games.save_agent(highest, 'tournament/ben.agent', name='Ben', game='connectfour')")
        result = run_cell(page, page.evaluate(ADD_CELL_JS, source), timeout=120)
        text = "".join(output.get("text", "") for output in result["outputs"])
        assert "['Aiko', 'Kenji'] 0 DQNAgent" in text, result["outputs"]
        assert "written by Aiko" in text  # loading a function agent says who wrote it
        page.wait_for_timeout(1000)  # the kernel's file reaches the browser's storage

        page.goto(f"{site_url}tree/en/tournament/")
        page.get_by_text("ben.agent", exact=True).first.click(button="right")
        with page.expect_download() as download:
            page.get_by_role("menuitem", name=re.compile("^Download")).first.click()
        download.value.save_as(tmp_path / "downloaded.agent")
        ben = games.load_agent(tmp_path / "downloaded.agent", game="connectfour")
        env = games.make("connectfour")
        env.reset(seed=0)
        assert ben.name == "Ben" and ben(env) == 6  # the student's function, whole, back on CPython
    finally:
        context.close()
