"""Benchmarks, each run as a script from the checkout's folder: ``python bench/NAME.py``.

Two modules here are not benchmarks but helpers that the tests import too:
site_browser.py (serve a built site, drive its notebooks in headless Chromium) and
connectfour_reference.py (the plain-loop Connect Four heuristic the fast one is checked against).
"""
