"""Pictures of images and per-pixel tables (naivebayes/inspect/pixel_pictures.py).

Hand-made tables and tiny models of 2x2 images: the SVG parses as XML, labels
are escaped, the text form shows the numbers, hand values give the colours
worked out by hand, the pictures of a model show its own numbers, and bad
input is refused with a clear error.
"""

import math
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MultinomialNB
from naivebayes.inspect.odds import odds_ratios
from naivebayes.inspect.pixel_pictures import (
    PixelPicture,
    class_pictures,
    expected_value,
    odds_ratio_picture,
    pixel_picture,
    show_digit,
)

SVG = "{http://www.w3.org/2000/svg}"


def pixel_fills(picture):
    """The fill of each pixel square, panel after panel, read back from the SVG."""
    root = ET.fromstring(picture.to_svg())
    return [rect.get("fill") for group in root.iter(f"{SVG}g") if group.get("class") == "pixels"
            for rect in group.iter(f"{SVG}rect")]


def texts(picture):
    return [element.text for element in ET.fromstring(picture.to_svg()).iter(f"{SVG}text")]


# Four 2x2 images, pixels row by row; class "a" lights the top row, "b" the left column.
ROWS = [[1, 1, 0, 0], [1, 1, 1, 0], [1, 0, 1, 0], [1, 0, 1, 1]]
LABELS = ["a", "a", "b", "b"]


def test_eq_expected_grey_level_is_the_mean_of_the_values_under_their_probabilities():
    # P(0) = 1/2, P(8) = 1/4, P(16) = 1/4: 0/2 + 8/4 + 16/4 = 6.
    assert expected_value({0: Fraction(1, 2), 8: Fraction(1, 4), 16: Fraction(1, 4)}) == 6
    assert expected_value({3: 1}) == 3


def test_a_digit_prints_as_characters_and_draws_white_to_black():
    row = [0, 16, 8, 4]
    picture = show_digit(row, shape=(2, 2), title="tiny")
    # Bands: 0 -> " ", 16 -> "@", 8/16 * 9 = 4.5 -> 5 "+", 4/16 * 9 = 2.25 -> 2 ":".
    assert str(picture) == "tiny (grey levels 0..16)\n+--+\n| @|\n|+:|\n+--+"
    assert repr(picture) == str(picture)
    # White #FFFFFF for 0, black for 16, 255 * (1 - 8/16) = 127.5 -> 128 = 0x80, 255 * 3/4 = 191.25 -> 0xBF.
    assert pixel_fills(picture) == ["#FFFFFF", "#000000", "#808080", "#BFBFBF"]
    # A 0/1 row is drawn with 1 as black.
    assert pixel_fills(show_digit([0, 1, 1, 0], shape=(2, 2))) == ["#FFFFFF", "#000000", "#000000", "#FFFFFF"]


def test_a_table_of_probabilities_is_sequential_from_0_to_1_and_shows_its_numbers():
    picture = pixel_picture([0, 0.5, 1, 0.25], shape=(2, 2), title="P")
    assert picture.kind == "sequential" and (picture.low, picture.high) == (0, 1)
    assert str(picture) == "P\n0.00  0.50\n1.00  0.25"
    # The sequential scale is the confusion matrix's: white-ish (247, 251, 255) at 0, (107, 174, 214) at 1/2,
    # (8, 48, 107) at 1; a quarter is halfway between the first two: (177, 212.5, 234.5) -> B1 D4 EA (round half even).
    assert pixel_fills(picture) == ["#F7FBFF", "#6BAED6", "#08306B", "#B1D4EA"]


def test_a_table_with_negative_numbers_is_diverging_around_0():
    picture = pixel_picture([-2, 0, 1, 2], shape=(2, 2))
    assert picture.kind == "diverging" and (picture.low, picture.high) == (-2, 2)
    # -2: purple (84, 39, 136); 0: (247, 247, 247); 2: orange (179, 88, 6); 1: halfway from the middle to orange,
    # (213, 167.5, 126.5) -> D5 A8 7E (round half even: 168 and 126).
    assert pixel_fills(picture) == ["#542788", "#F7F7F7", "#D5A87E", "#B35806"]
    assert pixel_picture([1, 2, 3, 4], shape=(2, 2), diverging=True).kind == "diverging"
    forced = pixel_picture([-1, 0, 1, 3], shape=(2, 2), diverging=False)
    assert (forced.kind, forced.low, forced.high) == ("sequential", -1, 3)
    assert str(forced).splitlines() == ["-1   0", " 1   3"]  # whole numbers as ints, right-aligned


