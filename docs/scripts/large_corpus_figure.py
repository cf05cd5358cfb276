"""Draw the large-corpus benchmark: cost against corpus size, one line per engine (docs/images/large-corpus-cost.svg).

    python docs/scripts/large_corpus_figure.py tests/benchmarks/large-corpus-run.json docs/images/large-corpus-cost.svg

Reads the figures that ``tests/benchmarks/bench_large_corpus.py --json``
saved and draws two panels with the library's own SVG helpers
(``naivebayes.inspect.svg``), corpus size on a log scale from a quarter of
20 Newsgroups to a hundred times it: the seconds per million tokens (a flat
line: the cost grows as the corpus) and the peak memory of the largest
process (a flat line: memory does not grow with the corpus).
"""

import json
import sys
from pathlib import Path

from naivebayes.inspect.svg import Axes, Canvas, Picture, class_style, draw_legend, draw_marker, path_text

ENGINES = ("plain", "multiprocessing", "dask", "spark")
CORPUS_POSTS = 18846
PANELS = (
    ("seconds_per_million_tokens", "seconds per million tokens", "time"),
    ("peak_rss_largest_process_mb", "MB, largest process", "peak memory (RSS)"),
)


class CostPicture(Picture):
    """Two panels, each a line per engine over the corpus sizes."""

    def __init__(self, results):
        self.results = results

    def draw(self):
        width, height, panel_width = 1010, 380, 330
        canvas = Canvas(width, height, title="MultinomialNB on 20 Newsgroups resampled: cost against corpus size")
        canvas.text(20, 26, "MultinomialNB fitted on 20 Newsgroups resampled, streamed from files, 2 cores", size=15,
                    font_weight="bold")
        sizes = [r["posts"] / CORPUS_POSTS for r in self.results]
        x_range = (min(sizes) / 1.3, max(sizes) * 1.3)
        engines = [engine for engine in ENGINES if any(r["engine"] == engine for r in self.results)]
        for p, (key, y_label, title) in enumerate(PANELS):
            values = [r[key] for r in self.results]
            axes = Axes(80 + p * (panel_width + 90), 70, panel_width, 240, x_range, (0, max(values) * 1.15),
                        x_log=True)
            axes.draw_grid(canvas)
            for k, engine in enumerate(engines):
                style = class_style(k)
                points = sorted((r["posts"] / CORPUS_POSTS, r[key]) for r in self.results if r["engine"] == engine)
                pixels = [(axes.x(x), axes.y(y)) for x, y in points]
                canvas.add("path", d=path_text(pixels), fill="none", stroke=style.colour, stroke_width=2,
                           stroke_dasharray=style.dash or None)
                for x, y in pixels:
                    draw_marker(canvas, style.marker, x, y, fill=style.colour, stroke="#FFFFFF", stroke_width=0.6)
            axes.draw_frame(canvas, x_label="times the corpus (18,846 posts), log scale", y_label=y_label,
                            title=title)
        draw_legend(canvas, width - 160, 80, [(engine, class_style(k), "line") for k, engine in enumerate(engines)])
        return canvas


def main():
    run = json.loads(Path(sys.argv[1]).read_text())
    CostPicture(run["results"]).save(sys.argv[2])


if __name__ == "__main__":
    main()
