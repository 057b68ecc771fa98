"""The widget of ``games.play``: an anywidget that shows a controller's view and plays its events.

This module imports anywidget, so it is imported only by ``games.play`` (through
``loader.widget_class``): ``import games`` works without any widget library.
"""

from importlib import resources

import anywidget
import traitlets

from ..messages import tr


def _package_file(name):
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


class GameWidget(anywidget.AnyWidget):
    """A game board in the notebook. ``handle_event`` is what a click in the page calls."""

    _esm = _package_file("board.js")
    _css = _package_file("board.css")
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, controller, **kwargs):
        super().__init__(**kwargs)
        self.controller = controller
        self.version = 0
        self.on_msg(self._on_message)
        self._run(self.controller.advance, self.refresh)  # the AI moves first when first="ai"
        self.refresh()

    @property
    def env(self):
        """The game being played (an env of ``games.make``)."""
        return self.controller.env

    def _on_message(self, widget, content, buffers):
        self.handle_event(content)

    def handle_event(self, event):
        """Play one event from the page, such as ``{"event": "click", "target": 4}``; the AI
        answers; the page is updated after each move."""
        self._run(self.controller.handle, event)
        self._run(self.controller.advance, self.refresh)
        self.refresh()

    def _run(self, function, *args):
        # A message handler's exception would vanish into the kernel's log: show it instead.
        try:
            function(*args)
        except Exception as error:  # noqa: BLE001 - any bug in a handler is shown on the board instead
            self.controller.thinking = False
            self.controller.say(tr(en="Something went wrong: {kind}: {error}",
                                   ja="問題が起きました: {kind}: {error}",
                                   kind=type(error).__name__, error=error), "error")

    def refresh(self):
        """Send the view of the game as it is now to the page."""
        try:
            view = self.controller.view()
        except Exception as error:  # noqa: BLE001 - e.g. a Q agent that fails on this position
            self.controller.q_agent = None
            self.controller.say(tr(en="The Q-values cannot be shown: {kind}: {error}",
                                   ja="Q 値を表示できません: {kind}: {error}",
                                   kind=type(error).__name__, error=error), "error")
            view = self.controller.view()
        self.version += 1
        view["version"] = self.version
        self.view = view

    def __repr__(self):
        env = self.controller.env
        return "<games.play " + tr(en="{game!r}: {moves} moves, over={over}>", ja="{game!r}: {moves} 手、over={over}>",
                                   game=env.name, moves=self.controller.moves, over=env.terminated)
