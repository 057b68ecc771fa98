"""The form that ``games.plan``, ``games.ask`` and ``games.reflect`` show: an anywidget that draws
the fields it is given (``form.js``) and sends the answers back to ``answer(values)``, a Python
function that checks and records them and returns what to say.

This module imports anywidget, so only ``show_form`` imports it, on first use (in the site the
widget library is loaded from the site, as for ``games.play``).
"""

from importlib import resources

import anywidget
import traitlets

from ..messages import tr


def _package_file(name):
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


class FormWidget(anywidget.AnyWidget):
    """A form in the notebook. ``spec``: ``{"form", "fields": [{"name", "kind": "choice" |
    "number" | "text", "label", "options": [{"value", "label"}]}], "submit"}``."""

    _esm = _package_file("form.js")
    _css = _package_file("form.css")
    spec = traitlets.Dict().tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    state = traitlets.Unicode("").tag(sync=True)  # "", "problem", "right", "wrong", "saved"

    def __init__(self, spec, answer, **kwargs):
        super().__init__(spec=spec, **kwargs)
        self.answer = answer
        self.on_msg(self._on_message)

    def _on_message(self, widget, content, buffers):
        if isinstance(content, dict) and content.get("event") == "submit":
            self.submit(content.get("values") or {})

    def submit(self, values):
        """Check and record ``values`` (``{field name: text}``), as the page's button does."""
        try:
            self.state, self.feedback = self.answer(values)
        except Exception as error:  # noqa: BLE001 - a message handler's error would vanish: show it
            self.state, self.feedback = "problem", tr(en="Something went wrong: {error}",
                                                      ja="問題が起きました: {error}", error=error)
