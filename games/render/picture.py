"""``Picture``: an SVG image that Jupyter shows, plus tiny helpers to write SVG."""


def escape(text):
    """``text`` made safe to put inside SVG or HTML: what ``html.escape`` does. The ``html``
    module is not imported because it loads a table of 2,000 named characters, about 50 ms
    at each start of a lesson in the browser."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


class Picture:
    """An SVG picture. Jupyter draws it; ``.svg`` is the SVG text; ``save(path)`` writes it."""

    def __init__(self, svg, text=""):
        self.svg = svg
        self.text = text  # the same board as text, for print() and for tests

    def _repr_svg_(self):
        return self.svg

    def save(self, path):
        """Write the picture to ``path`` (an ``.svg`` file a browser can open)."""
        with open(path, "w", encoding="utf-8") as file:
            file.write(self.svg)

    def __str__(self):
        return self.text or self.svg

    def __repr__(self):
        return f"<Picture {len(self.svg)} bytes of SVG>"


def svg_document(width, height, shapes, title=""):
    """Wrap shapes (a list of SVG element strings) into one ``<svg>`` document."""
    heading = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">{heading}{"".join(shapes)}</svg>'
    )


def rect(x, y, width, height, fill, stroke="none", stroke_width=1, rx=0):
    return (f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="{rx}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{stroke_width}"/>')


def circle(cx, cy, r, fill, stroke="none", stroke_width=1):
    return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"/>'


def line(x1, y1, x2, y2, stroke, stroke_width=1):
    return (f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" '
            f'stroke-width="{stroke_width}" stroke-linecap="round"/>')


def text(x, y, content, size=14, fill="#222", weight="normal", anchor="middle"):
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}" dominant-baseline="central">{escape(str(content))}</text>')
