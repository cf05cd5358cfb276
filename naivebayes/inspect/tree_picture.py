"""The tree of a tree-augmented naive Bayes model, drawn as an SVG picture.

Each feature is a box; a line joins it to its parent, the root at the top,
labeled with the conditional mutual information I(X_i; X_parent | C) that
put the edge in the tree (in nats).  The class, a parent of every feature,
is said in the subtitle rather than drawn, so the tree stays readable.

>>> from naivebayes.naive_bayes.tree_augmented import TreeAugmentedNB
>>> from naivebayes.datasets import load_play_tennis
>>> rows, labels, _ = load_play_tennis()
>>> picture = TreePlot(TreeAugmentedNB().fit(rows, labels))
>>> picture
TreePlot(4 features, root 'outlook', depth 2)
>>> picture.to_svg().startswith("<svg")
True

The layout is the simplest tidy one: the leaves take the slots left to
right in the order of a walk from the root (children in the order the tree
took them in), and each parent sits above the middle of its children.
"""

from naivebayes.inspect.svg import TEXT_COLOUR, Canvas, Picture, shorten, text_width

__all__ = []

SLOT, LEVEL, BOX_HEIGHT, MARGIN, TOP = 150, 78, 26, 24, 70  # pixels


class TreePlot(Picture):
    """A ``TreeAugmentedNB``'s tree: features as boxes, each joined to its parent, the root on top."""

    def __init__(self, model, title=None):
        structure = getattr(model, "tree_", None)
        if not structure:
            raise ValueError("TreePlot draws a fitted TreeAugmentedNB: fit the model first (its tree_ is empty)")
        self.structure = list(structure)  # [(feature, parent, weight)], root first
        self.children = {feature: [] for feature, _, _ in self.structure}
        for feature, parent, _ in self.structure:
            if parent is not None:
                self.children[parent].append(feature)
        self.root = self.structure[0][0]
        self.weights = {feature: weight for feature, _, weight in self.structure}
        self.depth, self.x = {}, {}
        self.place(self.root, 0, [0])
        self.title = title if title is not None else "The tree of tree-augmented naive Bayes"

    def place(self, feature, depth, next_slot):
        """Depth and slot of ``feature`` and everything below it (leaves take the next free slot)."""
        self.depth[feature] = depth
        children = self.children[feature]
        for child in children:
            self.place(child, depth + 1, next_slot)
        if children:
            self.x[feature] = (self.x[children[0]] + self.x[children[-1]]) / 2
        else:
            self.x[feature] = next_slot[0]
            next_slot[0] += 1

    def __repr__(self):
        return f"TreePlot({len(self.structure)} features, root {self.root!r}, depth {max(self.depth.values())})"

    def centre(self, feature):
        return MARGIN + SLOT * (self.x[feature] + 0.5), TOP + LEVEL * self.depth[feature]

    def draw(self):
        n_slots = max(self.x.values()) + 1
        subtitle = (
            "each feature's parent above it; numbers: I(feature; parent | class) in nats; "
            "the class is a parent of every feature"
        )
        width = max(2 * MARGIN + SLOT * n_slots, text_width(self.title, 15) + 2 * MARGIN,
                    text_width(subtitle, 11.5) + 2 * MARGIN)  # fmt: skip
        height = TOP + LEVEL * max(self.depth.values()) + BOX_HEIGHT + MARGIN
        canvas = Canvas(width, height, self.title)
        canvas.text(MARGIN, 24, self.title, size=15, font_weight="bold")
        canvas.text(MARGIN, 42, subtitle, size=11.5, fill="#555555")
        with canvas.group(class_="edges", stroke="#888888", stroke_width=1.5):
            for feature, parent, _ in self.structure[1:]:
                (x1, y1), (x2, y2) = self.centre(parent), self.centre(feature)
                canvas.add("line", x1=x1, y1=y1 + BOX_HEIGHT / 2, x2=x2, y2=y2 - BOX_HEIGHT / 2)
        for feature, parent, weight in self.structure[1:]:
            (x1, y1), (x2, y2) = self.centre(parent), self.centre(feature)
            canvas.text((x1 + x2) / 2 + 4, (y1 + y2) / 2 + 4, f"{weight:.3f}", size=10.5, fill="#555555",
                        stroke="#FFFFFF", stroke_width=3, paint_order="stroke")  # a white halo over the line
        for feature, _, _ in self.structure:
            x, y = self.centre(feature)
            label = shorten(str(feature), 20)
            box = max(text_width(label, 12) + 16, 60)
            canvas.add("rect", x=x - box / 2, y=y - BOX_HEIGHT / 2, width=box, height=BOX_HEIGHT, rx=5,
                       fill="#E8F1F8" if feature != self.root else "#FCE9D9", stroke="#0072B2", stroke_width=1)
            canvas.text(x, y + 4, label, size=12, anchor="middle", fill=TEXT_COLOUR)
        return canvas