def test_means_above_1_are_sequential_from_0_to_the_largest():
    picture = pixel_picture({0: 4.0, 3: 12.0}, shape=(2, 2))
    assert (picture.kind, picture.low, picture.high) == ("sequential", 0, 12)
    assert pixel_fills(picture)[1:3] == ["#D9D9D9", "#D9D9D9"]  # left out of the dict: grey
    assert str(picture).splitlines() == [" 4   .", " .  12"]


def test_a_dict_of_tables_draws_one_grid_per_class_on_one_scale():
    picture = pixel_picture({"x": [0, 1, 0, 1], "y": {0: 2.0}}, shape=(2, 2), title="two")
    assert [label for label, _ in picture.panels] == ["x", "y"]
    assert (picture.low, picture.high) == (0, 2)
    assert len(pixel_fills(picture)) == 8
    assert str(picture).splitlines() == ["two", "x", "0  1", "0  1", "y", "2  .", ".  ."]
    assert {"x", "y", "two"} <= set(texts(picture))


def test_a_nested_list_of_rows_reads_as_the_image():
    assert pixel_picture([[1, 2], [3, 4]], shape=(2, 2)).panels[0][1] == [1, 2, 3, 4]


def test_labels_and_titles_are_escaped_and_the_svg_is_well_formed():
    picture = pixel_picture({"<a & b>": [0, 1, 0, 1], 'say "hi"': [1, 0, 1, 0]}, shape=(2, 2),
                            title="</svg><script>alert(1)</script>", legend="P(x < 1)")
    svg = picture.to_svg()
    root = ET.fromstring(svg)  # parses: nothing broke out of its element
    assert "<script>" not in svg and "&lt;a &amp; b&gt;" in svg
    assert root.find(f"{SVG}title").text == "</svg><script>alert(1)</script>"
    assert {"<a & b>", 'say "hi"', "P(x < 1)"} <= set(texts(picture))
    assert picture._repr_svg_() == svg


@pytest.mark.parametrize("table, shape, error, words", [
    ([0.5] * 63, (8, 8), ValueError, "has 63 numbers, but shape=\\(8, 8\\) needs 64"),
    ([0.5, float("nan"), 0, 0], (2, 2), ValueError, r"table\[1\] is NaN"),
    ([0.5, math.inf, 0, 0], (2, 2), ValueError, "infinite"),
    ([0.5, "x", 0, 0], (2, 2), TypeError, r"table\[1\] is 'x', not a number"),
    ({4: 0.5}, (2, 2), KeyError, "pixel numbers 0 to 3"),
    ({}, (2, 2), ValueError, "empty"),
    ("0101", (2, 2), TypeError, "must be a list"),
    ([1, 2, 3, 4], (2, 0), ValueError, "shape must be"),
    ([1, 2, 3, 4], 4, ValueError, "shape must be"),
])
def test_bad_tables_are_refused_clearly(table, shape, error, words):
    with pytest.raises(error, match=words):
        pixel_picture(table, shape=shape)


def test_numbers_at_the_ends_of_the_floats_draw_or_are_refused_clearly():
    # Found by tests/fuzz/fuzz_public_api.py: each of these raised OverflowError or "math domain error".
    with pytest.raises(ValueError, match=r"table\[1\] is 1000.*, too large for a float"):
        pixel_picture([0.5, 10**400, 0, 0], shape=(2, 2))
    with pytest.raises(ValueError, match="a span past the largest float"):
        pixel_picture([1.7e308, -1e308, 0, 0], shape=(2, 2))
    # a sequential scale up to the largest float: its colour bar's steps stay finite
    top = pixel_picture([0, 1e308, 1.7976931348623157e308, 0.5], shape=(2, 2))
    assert (top.low, top.high) == (0.0, 1.7976931348623157e308) and len(set(pixel_fills(top))) == 3
    # numbers of about 5e-324: too close to 0 for a colour bar of their own, drawn as 0 on the bar -1 to 1
    tiny = pixel_picture([-5e-324, 0, 5e-324, 0], shape=(2, 2))
    assert (tiny.kind, tiny.low, tiny.high) == ("diverging", -1.0, 1.0)
    assert set(pixel_fills(tiny)) == {"#F7F7F7"}
    flat = pixel_picture([-5e-324, 0, 0, 0], shape=(2, 2), diverging=False)
    assert (flat.low, flat.high) == (-5e-324, 1 - 5e-324) and ET.fromstring(flat.to_svg()) is not None


