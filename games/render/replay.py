"""``replay(frames)``: watch a recorded game as an animation with play / pause / step buttons.

The output carries its own few lines of JavaScript (no library), so it works offline
in JupyterLite and in classic Jupyter alike.
"""

import itertools
import json

from ..messages import tr
from .picture import Picture, escape

_counter = itertools.count()


# Inside <script>, "</script>", "<!--" and "<script" end or bend the script whatever the JSON says, and U+2028/9
# end a line in older JavaScript: written as \u escapes they are the same strings to JSON, and no markup.
_SCRIPT_SAFE = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026", 0x2028: "\\u2028",
                0x2029: "\\u2029"}


def script_json(value):
    """``value`` as JSON text that can stand inside an HTML ``<script>`` element as it is."""
    return json.dumps(value).translate(_SCRIPT_SAFE)


class Replay:
    """An HTML animation of board pictures. Jupyter shows it; ``.html`` is the HTML text."""

    def __init__(self, frames, captions=None, fps=2.0):
        frames = [frame.svg if isinstance(frame, Picture) else str(frame) for frame in frames]
        if not frames:
            raise ValueError(tr(en="replay() needs at least one frame (a board picture).",
                                ja="replay() には少なくとも 1 枚の盤面（画像）が必要です。"))
        if captions is None:
            captions = [tr(en="move {i} / {n}", ja="{i} / {n} 手目", i=i, n=len(frames) - 1)
                        for i in range(len(frames))]
        captions = [str(caption) for caption in captions]
        if len(captions) != len(frames):
            raise ValueError(tr(en="replay() got {f} frames but {c} captions: give one caption per frame.",
                                ja="replay() に渡された盤面は {f} 枚、説明文は {c} 個です。"
                                   "盤面 1 枚に説明文を 1 つずつ渡してください。",
                                f=len(frames), c=len(captions)))
        self.frames = frames
        self.captions = captions
        self.fps = float(fps)
        self.html = self._build()

    def _repr_html_(self):
        return self.html

    def _build(self):
        uid = f"games-replay-{next(_counter)}"
        labels = {"play": tr(en="▶ Play", ja="▶ 再生"), "pause": tr(en="⏸ Pause", ja="⏸ 一時停止"),
                  "prev": tr(en="◀ Back", ja="◀ 戻る"), "next": tr(en="Next ▶", ja="進む ▶")}
        data = script_json({"frames": self.frames, "captions": self.captions,
                            "delay": int(1000 / max(self.fps, 0.1)), "labels": labels})
        # The first frame is in the HTML itself, so the board shows even where scripts do not run.
        return f"""<div id="{uid}" class="games-replay">
<div class="frame">{self.frames[0]}</div>
<div style="margin-top:4px">
<button class="prev">{escape(labels['prev'])}</button>
<button class="play">{escape(labels['play'])}</button>
<button class="next">{escape(labels['next'])}</button>
<input class="slider" type="range" min="0" max="{len(self.frames) - 1}" value="0" style="vertical-align:middle">
<span class="caption">{escape(self.captions[0])}</span>
</div>
<script>
(function () {{
  const root = document.getElementById("{uid}");
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  const data = {data};
  const frame = root.querySelector(".frame"), caption = root.querySelector(".caption");
  const slider = root.querySelector(".slider"), play = root.querySelector(".play");
  let index = 0, timer = null;
  function show(i) {{
    index = Math.max(0, Math.min(data.frames.length - 1, i));
    frame.innerHTML = data.frames[index];
    caption.textContent = data.captions[index];
    slider.value = index;
  }}
  function stop() {{ clearInterval(timer); timer = null; play.textContent = data.labels.play; }}
  play.onclick = function () {{
    if (timer) {{ stop(); return; }}
    if (index >= data.frames.length - 1) show(0);
    play.textContent = data.labels.pause;
    timer = setInterval(function () {{
      if (index >= data.frames.length - 1) {{ stop(); return; }}
      show(index + 1);
    }}, data.delay);
  }};
  root.querySelector(".prev").onclick = function () {{ stop(); show(index - 1); }};
  root.querySelector(".next").onclick = function () {{ stop(); show(index + 1); }};
  slider.oninput = function () {{ stop(); show(parseInt(slider.value, 10)); }};
}})();
</script>
</div>"""


def replay(frames, captions=None, fps=2.0):
    """An animation of ``frames`` (pictures from ``env.render()``, or SVG text).

    ``captions`` (optional) is one line of text per frame; ``fps`` is frames per second.
    """
    return Replay(frames, captions=captions, fps=fps)
