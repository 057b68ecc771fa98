"""Step 10 (with the pages): the Japanese of the Notebook app completed, for the lessons' pages.

The Japanese language pack (requirements.txt) translates JupyterLab, whose strings its "jupyterlab"
domain holds; the lessons open in the Notebook app, which asks its own "notebook" domain, nearly
empty in the pack: its header showed "Last Checkpoint" and "Not Trusted" beside Japanese menus.
The site fills that domain: with the pack's own words where JupyterLab has the same string, and
with OUR_JAPANESE for the few that only the Notebook app has. Nothing the pack translates is
changed. JupyterLite's own commands ask for a "jupyterlite" domain, which the pack lacks too
(File → Download and the file list's Download showed in English): it gets the pack's JupyterLab
words the same way. check_site (step 12) says what to install when the pack is missing.
"""

import json
import re

DOMAIN = "notebook"
LITE_DOMAIN = "jupyterlite"
TRANSLATIONS = ("api", "translations", "ja_JP.json")
# The scripts that use a domain's strings, by what they hold: `<translator>.__("...")` after
# `.load("notebook")`; JupyterLite's keep the name in a variable (`let E="jupyterlite"`, then `.load(E)`).
ASKS_FOR = {DOMAIN: f'.load("{DOMAIN}")', LITE_DOMAIN: f'"{LITE_DOMAIN}"'}
MESSAGE = re.compile(r'\.__\("((?:[^"\\]|\\.)*)"[,)]')

# What the Notebook app shows of its own, in the words of the pack where it has them nearby
# ("名前を変更", "開く", "サイドバー").
OUR_JAPANESE = {
    "Trusted": "信頼済み",
    "Not Trusted": "信頼されていません",
    "New": "新規",
    "Files": "ファイル",
    "Open…": "開く…",
    "Rename…": "名前を変更…",
    "An error occurred while renaming the file.": "ファイルの名前を変更しているときにエラーが起きました。",
    "Show Header": "ヘッダーを表示",
    "Toggle Zen Mode": "Zen モードの切り替え",
    "Left Sidebar": "左のサイドバー",
    "Right Sidebar": "右のサイドバー",
    "Show %1 in the left sidebar": "%1 を左のサイドバーに表示",
    "Show %1 in the right sidebar": "%1 を右のサイドバーに表示",
    "Show %1 in the sidebar": "%1 をサイドバーに表示",
    "Collapse side panel": "サイドパネルを閉じる",
    "Collapse %1 side panel": "%1 のサイドパネルを閉じる",
    "Open JupyterLab": "JupyterLab を開く",
    "Enable Full Width Notebook": "ノートブックを横幅いっぱいに表示",
    "Edit Notebook Metadata": "ノートブックのメタデータを編集",
    "JavaScript enabled for notebook display": "ノートブックの表示に JavaScript を使えます",
    "JavaScript disabled for notebook display": "ノートブックの表示に JavaScript は使えません",
    "Select items to perform actions on them.": "操作する項目を選んでください。",
}


def complete_japanese(site):
    """Fill the Notebook app's and JupyterLite's domains of the site's Japanese (see above);
    returns how many strings were added (0 when the site has no Japanese)."""
    path = site.joinpath(*TRANSLATIONS)
    if not path.is_file():
        return 0
    pack = json.loads(path.read_text(encoding="utf-8"))
    domains = pack.get("data", {})
    lab = domains.get("jupyterlab", {})
    if not lab:
        return 0
    added = 0
    for name in ASKS_FOR:
        domain = domains.setdefault(name, {})
        domain.setdefault("", {**lab.get("", {}), "domain": name})
        for message in sorted(notebook_messages(site, name)):
            if message not in domain and message in lab:
                domain[message] = lab[message]
                added += 1
    notebook = domains[DOMAIN]
    for message, japanese in OUR_JAPANESE.items():
        if message not in notebook:
            notebook[message] = [japanese]
            added += 1
    path.write_text(json.dumps(pack, ensure_ascii=False, indent=2, sort_keys=True), encoding="utf-8")
    return added


def notebook_messages(site, domain=DOMAIN):
    """The strings that the scripts asking for ``domain`` (the Notebook app's) translate."""
    messages = set()
    for script in (site / "build").glob("*.js"):
        text = script.read_text(encoding="utf-8")
        if ASKS_FOR[domain] in text:
            messages |= {message for found in MESSAGE.findall(text) if (message := js_string(found))}
    return messages


def js_string(body):
    """The text of a JavaScript string literal's body; None for one with escapes that JSON
    lacks (such as \\xa9): no message of the pack is written that way."""
    try:
        return json.loads(f'"{body}"')
    except ValueError:
        return None
