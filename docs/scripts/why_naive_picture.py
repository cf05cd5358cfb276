# why_naive_picture.py: the overfitting experiment of the "Why naive" page, drawn with the library's own SVG helpers
#
# Runs the experiment of docs/why-naive.md#overfitting (the full joint against naive Bayes on the first d of the
# Lecture #7 companion's twelve yes/no census questions), on all 32,561 people of adult.data and on the first
# 1,000, and draws training and test accuracy against d: docs/images/why-naive-overfitting.svg.  The numbers
# drawn are written into the picture's <desc> too, and tests/test_site_pictures.py checks them against the
# page's tables.
#
#     NAIVEBAYES_ADULT_PATH=../shared/data .venv/bin/python docs/scripts/why_naive_picture.py
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the repository, for the package and the lecture companion

from lectures.lecture_7_naive_bayes import yes_no_features  # noqa: E402
from naivebayes.datasets import load_adult  # noqa: E402
from naivebayes.inspect.overfitting import overfitting_table  # noqa: E402
from naivebayes.inspect.svg import (  # noqa: E402
    Axes, Canvas, Style, class_style, draw_legend, draw_marker, escape, path_text,
)

OUT = ROOT / "docs" / "images" / "why-naive-overfitting.svg"
LINES = [  # (key of overfitting_table, legend label, style number): joint and naive in two colours, test solid
    ("joint_test", "full joint, test", 0),
    ("joint_train", "full joint, training", 0),
    ("naive_test", "naive Bayes, test", 1),
    ("naive_train", "naive Bayes, training", 1),
]


def experiment(path):
    """{panel title: overfitting_table rows as plain numbers}, for all of adult.data and its first 1,000 people."""
    train, test = load_adult("train", path=path), load_adult("test", path=path)
    train_rows = [yes_no_features(row) for row in train.rows]
    test_rows = [yes_no_features(row) for row in test.rows]
    features = list(train_rows[0])
    panels = {}
    for title, n in ((f"All {len(train_rows):,} people of adult.data", len(train_rows)),
                     ("The first 1,000 people of adult.data", 1000)):
        table = overfitting_table(train_rows[:n], train.labels[:n], test_rows, test.labels, features)
        panels[title] = [{"d": row["d"], "feature": row["feature"],
                          **{key: round(float(row[key]), 4) for key, _, _ in LINES},
                          "empty_cells": round(float(row["empty_cells"]), 4)} for row in table]
    return panels


def draw(panels):
    """Two panels side by side, accuracy against d, with the share of empty joint cells under each x tick."""
    width, height, top, room = 330, 250, 78, 62
    values = [row[key] for rows in panels.values() for row in rows for key, _, _ in LINES]
    y_range = (min(values) - 0.005, max(values) + 0.005)
    panel_width = room + width + 24
    canvas = Canvas(panel_width * len(panels) + 10, top + height + 152, "Overfitting as d grows")
    canvas.text(room, 24, "Overfitting as d grows: the full joint against naive Bayes", size=15, font_weight="bold")
    canvas.text(room, 42, "accuracy on the first d of twelve yes/no census questions; "
                "test on the 16,281 people of adult.test", size=11.5, fill="#555555")
    for p, (title, rows) in enumerate(panels.items()):
        left = p * panel_width + room
        n = len(rows)
        axes = Axes(left, top, width, height, (0.5, n + 0.5), y_range, max_x_ticks=n)
        axes.draw_grid(canvas)
        for key, label, k in LINES:
            style = class_style(k)
            dash = "5 4" if key.endswith("train") else None
            points = [(axes.x(row["d"]), axes.y(row[key])) for row in rows]
            canvas.add("path", class_="accuracy", d=path_text(points), fill="none", stroke=style.colour,
                       stroke_width=2 if dash is None else 1.4, stroke_dasharray=dash, stroke_linejoin="round")
            for x, y in points:
                draw_marker(canvas, style.marker, x, y, size=3, fill=style.colour if dash is None else "#FFFFFF",
                            stroke=style.colour, stroke_width=1)
        axes.draw_frame(canvas, "d, the number of features", "accuracy", title=title)
        canvas.text(left - 8, axes.bottom + 58, "empty", size=10.5, anchor="end", fill="#555555")
        for row in rows:  # the share of the joint's cells that no training row fills, under each d
            canvas.text(axes.x(row["d"]), axes.bottom + 58, f"{row['empty_cells']:.0%}", size=10.5, anchor="middle",
                        fill="#555555")
        if p == 0:
            entries = [(label, Style(class_style(k).colour, None, "5 4" if key.endswith("train") else None), "line")
                       for key, label, k in LINES]
            draw_legend(canvas, left, axes.bottom + 72, entries[:2])
            draw_legend(canvas, left + 170, axes.bottom + 72, entries[2:])
    canvas.text(room, top + height + 140, "dashed: training accuracy; solid: test accuracy; "
                "\"empty\": the share of the joint table's cells no training row fills", size=11, fill="#555555")
    canvas.lines.insert(1, f"<desc>{escape(json.dumps(panels, sort_keys=True))}</desc>")
    return canvas.to_svg()


if __name__ == "__main__":
    path = os.environ.get("NAIVEBAYES_ADULT_PATH")  # a folder with adult.data and adult.test; None downloads
    OUT.write_text(draw(experiment(path)), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
