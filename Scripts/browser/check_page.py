#!/usr/bin/env python3
"""Checks the demo report's HTML page as a real browser built it.

Usage: check_page.py DOM_HTML ROWS_JSON SCREENSHOT_PNG...

DOM_HTML is the page's DOM as `chromium --dump-dom` serialised it after parsing, so any markup
the browser had to repair (a row pushed out of its table, an element closed early) shows up
here. ROWS_JSON is `txreport --format json` for the same report. Each row element of the page
carries a class named after its row kind (as the JSON `type`), and banded rows also `odd` or
`even`; the check walks the row elements in document order and compares each with the JSON
row at the same position: kind, visible text and band. It also checks the page's head (lang,
charset, viewport, title), that it needs nothing from outside (no script, no external
resource), and that each screenshot is a real PNG in which both band colours and the header bar
colour were painted.

Standard library only. Prints one line per problem and exits 1 if there is any.
"""
import html.parser
import json
import struct
import sys
import zlib

KINDS = {"header", "subheader", "detail", "subfooter", "footer", "grandfooter", "message"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
COLOURS = {"odd band #F7F8FC": (0xF7, 0xF8, 0xFC), "even band #DDDDDD": (0xDD, 0xDD, 0xDD),
           "header bar #3A4A5E": (0x3A, 0x4A, 0x5E)}


class RowCollector(html.parser.HTMLParser):
    """Collects the row elements (kind, classes, text) and the facts about the page's head."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows = []
        self.depth = 0          # nesting depth inside the row element being read, 0 outside
        self.current = None
        self.lang = None
        self.charset = False
        self.viewport = False
        self.title = ""
        self.in_title = False
        self.scripts = 0
        self.external = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        elif tag == "meta":
            self.charset |= (attributes.get("charset") or "").lower() == "utf-8"
            self.viewport |= attributes.get("name") == "viewport" and "width=device-width" in (
                attributes.get("content") or "")
        elif tag == "title":
            self.in_title = True
        elif tag == "script":
            self.scripts += 1
        for name in ("src", "href", "srcset", "data", "poster"):
            if attributes.get(name) and not attributes[name].startswith("#"):
                self.external.append(f"<{tag} {name}={attributes[name]!r}>")
        if self.current is not None:
            if tag not in VOID:
                self.depth += 1
            return
        classes = (attributes.get("class") or "").split()
        kinds = KINDS.intersection(classes)
        if kinds and tag not in VOID:
            self.current = {"kind": kinds.pop(), "classes": classes, "text": [], "tag": tag}
            self.depth = 1

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if self.current is None:
            return
        self.depth -= 1
        if self.depth == 0:
            self.current["text"] = " ".join("".join(self.current["text"]).split())
            self.rows.append(self.current)
            self.current = None

    def handle_data(self, data):
        if self.in_title:
            self.title += data
        if self.current is not None:
            self.current["text"].append(" " + data)


def visible(text):
    """Text as the page shows data: controls and bidirectional formatting characters escaped
    as `\\u{1B}`, as `ReportText.visible` does."""
    def unsafe(code):
        return (code <= 0x1F or 0x7F <= code <= 0x9F or code in (0x061C, 0x200E, 0x200F, 0x2028, 0x2029)
                or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069)
    return "".join(f"\\u{{{ord(c):X}}}" if unsafe(ord(c)) else c for c in text)


def expected_text(row):
    """The text a row's element must show, with runs of white space made one space."""
    text = {
        "header": lambda: visible(row["title"]),
        "subheader": lambda: visible(row["title"]),
        "detail": lambda: visible(row["description"]) + " " + visible(row["amount"]),
        "subfooter": lambda: "",
        "footer": lambda: "Total " + visible(row["total"]),
        "grandfooter": lambda: "Grand Total " + visible(row["total"]),
        "message": lambda: visible(row["message"]),
    }[row["type"]]()
    return " ".join(text.split())


def check_rows(dom_path, rows_path):
    problems = []
    parser = RowCollector()
    with open(dom_path, encoding="utf-8") as dom:
        parser.feed(dom.read())
    parser.close()
    with open(rows_path, encoding="utf-8") as rows_file:
        expected = json.load(rows_file)

    if parser.lang != "en":
        problems.append(f'<html lang> is {parser.lang!r}, not "en"')
    if not parser.charset:
        problems.append('no <meta charset="utf-8">')
    if not parser.viewport:
        problems.append('no <meta name="viewport" content="width=device-width, …">')
    if not parser.title.strip():
        problems.append("no <title>")
    if parser.scripts:
        problems.append(f"{parser.scripts} <script> element(s): the page must need no JavaScript")
    for reference in parser.external:
        problems.append(f"a reference to an outside resource: {reference}")

    found = parser.rows
    for index, (got, want) in enumerate(zip(found, expected), start=1):
        where = f"row {index} ({want['type']})"
        if got["kind"] != want["type"]:
            problems.append(f"{where}: the page has a {got['kind']} row <{got['tag']}> here: {got['text']!r}")
            continue
        if got["text"] != expected_text(want):
            problems.append(f"{where}: the page shows {got['text']!r}, the report has {expected_text(want)!r}")
        if "odd" in want:
            band = "odd" if want["odd"] else "even"
            if band not in got["classes"] or ("even" if want["odd"] else "odd") in got["classes"]:
                problems.append(f"{where}: classes {got['classes']} do not say {band}")
    if len(found) != len(expected):
        problems.append(f"the page has {len(found)} row elements, the report has {len(expected)} rows")
    return problems, len(found), len(expected)


def read_png(path):
    """The width, height, bytes per pixel and rows of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    position, compressed, header = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    width, height, depth, colour_type, _, _, interlace = header
    if depth != 8 or colour_type not in (2, 6) or interlace:
        raise ValueError(f"unexpected PNG layout (depth {depth}, colour type {colour_type})")
    step = 3 if colour_type == 2 else 4
    raw, stride = zlib.decompress(compressed), width * step
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        if kind == 1:
            for x in range(step, stride):
                line[x] = (line[x] + line[x - step]) & 255
        elif kind == 2:
            for x in range(stride):
                line[x] = (line[x] + previous[x]) & 255
        elif kind == 3:
            for x in range(stride):
                left = line[x - step] if x >= step else 0
                line[x] = (line[x] + (left + previous[x]) // 2) & 255
        elif kind == 4:
            for x in range(stride):
                a = line[x - step] if x >= step else 0
                b, c = previous[x], previous[x - step] if x >= step else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, step, rows


def check_screenshot(path):
    problems = []
    try:
        width, height, step, rows = read_png(path)
    except (OSError, ValueError, zlib.error, TypeError, struct.error) as error:
        return [f"{path}: {error}"], ""
    counts = dict.fromkeys(COLOURS, 0)
    wanted = {bytes(rgb): name for name, rgb in COLOURS.items()}
    for line in rows[::2]:
        for x in range(0, len(line), step * 2):
            name = wanted.get(line[x:x + 3])
            if name:
                counts[name] += 1
    sampled = ((height + 1) // 2) * ((width + 1) // 2)
    for name, count in counts.items():
        if count < sampled // 200:
            problems.append(f"{path}: the {name} covers {100 * count / sampled:.1f}% of the screenshot")
    summary = f"{width}x{height}, " + ", ".join(f"{name} {100 * c / sampled:.0f}%" for name, c in counts.items())
    return problems, summary


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    problems, found, expected = check_rows(arguments[0], arguments[1])
    print(f"  DOM: {found} row elements, {expected} report rows compared in order")
    for path in arguments[2:]:
        shot_problems, summary = check_screenshot(path)
        problems += shot_problems
        print(f"  {path.rsplit('/', 1)[-1]}: {summary}")
    for problem in problems[:40]:
        print(f"  problem: {problem}")
    if len(problems) > 40:
        print(f"  … and {len(problems) - 40} more problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
