"""Documents pasted as their machine form: a PDF's content stream, an OCR engine's
hOCR, a spreadsheet's cells with their formulas, a CSV file. What each draws is not
all it holds:

- a PDF text object in render mode 3 (``3 Tr``: neither filled nor stroked), in a font
  under 2 points, or filled white;
- an hOCR line whose glyphs are under 5 pixels high (``x_size``, or its box);
- a spreadsheet formula's string that the cell never shows (``=N("...")`` is 0,
  ``=IF(FALSE, "...", ...)`` the other branch);
- a CSV column whose header names it hidden or internal (``_notes``, ``hidden_memo``);
- a LaTeX ``comment`` environment (the comment package's: never typeset).

Each finding is ``(form, text, hidden, span)``, as :mod:`remem.markup_render` returns
them. Neutral: imports nothing of the write or read paths; every pattern is bounded.
"""

from __future__ import annotations

import csv
import re

__all__ = ["print_regions"]

Found = tuple[str, str, bool, "tuple[int, int] | None"]  # form, text, hidden, span
_PDF_MARK = re.compile(r"\b(?:BT|ET)\b")
_PDF_UNSEEN = re.compile(
    r"\b3\s+Tr\b|/\w+\s+(?:0|1|0?\.\d+|1\.\d+)\s+Tf\b|\b1(?:\.0+)?\s+1(?:\.0+)?\s+1(?:\.0+)?\s+rg\b"
)
_PDF_STRING = re.compile(r"\(((?:[^()\\]|\\.){0,4000})\)")
_HOCR_LINE = re.compile(
    r"<span\b[^>]*\btitle\s*=\s*[\"']([^\"']{0,400})[\"'][^>]*>([^<]{1,4000})</span>", re.I
)
_X_SIZE = re.compile(r"\bx_size\s+(\d+(?:\.\d+)?)")
_BBOX = re.compile(r"\bbbox\s+\d+\s+(\d+)\s+\d+\s+(\d+)")
_TINY_PX = 5
_UNSHOWN_FORMULA = re.compile(
    r"=\s*(?:N|IF\s*\(\s*FALSE\s*[,;])\s*\(?\s*\"((?:[^\"]|\"\"){1,4000})\"", re.I
)
_HIDDEN_COLUMN = re.compile(r"^_|hidden|internal", re.I)
_MAX_ROWS = 2000
_LATEX_COMMENT_MARK = re.compile(r"\\(begin|end)\{comment\}")
_MAX_TEXT = 4000


def print_regions(text: str) -> list[Found]:
    """What the documents in ``text`` hold and do not draw (see the module doc)."""
    out: list[Found] = []
    if "BT" in text and "Tj" in text:
        opened = None  # each text object: a BT and the next ET after it, in one pass
        for mark in _PDF_MARK.finditer(text):
            if mark.group(0) == "BT":
                opened = mark.end()
            elif opened is not None:
                block, span = (
                    text[opened : min(mark.start(), opened + 4000)],
                    (opened, mark.start()),
                )
                opened = None
                if _PDF_UNSEEN.search(block):
                    body = " ".join(m.group(1) for m in _PDF_STRING.finditer(block))
                    out.append(("pdf_unseen", re.sub(r"\\(.)", r"\1", body), True, span))
    if "x_size" in text or "bbox" in text:
        for m in _HOCR_LINE.finditer(text):
            size = _X_SIZE.search(m.group(1))
            box = _BBOX.search(m.group(1))
            height = float(size.group(1)) if size else None
            if height is None and box:
                height = float(int(box.group(2)) - int(box.group(1)))
            if height is not None and height < _TINY_PX:
                out.append(("ocr_tiny", m.group(2), True, m.span(2)))
    if "=" in text and '"' in text:
        out += [
            ("formula_unshown", m.group(1).replace('""', '"'), True, m.span(1))
            for m in _UNSHOWN_FORMULA.finditer(text)
        ]
    if "," in text:
        out += _hidden_columns(text)
    if "\\begin{comment}" in text:
        out += _latex_comment_env(text)
    return out


def _hidden_columns(text: str) -> list[Found]:
    """The cells of a CSV file's columns whose header names them hidden or internal."""
    lines = text.splitlines()[:_MAX_ROWS]
    for n, line in enumerate(lines[:20]):
        if line.count(",") < 2:
            continue
        try:
            rows = list(csv.reader(lines[n:]))
        except csv.Error:
            return []
        header = rows[0]
        wanted = [i for i, name in enumerate(header) if _HIDDEN_COLUMN.search(name.strip())]
        cells = [row[i] for row in rows[1:] for i in wanted if i < len(row) and row[i].strip()]
        return [("hidden_column", cell, True, None) for cell in cells]
    return []


def _latex_comment_env(text: str) -> list[Found]:
    """Each ``\\begin{comment}`` with the next ``\\end{comment}`` after it, in one pass."""
    out: list[Found] = []
    opened = None
    for mark in _LATEX_COMMENT_MARK.finditer(text):
        if mark.group(1) == "begin":
            opened = mark.end()
        elif opened is not None:
            out.append(
                (
                    "latex_comment",
                    text[opened : min(mark.start(), opened + _MAX_TEXT)],
                    True,
                    (opened, mark.start()),
                )
            )
            opened = None
    return out
