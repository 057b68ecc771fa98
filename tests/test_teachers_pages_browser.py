"""The teachers' pages in Chromium: the table of contents leads to each lesson's guide and to its
page of its own, and printed, each lesson starts a new sheet (its own page prints from the top)."""

import pytest

from bench.site_browser import REPORTS

pytestmark = pytest.mark.browser

BREAK_BEFORE = "selector => getComputedStyle(document.querySelector(selector)).breakBefore"


def test_the_contents_lead_to_each_lessons_guide_and_its_own_page(page, site_url):
    page.goto(f"{site_url}teachers/ja/")
    contents = page.locator("nav.contents")
    assert contents.locator("a[href='#lesson-10']").count() == 1
    contents.locator("a[href='#lesson-10']").click()
    assert page.url.endswith("#lesson-10")
    assert page.locator("#lesson-10").is_visible() and page.locator("#lesson-10 [id='10.lines']").count() == 1
    page.emulate_media(media="print")
    assert page.evaluate(BREAK_BEFORE, "#lesson-10") == "page"
    page.emulate_media(media="screen")

    contents.locator("a[href='10/']").click()
    page.wait_for_url("**/teachers/ja/10/")
    assert "レッスン 10" in page.locator("h3").first.inner_text()
    assert page.locator("li.question").count() == 3  # 10.who_wins, 10.taken_square, 10.lines
    # the guide's tables wrap: nothing runs past a Chromebook's screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    REPORTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(REPORTS / "teachers-lesson-10-ja.png"), full_page=True)
    page.emulate_media(media="print")
    assert page.evaluate(BREAK_BEFORE, "#lesson-10") == "auto"  # its own page prints from the first sheet
    page.emulate_media(media="screen")
    page.click("a[rel='next']")
    page.wait_for_url("**/teachers/ja/11/")
    page.click("a[href='../']")
    page.wait_for_url("**/teachers/ja/")
    assert not page.failed, page.failed
