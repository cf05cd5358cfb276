"""mkdocs hook (mkdocs.yml: ``hooks:``): the Exercises page, and a link to it under each formula that has one.

Both are written from the registry, ``naivebayes.exercises.exercises()``, at
every build, so nothing is written twice and an exercise added to the
package shows up on the site by itself:

* docs/exercises.md holds a marker; ``on_page_markdown`` puts in its place one
  section per exercise, grouped by the lecture note that first derives it
  (the notes in the order the course meets them, then the textbooks of the
  courses of issue 32, then the formulas of neither), each with the anchor
  ``ex-<name>``: the formula as its page writes it (``Exercise.latex``), a
  link to that formula's section, the notes that derive it, and the function
  to fill in (``Exercise.stub()``).  Under the stub an empty
  ``<div class="nb-exercise">`` tells docs/javascripts/run-in-browser.js to
  put an editable box and a Check button there; with scripts off, or in a
  build without the runtime, the page reads the same without them.
* on the page of each exercise's formula (``Exercise.page``), the section
  ``{#<formula_id>}`` gets one line, "Exercise: write it yourself", under
  the formula's code.  A formula section that cannot be found is a warning,
  which fails ``mkdocs build --strict``.

tests/test_exercises_docs.py checks both, and clicks Check in chromium.
"""

import logging
import re
import sys
from pathlib import Path

log = logging.getLogger("mkdocs.hooks.exercises_page")

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGE = "exercises.md"
MARKER = "<!-- exercises: written by docs/scripts/exercises_page.py at build time -->"
INSTRUCTORS_MARKER = "<!-- exercises: the instructors' page, linked once it exists -->"
INSTRUCTORS_PAGE = "assignments.md"