def test_a_shape_of_more_than_a_million_pixels_is_refused():
    # Found by tests/fuzz/fuzz_public_api.py: a dict table with shape=(2**70, 2**70) raised OverflowError from [None] * size.
    for table in ({0: 0.5}, [0.5]):
        with pytest.raises(ValueError, match="takes at most 1,000,000"):
            pixel_picture(table, shape=(2**70, 2**70))
    with pytest.raises(ValueError, match="takes at most 1,000,000"):
        show_digit({0: 3}, shape=(1001, 1000))
    assert pixel_picture({0: 0.5}, shape=(1000, 1000)).shape == (1000, 1000)


def test_a_digit_given_as_a_dict_leaves_the_missing_pixels_grey():
    # Found by tests/fuzz/fuzz_public_api.py: a {pixel: grey level} dict that left a pixel out raised a TypeError
    # ('<' between None and int) in the check of the grey levels.
    picture = show_digit({0: 3, 5: 16}, shape=(2, 3))
    assert str(picture).splitlines()[1:3] == ["|:??|", "|??@|"]
    assert pixel_fills(picture)[1] == "#D9D9D9" and pixel_fills(picture)[5] == "#000000"
    assert show_digit({0: 1, 3: 0}, shape=(2, 2)).high == 1  # 0/1 pixels: black is 1
    with pytest.raises(ValueError, match="grey levels run from 0 to 16"):
        show_digit({0: 17}, shape=(2, 2))


def test_bad_marks_rows_and_scales_are_refused():
    with pytest.raises(ValueError, match="not a pixel number from 0 to 3"):
        pixel_picture([1, 2, 3, 4], shape=(2, 2), mark=[4])
    with pytest.raises(ValueError, match="twice"):
        pixel_picture([1, 2, 3, 4], shape=(2, 2), mark=[1, 1])
    with pytest.raises(TypeError, match="diverging must be"):
        pixel_picture([1, 2, 3, 4], shape=(2, 2), diverging="yes")
    with pytest.raises(ValueError, match="grey levels run from 0 to 16"):
        show_digit([0, 17, 0, 0], shape=(2, 2))


def test_class_pictures_of_a_bernoulli_model_show_p_on_given_the_class():
    model = BernoulliNB().fit(ROWS, LABELS)
    picture = class_pictures(model, shape=(2, 2))
    # Class a, 2 images: pixel 0 on in 2, (2 + 1) / (2 + 2) = 3/4; pixel 1: 3/4; pixel 2 on in 1: 2/4; pixel 3: 1/4.
    assert picture.panels == [("a", [0.75, 0.75, 0.5, 0.25]), ("b", [0.75, 0.25, 0.75, 0.5])]
    assert picture.kind == "sequential" and "P(pixel on | class)" in texts(picture)
    assert class_pictures(model, classes=["b"], shape=(2, 2)).panels == [("b", [0.75, 0.25, 0.75, 0.5])]
    with pytest.raises(KeyError, match="'c' is not one of the model's classes"):
        class_pictures(model, classes=["c"], shape=(2, 2))
    with pytest.raises(ValueError, match="rows of 4 numbers, but shape=\\(8, 8\\) has 64 pixels"):
        class_pictures(model)


def test_class_pictures_of_gaussian_categorical_and_multinomial_models():
    grey = [[0, 16, 8, 8], [4, 16, 8, 0], [16, 0, 0, 8], [16, 0, 8, 8]]
    gaussian = GaussianNB().fit(grey, LABELS)
    assert class_pictures(gaussian, shape=(2, 2)).panels[0] == ("a", [2, 16, 8, 4])  # the class means
    categorical = CategoricalNB().fit(grey, LABELS)
    # Pixel 0 has the values 0, 4, 16; class a saw 0 and 4 once each: (1 + 1) / (2 + 3) each, 16: 1/5.
    # E = 0 * 2/5 + 4 * 2/5 + 16 * 1/5 = 24/5.
    assert class_pictures(categorical, shape=(2, 2)).panels[0][1][0] == pytest.approx(24 / 5)
    multinomial = MultinomialNB().fit(grey, LABELS)
    # Class a's counts: 4, 32, 16, 8 (60 in all); theta = (n + 1) / (60 + 4).
    assert class_pictures(multinomial, shape=(2, 2)).panels[0][1] == pytest.approx([5 / 64, 33 / 64, 17 / 64, 9 / 64])


