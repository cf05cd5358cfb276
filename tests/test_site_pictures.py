"""The pictures on the docs pages show the pages' own numbers.

The overfitting experiment on "Why naive" (docs/why-naive.md#overfitting) is
drawn by docs/scripts/why_naive_picture.py into
docs/images/why-naive-overfitting.svg, which keeps the numbers it drew in its
``<desc>``.  The page's two tables give the same experiment as text: every
point of the picture must be a cell of those tables.  Neither needs the
census: both are committed files.
"""

import html
import json
import re
import xml.dom.minidom
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "why-naive.md"
PICTURE = ROOT / "docs" / "images" / "why-naive-overfitting.svg"


def page_tables():
    """The page's overfitting tables: [[{column: cell}]], in page order."""
    text = PAGE.read_text(encoding="utf-8").split("## Overfitting as d grows", 1)[1]
    tables = []
    for block in re.findall(r"^(\| d \| feature added \|.*?)\n\n", text, re.M | re.S):
        lines = block.splitlines()
        header = [cell.strip() for cell in lines[0].strip("|").split("|")]
        tables.append([dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")))) for line in lines[2:]])
    return tables


def drawn():
    svg = PICTURE.read_text(encoding="utf-8")
    xml.dom.minidom.parseString(svg)  # well-formed
    return json.loads(html.unescape(re.search(r"<desc>(.*?)</desc>", svg, re.S).group(1)))


def test_the_page_shows_the_picture_and_promises_no_plot_for_later():
    text = PAGE.read_text(encoding="utf-8")
    assert "](images/why-naive-overfitting.svg)" in text
    assert "can come later" not in text


def test_every_point_of_the_picture_is_a_cell_of_the_pages_tables():
    tables, panels = page_tables(), drawn()
    assert len(tables) == 2 and len(panels) == 2
    columns = {"joint_train": "joint train", "joint_test": "joint test", "naive_train": "naive train",
               "naive_test": "naive test", "empty_cells": "empty cells"}
    for table, (title, rows) in zip(tables, panels.items()):
        assert len(rows) == len(table) == 12
        for row, cells in zip(rows, table):
            assert str(row["d"]) == cells["d"] and row["feature"] == cells["feature added"]
            for key, column in columns.items():
                assert f"{row[key]:.4f}" == cells[column], (title, row["d"], column)
    assert list(panels)[0].startswith("All 32,561 people") and list(panels)[1].startswith("The first 1,000")


def test_the_picture_draws_four_lines_per_panel():
    svg = PICTURE.read_text(encoding="utf-8")
    assert svg.count('class="accuracy"') == 8