# The five notes in the order the course meets them (the order of the README and of the notation page):
# (anchor on the Exercises page, the note's title as it gives it, a phrase every way of naming it contains).
NOTES = [
    ("note-pudding", '"Naive Bayes", the documentation of the Pudding machine-learning library', "pudding"),
    ("note-lecture-7", '"Lecture #7: Naïve Bayes" (course slides)', "lecture #7"),
    ("note-tfp-blog", "the blog post on a naive Bayes classifier with TensorFlow Probability", "tensorflow"),
    ("note-cornell-8", '"Lecture 8: Naive Bayes", Applied Machine Learning, Cornell Tech', "cornell"),
    ("note-from-scratch", "the blog post implementing multinomial naive Bayes from scratch on 20 Newsgroups",
     "from scratch"),
]
# The textbooks of the courses of issues 32 and 33, in the order their groups follow the five notes (same fields).
TEXTBOOKS = [
    ("note-jurafsky-martin", 'Jurafsky and Martin, "Speech and Language Processing", chapter 4', "jurafsky"),
    ("note-manning", 'Manning, Raghavan and Schütze, "Introduction to Information Retrieval", chapters 8 and 13',
     "manning"),
    ("note-nltk-book", 'Bird, Klein and Loper, "Natural Language Processing with Python" (the NLTK book), chapter 6',
     "nltk"),
    ("note-almeida-hidalgo", "Almeida, Gómez Hidalgo and Yamakami (2011), the SMS Spam Collection", "almeida"),
    # The books of issue 33: smoothing as a prior, and naive Bayes on pixels.
    ("note-mitchell", 'Mitchell, "Machine Learning", section 6.9', "mitchell"),
    ("note-murphy", 'Murphy, "Probabilistic Machine Learning: An Introduction", section 9.3', "murphy"),
    ("note-d2l", 'Zhang, Lipton, Li and Smola, "Dive into Deep Learning", the naive Bayes section', "dive into deep"),
]
OTHER = ("note-other", "Past the notes", None)
ALL_FIVE = "all five notes"

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\{#([^}\s]+)\})?\s*$")
FENCE = re.compile(r"^\s*(`{3,})")


def registry():
    """The exercises, in the order of the derivation (imported from this checkout)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from naivebayes.exercises import exercises

    return exercises()


def course_order():
    """The groups of the page in order: the five notes, the textbooks, then OTHER."""
    return NOTES + TEXTBOOKS + [OTHER]


def note_of(title):
    """The entry of NOTES or TEXTBOOKS that ``title`` (however an exercise spells it) names, or OTHER."""
    for note in NOTES + TEXTBOOKS:
        if note[2] in title.lower():
            return note
    return OTHER


def grouped(exercises):
    """[(note, [exercise, ...])]: each exercise once, under the first note (in the course's order) that derives it."""
    order = course_order()
    groups = {note: [] for note in order}
    for exercise in exercises:
        found = {note_of(title) for title in exercise.notes}
        first = next((note for note in order if note in found), OTHER)
        groups[first].append(exercise)
    return [(note, items) for note, items in groups.items() if items]


def headings(page):
    """The page's title (its first level-one heading) and {anchor: heading text} of docs/<page>."""
    title, anchors = page, {}
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        match = HEADING.match(line)
        if not match:
            continue
        if match.group(1) == "#" and title == page:
            title = match.group(2)
        if match.group(3):
            anchors[match.group(3)] = match.group(2)
    return title, anchors


def derived_in(exercise):
    """The notes that derive the exercise, by their titles, in the course's order."""
    known = {note_of(title) for title in exercise.notes}
    if all(note in known for note in NOTES):
        return [ALL_FIVE]
    titles = [note[1] for note in NOTES + TEXTBOOKS if note in known]
    return titles + [title for title in exercise.notes if note_of(title) is OTHER]


def exercise_section(exercise):
    """The Markdown of one exercise: heading, formula, links, the stub, and the place of the Check box."""
    title, anchors = headings(exercise.page)
    section = anchors.get(exercise.formula_id, exercise.title)
    return "\n".join([
        f"### {exercise.title} {{#ex-{exercise.name}}}",
        "",
        "$$",
        exercise.latex,
        "$$",
        "",
        f"Its section in these docs: [{section}]({exercise.page}#{exercise.formula_id}), on the page \"{title}\" "
        "(it shows the library's own code too: read that once yours passes).",
        "",
        ("All five notes derive it." if derived_in(exercise) == [ALL_FIVE]
         else "The notes that derive it: " + "; ".join(derived_in(exercise)) + "."),
        "",
        f"Fill in `{exercise.function_name}`:",
        "",
        "```python",
        exercise.stub(),
        "```",
        f'<div class="nb-exercise" data-exercise="{exercise.name}" data-function="{exercise.function_name}"></div>',
        "",
        f'Check it in Python: `exercise("{exercise.name}").check({exercise.function_name})`.',
        "",
    ])


def exercises_markdown(exercises=None):
    """Every exercise's section, under a heading per note."""
    exercises = registry() if exercises is None else exercises
    parts = []
    for (anchor, title, _), items in grouped(exercises):
        parts += [f"## {title} {{#{anchor}}}", ""]
        if anchor == OTHER[0]:
            parts += ["Formulas that none of the five notes and none of the textbooks derives.", ""]
        parts += [exercise_section(exercise) for exercise in items]
    return "\n".join(parts)


def instructors_link(docs=DOCS):
    if (docs / INSTRUCTORS_PAGE).exists():
        return (f"Instructors: [Assignments and grading]({INSTRUCTORS_PAGE}) says how to make an assignment "
                "from a list of these exercises and grade a class's notebooks.")
    return ("Instructors: `naivebayes.exercises` also writes an assignment from a list of these exercises "
            "and grades a class's notebooks.")


def fill(markdown, exercises=None):
    """docs/exercises.md with its markers replaced (unchanged without them)."""
    if INSTRUCTORS_MARKER in markdown:
        markdown = markdown.replace(INSTRUCTORS_MARKER, instructors_link(), 1)
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, exercises_markdown(exercises), 1)
    return markdown


def link_line(exercise):
    return f"[Exercise: write it yourself](exercises.md#ex-{exercise.name})"


def where_to_link(lines, formula_id):
    """The index of the line after which the exercise's link goes in the section ``{#formula_id}``, or None.

    That is after the fenced block that includes the formula's code, or, when
    the section has none, after its display formula.
    """
    start = next((number for number, line in enumerate(lines)
                  if (match := HEADING.match(line)) and match.group(3) == formula_id), None)
    if start is None:
        return None
    after_formula, fence, fence_start = None, None, None
    for number in range(start + 1, len(lines)):
        line = lines[number]
        ticks = FENCE.match(line)
        if fence is None:
            if ticks:
                fence, fence_start = ticks.group(1), number
                continue
            if HEADING.match(line):
                break
            if line.strip() == "$$" and after_formula is None and any(
                    lines[k].strip().startswith("$$") for k in range(start + 1, number)):
                after_formula = number
        elif ticks and len(ticks.group(1)) >= len(fence) and not line.strip().strip("`"):
            if any(f":{formula_id}\"" in lines[k] for k in range(fence_start, number)):
                return number
            fence = None
    return after_formula


def add_links(markdown, page, exercises=None):
    """The page's Markdown with a link under each formula section that has an exercise."""
    exercises = registry() if exercises is None else exercises
    mine = [exercise for exercise in exercises if exercise.page == page]
    if not mine:
        return markdown
    lines = markdown.split("\n")
    insertions = []
    for exercise in mine:
        where = where_to_link(lines, exercise.formula_id)
        if where is None:
            log.warning("exercises_page: exercise %r names the formula %s#%s, which has no section there",
                        exercise.name, page, exercise.formula_id)
            continue
        insertions.append((where, exercise))
    for where, exercise in sorted(insertions, key=lambda item: -item[0]):
        lines[where + 1:where + 1] = ["", link_line(exercise)]
    return "\n".join(lines)


def on_page_markdown(markdown, page, config, files):
    """The Exercises page filled in from the registry; a formula page with its exercises' links."""
    if page.file.src_uri == PAGE:
        return fill(markdown)
    return add_links(markdown, page.file.src_uri)


if __name__ == "__main__":
    print(exercises_markdown())