def test_the_odds_ratio_picture_shows_the_log_ratios_and_marks_the_ranked_pixels():
    model = BernoulliNB().fit(ROWS, LABELS)
    picture = odds_ratio_picture(model, "a", "b", top=2, shape=(2, 2))
    # P(on | a) = 3/4, 3/4, 1/2, 1/4 and P(on | b) = 3/4, 1/4, 3/4, 1/2.
    # Odds ratios: 1, (3/4 * 3/4) / (1/4 * 1/4) = 9, (1/2 * 1/4) / (3/4 * 1/2) = 1/3, (1/4 * 1/2) / (1/2 * 3/4) = 1/3.
    assert picture.panels[0][1] == pytest.approx([0, math.log(9), math.log(1 / 3), math.log(1 / 3)])
    assert picture.kind == "diverging" and picture.high == pytest.approx(math.log(9))
    ranked = odds_ratios(model, "a", "b", top=2, kind="odds")
    assert picture.mark == [r.feature for r in ranked] == [1, 0]
    assert "marked, first to last: 1 (row 0, column 1), 0 (row 0, column 0)" in str(picture)
    root = ET.fromstring(picture.to_svg())
    marks = [g for g in root.iter(f"{SVG}g") if g.get("class") == "marked"][0]
    assert len(list(marks)) == 2
    assert {"speaks for a", "speaks for b"} <= {text[2:] for text in texts(picture)}
    likelihood = odds_ratio_picture(model, "a", "b", kind="likelihood", shape=(2, 2))
    assert likelihood.panels[0][1][1] == pytest.approx(math.log(3))  # (3/4) / (1/4)


def test_the_odds_ratio_picture_refuses_what_it_cannot_draw():
    model = BernoulliNB().fit(ROWS, LABELS)
    with pytest.raises(KeyError, match="c2='z' is not one of the model's classes"):
        odds_ratio_picture(model, "a", "z", shape=(2, 2))
    with pytest.raises(ValueError, match="top must be"):
        odds_ratio_picture(model, "a", "b", top=0, shape=(2, 2))
    with pytest.raises(TypeError, match="a CategoricalNB has one per grey level"):
        odds_ratio_picture(CategoricalNB().fit(ROWS, LABELS), "a", "b", shape=(2, 2))
    with pytest.raises(ValueError, match="kind='odds' needs"):
        odds_ratio_picture(MultinomialNB().fit(ROWS, LABELS), "a", "b", shape=(2, 2))
    with pytest.raises(ValueError, match="alpha > 0"):
        odds_ratio_picture(BernoulliNB(alpha=0).fit(ROWS, LABELS), "a", "b", shape=(2, 2))
    with pytest.raises(TypeError, match="not a str"):
        class_pictures("model")
    with pytest.raises(ValueError, match="documents of words"):
        class_pictures(MultinomialNB().fit(["a b", "b c"], ["x", "y"]), shape=(2, 2))


def test_a_picture_saves_as_a_file(tmp_path):
    path = show_digit([0, 16, 8, 4], shape=(2, 2)).save(tmp_path / "digit.svg")
    assert ET.parse(path).getroot().tag == f"{SVG}svg"
    assert isinstance(pixel_picture([1, 2, 3, 4], shape=(2, 2)), PixelPicture)


def test_odds_ratios_of_a_dense_model_order_tied_pixels_by_column_number():
    rows = [[1] + [0] * 11, [1] + [0] * 11, [0] * 12, [0] * 12]
    model = BernoulliNB().fit(rows, LABELS)
    ranked = odds_ratios(model, "a", "b", top=None, kind="odds")
    # Pixel 0: (3/4 * 3/4) / (1/4 * 1/4) = 9; the other eleven are never on: 1, tied, in column order (not 1, 10, 11, 2).
    assert ranked[0].feature == 0 and ranked[0].ratio == 9
    assert [r.feature for r in ranked[1:]] == list(range(1, 12))
    assert odds_ratio_picture(model, "a", "b", top=3, shape=(3, 4)).mark == [0, 1, 2]


def test_a_lone_surrogate_in_a_label_becomes_a_replacement_character_and_the_file_is_written(tmp_path):
    picture = pixel_picture([1] * 64, title="digit \ud800 three")  # (no XML may hold a lone surrogate)
    svg = picture._repr_svg_()
    ET.fromstring(svg)
    assert "\ud800" not in svg and "\ufffd" in svg
    path = tmp_path / "one.svg"
    picture.save(str(path))
    ET.parse(path)
