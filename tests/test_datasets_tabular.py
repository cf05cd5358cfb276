"""Tables: read_csv, Dataset, the shipped iris and PlayTennis tables, and Adult read from local files.

Everything runs offline.  The Adult tests read UCI's files from the shared
data folder when it is there and are skipped otherwise; their expected
numbers are counted here from the raw text with plain string operations,
not with the loader.
"""

import ast
import hashlib
import statistics
import sys
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

import naivebayes.datasets as datasets
from naivebayes.datasets import (
    Dataset,
    TableError,
    load_adult,
    load_iris,
    load_play_tennis,
    read_csv,
)
import warnings

from naivebayes.datasets.tabular import TableWarning, parse_field, read_csv_lines

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
IRIS_SHA256 = "9cc1c345c71bcc9b486b74cbf6063fa66f4bb5e0f603a4b3c3471ec2e5e8e355"


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test sees the user's environment or cache, and nothing is downloaded."""
    for variable in ["NAIVEBAYES_DATA", "NAIVEBAYES_ADULT_PATH", "NAIVEBAYES_ADULT_URL"]:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr("naivebayes.datasets.adult.URL", "http://127.0.0.1:9/not-here/")


def write(tmp_path, text, name="table.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------
# One field.
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("39", 39),
        (" 39 ", 39),
        ("-2", -2),
        ("+7", 7),
        ("007", 7),
        ("2.5", 2.5),
        (" 1e3", 1000.0),
        ("-.5", -0.5),
        ("?", None),
        ("", None),
        ("   ", None),
        (" ? ", None),
        ("Private ", "Private"),
        ("nan", "nan"),  # not a number a mean can use: stays text
        ("inf", "inf"),
        ("-Infinity", "-Infinity"),
        ("1e999", "1e999"),  # float() makes it inf
        ("2021_06", "2021_06"),  # float() and int() would read 202106
        ("1/2", "1/2"),
        ("<=50K", "<=50K"),
    ],
)
def test_parse_field(text, value):
    parsed = parse_field(text)
    assert parsed == value
    assert type(parsed) is type(value)


def test_parse_field_exact_gives_the_fraction_of_the_decimal_text():
    assert parse_field("5.1", exact=True) == Fraction(51, 10)
    assert parse_field("0.1", exact=True) + parse_field("0.2", exact=True) == Fraction(3, 10)
    assert parse_field("1e-3", exact=True) == Fraction(1, 1000)
    assert type(parse_field("5", exact=True)) is int
    assert parse_field("nan", exact=True) == "nan"


def test_parse_field_with_other_missing_markers():
    assert parse_field("NA", missing=("NA",)) is None
    assert parse_field("?", missing=("NA",)) == "?"
    assert parse_field("", missing=()) == ""


# ---------------------------------------------------------------------------
# read_csv: what it returns.
# ---------------------------------------------------------------------------


def test_read_csv_numbers_missing_and_column_order(tmp_path):
    path = write(tmp_path, "age, workclass, hours, income\n39, State-gov, 40.5, <=50K\n50, ?, , >50K\n")
    data = read_csv(path, label="income")
    assert isinstance(data, Dataset)
    assert data.features == ["age", "workclass", "hours"]
    assert data.rows == [
        {"age": 39, "workclass": "State-gov", "hours": 40.5},
        {"age": 50, "workclass": None, "hours": None},
    ]
    assert list(data.rows[0]) == ["age", "workclass", "hours"]  # keys in column order
    assert data.labels == ["<=50K", ">50K"]
    rows, labels, features = data  # unpacks like a tuple
    assert rows is data.rows


def test_read_csv_label_by_number_and_in_the_middle(tmp_path):
    path = write(tmp_path, "a,label,b\n1,x,2\n3,y,4\n")
    by_name = read_csv(path, label="label")
    assert by_name.features == ["a", "b"]
    assert by_name.rows == [{"a": 1, "b": 2}, {"a": 3, "b": 4}]
    assert read_csv(path, label=1) == by_name
    assert read_csv(path, label=-2) == by_name
    first = read_csv(path, label=0)
    assert first.labels == [1, 3]  # labels are parsed like any field
    assert first.features == ["label", "b"]


def test_read_csv_skips_blank_lines_and_counts_them(tmp_path):
    path = write(tmp_path, "\n\na,b,c\n\n1,2,x\n   \n3,4,y\n\n")
    assert read_csv(path, label="c").labels == ["x", "y"]
    bad = write(tmp_path, "a,b,c\n\n1,2,x\n\n3,4\n", "bad.csv")
    with pytest.raises(TableError, match=r"bad.csv, line 5: 2 fields"):
        read_csv(bad, label="c")


def test_read_csv_without_a_header(tmp_path):
    path = write(tmp_path, "sunny, hot, no\nrain, mild, yes\n")
    data = read_csv(path, label="play", header=False, names=["outlook", "temperature", "play"])
    assert data.rows == [{"outlook": "sunny", "temperature": "hot"}, {"outlook": "rain", "temperature": "mild"}]
    assert data.labels == ["no", "yes"]


def test_names_replace_the_header(tmp_path):
    path = write(tmp_path, "x,x,y\n1,2,a\n")
    data = read_csv(path, label="label", names=["first", "second", "label"])
    assert data.rows == [{"first": 1, "second": 2}]


def test_read_csv_other_options(tmp_path):
    path = write(tmp_path, "a;b;c\n1,5;NA;x\n")
    data = read_csv(path, label="c", delimiter=";", missing=("NA",))
    assert data.rows == [{"a": "1,5", "b": None}]
    quoted = write(tmp_path, 'city,size,label\n"Paris, France",2.1,big\n', "quoted.csv")
    assert read_csv(quoted, label="label").rows == [{"city": "Paris, France", "size": 2.1}]
    with pytest.warns(TableWarning, match=r"column 'a' \(line 2: '1,5'; pass decimal=','\)"):
        exact = read_csv(path, label="c", delimiter=";", missing=None)
    assert exact.rows == [{"a": "1,5", "b": "NA"}]
    assert read_csv(path, label="c", delimiter=";", decimal=",", missing=("NA",)).rows == [{"a": 1.5, "b": None}]


def test_read_csv_drops_a_byte_order_mark_and_expands_the_home_folder(tmp_path, monkeypatch):
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "excel.csv").write_bytes(b"\xef\xbb\xbfsize,label\r\n1,a\r\n")
    data = read_csv("~/excel.csv", label="label")
    assert data.features == ["size"]
    assert data.rows == [{"size": 1}]


def test_read_csv_exact(tmp_path):
    path = write(tmp_path, "x,label\n0.1,a\n0.2,a\n")
    rows = read_csv(path, label="label", exact=True).rows
    assert sum(row["x"] for row in rows) == Fraction(3, 10)


# ---------------------------------------------------------------------------
# read_csv: errors name the file, the line and the fix.
# ---------------------------------------------------------------------------


def test_a_row_with_the_wrong_number_of_fields(tmp_path):
    path = write(tmp_path, "a,b,label\n1,2,x\n1,2,3,x\n")
    with pytest.raises(TableError, match=r"table.csv, line 3: 4 fields, but the table has 3 columns \(a, b, label\).*needs quotes"):
        read_csv(path, label="label")


def test_a_file_with_another_delimiter_gets_a_hint(tmp_path):
    path = write(tmp_path, "a;b;label\n1;2;x\n")
    with pytest.raises(TableError, match=r"no line holds the delimiter ',', .*every line holds ';'.*Pass delimiter=';'"):
        read_csv(path, label="label")
    with pytest.raises(TableError, match=r"no line holds the delimiter ',', .*Pass delimiter=';'"):
        read_csv(path, label="c", header=False, names=["a", "b", "c"])
    with pytest.raises(TableError, match=r"line 2: 1 fields.*Pass delimiter=';'"):
        read_csv(write(tmp_path, "a,b,label\n1;2;x\n", "mixed.csv"), label="label")


@pytest.mark.parametrize("text, what", [(" ", "empty"), ("?", "'\\?', a missing value")])
def test_an_empty_label(tmp_path, text, what):
    path = write(tmp_path, f"a,label\n1,x\n2,{text}\n")
    with pytest.raises(TableError, match=rf"table.csv, line 3: the label \(column 'label'\) is {what}; every row needs a label"):
        read_csv(path, label="label")


def test_a_missing_label_column_suggests_a_name(tmp_path):
    path = write(tmp_path, "age,Income\n1,x\n")
    with pytest.raises(TableError, match=r"table.csv has no column 'income' to take the labels from. Did you mean 'Income'\? The columns are: age, Income"):
        read_csv(path, label="income")


def test_a_label_number_out_of_range(tmp_path):
    path = write(tmp_path, "a,b\n1,x\n")
    with pytest.raises(TableError, match=r"label=2, but .*table.csv has 2 columns: number them from 0 to 1"):
        read_csv(path, label=2)


@pytest.mark.parametrize("label", [True, 1.0, ["b"]])
def test_a_label_of_the_wrong_type(tmp_path, label):
    path = write(tmp_path, "a,b\n1,x\n")
    with pytest.raises(TypeError, match="label must be a column name"):
        read_csv(path, label=label)


@pytest.mark.parametrize("text", ["", "\n\n  \n"])
def test_an_empty_file(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(TableError, match=r"table.csv is empty: it has no header line and no rows"):
        read_csv(path, label="a")
    with pytest.raises(TableError, match=r"table.csv has no rows"):
        read_csv(path, label="a", header=False, names=["a", "b"])


def test_a_header_without_rows(tmp_path):
    path = write(tmp_path, "a,b\n\n")
    with pytest.raises(TableError, match=r"table.csv has only a header line: there are no examples"):
        read_csv(path, label="b")


def test_a_header_with_a_name_twice(tmp_path):
    path = write(tmp_path, "\nage, colour, age, label\n1,2,3,x\n")
    with pytest.raises(TableError, match=r"table.csv, line 2: the header names two columns 'age' \(columns 1 and 3\).*names=\[\.\.\.\]"):
        read_csv(path, label="label")


def test_a_header_with_an_unnamed_column(tmp_path):
    path = write(tmp_path, ",a,label\n0,1,x\n")  # as pandas writes its index
    with pytest.raises(TableError, match=r"line 1: the header gives column 1 no name"):
        read_csv(path, label="label")


def test_an_error_of_the_csv_module_names_the_line(tmp_path):
    path = write(tmp_path, "a,label\n1,x\n" + "2" * 200_000 + ",y\n", "huge.csv")
    with pytest.raises(TableError, match=r"huge.csv, line 3: field larger than field limit"):
        read_csv(path, label="label")


def test_bad_arguments(tmp_path):
    path = write(tmp_path, "a,b\n1,x\n")
    # Without names, header=False numbers the columns from 0, as pandas does.
    assert read_csv(path, label=1, header=False).rows == [{0: "a"}, {0: 1}]
    with pytest.raises(TypeError, match="names is a single string"):
        read_csv(path, label="b", header=False, names="a,b")
    with pytest.raises(ValueError, match="names holds 'a' twice"):
        read_csv(path, label="b", header=False, names=["a", "a"])
    with pytest.raises(ValueError, match=r"names\[1\] is ''"):
        read_csv(path, label="b", header=False, names=["a", ""])
    with pytest.raises(TypeError, match=r"missing is a single string .*missing=\('\?',\) -- note the comma"):
        read_csv(path, label="b", missing="?")
    with pytest.raises(TypeError, match="missing holds 0"):
        read_csv(path, label="b", missing=("?", 0))
    with pytest.raises(TypeError, match=r"path= must be a path, a str or a pathlib.Path, not TextIOWrapper"):
        with open(path) as file:
            read_csv(file, label="b")
    with pytest.raises(FileNotFoundError, match="nope.csv"):
        read_csv(tmp_path / "nope.csv", label="b")


# ---------------------------------------------------------------------------
# Dataset.
# ---------------------------------------------------------------------------

SMALL = Dataset(
    rows=[{"colour": "red", "size": 3, "shape": "round"}, {"colour": "green", "size": 5, "shape": "long"}],
    labels=["apple", "banana"],
    features=["colour", "size", "shape"],
)


def test_dataset_repr_shows_sizes_and_names_not_rows():
    assert repr(SMALL) == "Dataset(2 rows, features=['colour', 'size', 'shape'], label_names=['apple', 'banana'])"
    many = Dataset([{}] * 12, list(range(12)), [])
    assert repr(many).endswith("label_names=[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...])")
    mixed = Dataset([{}, {}], ["b", 1], [])
    assert mixed.label_names == ["b", 1]  # cannot be sorted: order of first appearance


def test_select_keeps_the_named_features_in_the_order_given():
    chosen = SMALL.select(["shape", "colour"])
    assert chosen.features == ["shape", "colour"]
    assert chosen.rows == [{"shape": "round", "colour": "red"}, {"shape": "long", "colour": "green"}]
    assert list(chosen.rows[0]) == ["shape", "colour"]
    assert chosen.labels == SMALL.labels and chosen.labels is not SMALL.labels
    assert SMALL.rows[0] == {"colour": "red", "size": 3, "shape": "round"}  # unchanged


def test_select_errors():
    with pytest.raises(ValueError, match=r"unknown feature 'colur'\. Did you mean 'colour'\? The features are: colour, size, shape"):
        SMALL.select(["colur"])
    with pytest.raises(TypeError, match=r"not a single string; write select\(\['size'\]\)"):
        SMALL.select("size")
    with pytest.raises(ValueError, match="names the feature 'size' twice"):
        SMALL.select(["size", "size"])
    with pytest.raises(ValueError, match="at least one feature"):
        SMALL.select([])


# ---------------------------------------------------------------------------
# The shipped tables.
# ---------------------------------------------------------------------------


def shipped_bytes(name):
    return resources.files("naivebayes.datasets").joinpath("data", name).read_bytes()


def test_the_shipped_iris_file_is_the_published_one():
    assert hashlib.sha256(shipped_bytes("iris.csv")).hexdigest() == IRIS_SHA256


@pytest.mark.skipif(not (SHARED_DATA / "iris.csv").is_file(), reason="the shared data folder is not present")
def test_the_shipped_iris_file_is_the_shared_copy():
    assert shipped_bytes("iris.csv") == (SHARED_DATA / "iris.csv").read_bytes()


def test_iris():
    rows, labels, features = load_iris()
    assert len(rows) == len(labels) == 150
    assert {name: labels.count(name) for name in set(labels)} == {"setosa": 50, "versicolor": 50, "virginica": 50}
    assert features == ["sepal_length", "sepal_width", "petal_length", "petal_width"]
    assert rows[0] == {"sepal_length": 5.1, "sepal_width": 3.5, "petal_length": 1.4, "petal_width": 0.2}
    assert all(type(value) is float for row in rows for value in row.values())
    assert load_iris().label_names == ["setosa", "versicolor", "virginica"]


def test_iris_exact():
    rows, labels, features = load_iris(exact=True)
    assert rows[0]["sepal_length"] == Fraction("5.1") == Fraction(51, 10)
    assert all(type(value) is Fraction for row in rows for value in row.values())
    setosa = [row["sepal_length"] for row, label in zip(rows, labels) if label == "setosa"]
    mean = sum(setosa) / len(setosa)
    assert mean == Fraction("5.006")  # the textbook mean, exactly
    variance = sum((x - mean) ** 2 for x in setosa) / (len(setosa) - 1)
    # By hand: the sum is 250.3 and the sum of squares 1259.09, so the variance
    # is (1259.09 - 250.3**2 / 50) / 49 = 6.0882 / 49 = 30441/245000 = 0.1242489...
    assert sum(setosa) == Fraction(2503, 10) and sum(x * x for x in setosa) == Fraction(125909, 100)
    assert variance == Fraction(30441, 245000)
    assert statistics.variance(setosa) == variance  # the standard library agrees, exactly
    # The float rows hold the nearest floats to the same decimals.
    assert [float(value) for value in rows[0].values()] == list(load_iris().rows[0].values())


# Mitchell, Machine Learning (1997), table 3.2, as the task states it.
PLAY_TENNIS = """
D1 sunny hot high weak no
D2 sunny hot high strong no
D3 overcast hot high weak yes
D4 rain mild high weak yes
D5 rain cool normal weak yes
D6 rain cool normal strong no
D7 overcast cool normal strong yes
D8 sunny mild high weak no
D9 sunny cool normal weak yes
D10 rain mild normal weak yes
D11 sunny mild normal strong yes
D12 overcast mild high strong yes
D13 overcast hot normal weak yes
D14 rain mild high strong no
"""


def test_play_tennis_is_mitchells_table():
    rows, labels, test_row = load_play_tennis()
    expected = [line.split()[1:] for line in PLAY_TENNIS.strip().splitlines()]
    assert [list(row.values()) + [label] for row, label in zip(rows, labels)] == expected
    assert all(list(row) == ["outlook", "temperature", "humidity", "wind"] for row in rows)
    assert test_row == {"outlook": "sunny", "temperature": "cool", "humidity": "high", "wind": "strong"}


def test_play_tennis_counts_behind_mitchells_answer():
    rows, labels, test_row = load_play_tennis()
    assert (labels.count("yes"), labels.count("no")) == (9, 5)

    def count(label, feature=None):
        return sum(1 for row, y in zip(rows, labels) if y == label and (feature is None or row[feature] == test_row[feature]))

    # P(yes) P(sunny|yes) P(cool|yes) P(high|yes) P(strong|yes) = 9/14 * 2/9 * 3/9 * 3/9 * 3/9
    assert [count("yes", feature) for feature in test_row] == [2, 3, 3, 3]
    assert [count("no", feature) for feature in test_row] == [3, 1, 4, 3]
    score = {}
    for label in ("yes", "no"):
        score[label] = Fraction(count(label), len(labels))
        for feature in test_row:
            score[label] *= Fraction(count(label, feature), count(label))
    assert score == {"yes": Fraction(1, 189), "no": Fraction(18, 875)}  # 0.0053 and 0.0206: "no"
    # A new list each call: changing it does not change the next call.
    test_row["wind"] = "weak"
    assert load_play_tennis()[2]["wind"] == "strong"


# ---------------------------------------------------------------------------
# The package.
# ---------------------------------------------------------------------------


def test_the_package_exports():
    assert set(datasets.__all__) == {
        "load_china", "load_spam", "load_20newsgroups", "load_iris", "load_adult", "load_play_tennis",
        "read_csv", "Dataset", "ArchiveError", "CacheError", "DownloadError", "TableError",
        "load_sms_spam", "load_names", "load_opinion_lexicon", "load_sentence_polarity", "load_movie_reviews",
        "load_reuters21578", "CorpusFileError", "load_optdigits", "DigitImages",
    }
    for name in datasets.__all__:
        assert getattr(datasets, name).__doc__


@pytest.mark.skipif(not hasattr(sys, "stdlib_module_names"), reason="needs Python 3.10")
def test_the_datasets_package_imports_the_standard_library_only():
    folder = Path(datasets.__file__).parent
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top == "naivebayes" or top in sys.stdlib_module_names, f"{path.name} imports {name}"


# ---------------------------------------------------------------------------
# Adult, from UCI's files in the shared data folder.
# ---------------------------------------------------------------------------

needs_adult = pytest.mark.skipif(
    not ((SHARED_DATA / "adult.data").is_file() and (SHARED_DATA / "adult.test").is_file()),
    reason="UCI's adult.data and adult.test are not in the shared data folder",
)


def raw_records(file_name):
    """The records of a raw Adult file as lists of stripped strings, by plain string operations."""
    lines = (SHARED_DATA / file_name).read_text(encoding="ascii").split("\n")
    records = [line.split(", ") for line in lines if line and not line.startswith("|")]
    assert all(len(record) == 15 for record in records)
    return records


@needs_adult
def test_adult_sizes_and_labels():
    train = load_adult("train", path=SHARED_DATA)
    test = load_adult("test", path=SHARED_DATA)
    everything = load_adult("all", path=SHARED_DATA)
    assert len(train.rows) == len(train.labels) == 32561
    assert len(test.rows) == len(test.labels) == 16281
    assert len(everything.rows) == len(everything.labels) == 48842
    assert everything.rows == train.rows + test.rows
    assert everything.labels == train.labels + test.labels
    assert set(train.labels) == set(test.labels) == {"<=50K", ">50K"}
    assert not any(label.endswith(".") for label in everything.labels)
    assert train.features == datasets.adult.FEATURES
    assert len(train.features) == 14


@needs_adult
def test_adult_first_rows():
    train = load_adult("train", path=SHARED_DATA)
    assert train.rows[0] == {
        "age": 39,
        "workclass": "State-gov",
        "fnlwgt": 77516,
        "education": "Bachelors",
        "education-num": 13,
        "marital-status": "Never-married",
        "occupation": "Adm-clerical",
        "relationship": "Not-in-family",
        "race": "White",
        "sex": "Male",
        "capital-gain": 2174,
        "capital-loss": 0,
        "hours-per-week": 40,
        "native-country": "United-States",
    }
    assert train.labels[0] == "<=50K"
    test = load_adult("test", path=SHARED_DATA)
    assert (test.rows[0]["age"], test.rows[0]["education"], test.labels[0]) == (25, "11th", "<=50K")


@needs_adult
@pytest.mark.parametrize("subset, file_name", [("train", "adult.data"), ("test", "adult.test")])
def test_adult_counts_match_the_raw_file(subset, file_name):
    records = raw_records(file_name)
    data = load_adult(subset, path=SHARED_DATA)
    assert len(data.rows) == len(records)
    for column, name in enumerate(data.features):
        expected_missing = sum(1 for record in records if record[column] == "?")
        assert sum(1 for row in data.rows if row[name] is None) == expected_missing, name
    assert "?" not in {value for row in data.rows for value in row.values()}
    assert data.labels.count(">50K") == sum(1 for record in records if record[14].startswith(">50K"))
    assert sum(row["age"] for row in data.rows) == sum(int(record[0]) for record in records)
    numeric = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]
    assert all(type(row[name]) is int for row in data.rows for name in numeric)


@needs_adult
def test_adult_known_missing_counts():
    # Counted with grep on UCI's files: workclass is "?" on 1,836 training rows
    # and 963 test rows; occupation on 1,843 and 966; native-country on 583 and 274.
    train = load_adult("train", path=SHARED_DATA)
    test = load_adult("test", path=SHARED_DATA)
    missing = {name: (sum(r[name] is None for r in train.rows), sum(r[name] is None for r in test.rows)) for name in train.features}
    assert missing["workclass"] == (1836, 963)
    assert missing["occupation"] == (1843, 966)
    assert missing["native-country"] == (583, 274)
    assert sum(n for n, _ in missing.values()) == 1836 + 1843 + 583  # no other column has "?"


@needs_adult
def test_adult_one_file_by_path_or_environment(monkeypatch):
    assert load_adult("test", path=SHARED_DATA / "adult.test").labels == load_adult("test", path=SHARED_DATA).labels
    monkeypatch.setenv("NAIVEBAYES_ADULT_PATH", str(SHARED_DATA))
    assert len(load_adult("train").rows) == 32561


def test_adult_path_errors(tmp_path, monkeypatch):
    fake = tmp_path / "adult.test"
    fake.write_text("25, Private, 226802, 11th, 7, Never-married, Machine-op-inspct, Own-child, Black, Male, 0, 0, 40, United-States, <=50K.\n")
    with pytest.raises(ValueError, match=r"path='.*adult.test' names the file .*subset='all' reads two files; name the folder"):
        load_adult("all", path=fake)
    with pytest.raises(ValueError, match=r"names adult.test, but subset='train' reads adult.data; pass subset='test'"):
        load_adult("train", path=fake)
    with pytest.raises(FileNotFoundError, match=r"names the folder .*, which holds no adult.data \(needed for subset='all'\)"):
        load_adult("all", path=tmp_path)
    with pytest.raises(FileNotFoundError, match=r"names .*nowhere, which does not exist"):
        load_adult(path=tmp_path / "nowhere")
    monkeypatch.setenv("NAIVEBAYES_ADULT_PATH", str(tmp_path / "gone"))
    with pytest.raises(FileNotFoundError, match="the environment variable NAIVEBAYES_ADULT_PATH names .*gone"):
        load_adult()
    assert load_adult("test", path=fake).labels == ["<=50K"]


def test_adult_argument_errors():
    with pytest.raises(ValueError, match=r"subset='training' is not one of \['train', 'test', 'all'\]"):
        load_adult("training")
    with pytest.raises(TypeError, match=r"path= must be a path, a str or a pathlib.Path, not list"):
        load_adult(path=["adult.data"])
    with pytest.raises(TypeError, match=r"data_home= must be a path"):
        load_adult(data_home=3)


def test_a_file_that_is_not_adults_is_refused_naming_the_line(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "adult.data").write_text("sepal_length,sepal_width,petal_length,petal_width,species\n5.1,3.5,1.4,0.2,setosa\n")
    with pytest.raises(TableError, match=r"adult.data, line 1: 5 fields, but the table has 15 columns \(age, workclass"):
        load_adult(path=folder)
    header = ", ".join(datasets.adult.FEATURES + ["income"])
    row = "39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K"
    (folder / "adult.data").write_text(f"{row}\n\n{header}\n{row}\n")
    with pytest.raises(TableError, match=r"adult.data, line 3: the label is 'income', not '<=50K' or '>50K'.*not UCI's"):
        load_adult(path=folder)
    (folder / "adult.data").write_text(f"|1x3 Cross validator\n{row}\n{row.replace('<=50K', 'rich')}\n")
    with pytest.raises(TableError, match=r"adult.data, line 3: the label is 'rich'"):
        load_adult(path=folder)
    (folder / "adult.data").write_text("")
    with pytest.raises(TableError, match=r"adult.data has no rows"):
        load_adult(path=folder)


def test_no_adult_file_and_no_download_says_where_it_looked(tmp_path):
    cache = tmp_path / "home" / "naivebayes_data" / "adult.data"
    with pytest.raises(FileNotFoundError) as error:
        load_adult(download_if_missing=False)
    message = str(error.value)
    assert "adult.data was not found: path= was not given, NAIVEBAYES_ADULT_PATH is not set" in message
    assert f"the cache {cache} does not exist" in message
    assert "download_if_missing=True" in message and "load_adult(path='path/to/folder')" in message
    assert not (tmp_path / "home").exists()  # nothing was created


def test_label_none_reads_a_table_without_labels(tmp_path):
    # Rows to predict: every column is a feature, and there are no labels to take out.
    path = write(tmp_path, "a,b\n1,x\n2,?\n")
    data = read_csv(path, label=None)
    assert data.rows == [{"a": 1, "b": "x"}, {"a": 2, "b": None}]
    assert (data.labels, data.features, data.label_names) == (None, ["a", "b"], [])
    assert data.select(["b"]).labels is None


# ---------------------------------------------------------------------------
# Reading a file never changes the data quietly (issue 19).
# ---------------------------------------------------------------------------

ADULT_LINES = (
    "39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K\n"
    "50, Self-emp-not-inc, 83311, Bachelors, 13, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 13, United-States, <=50K\n"
    "38, Private, 215646, HS-grad, 9, Divorced, Handlers-cleaners, Not-in-family, White, Male, 0, 0, 40, United-States, >50K\n"
)


def test_a_first_line_of_data_is_not_taken_as_the_header(tmp_path):
    path = write(tmp_path, ADULT_LINES, "adult.data")
    with pytest.raises(TableError, match=r"adult.data, line 1: the first line looks like data, not a header: it has numbers \('39', '77516', '13'\).*pass header=False.*pass header=True"):
        read_csv(path, label=-1)
    data = read_csv(path, label=-1, header=False)
    assert len(data.rows) == 3 and data.labels == ["<=50K", "<=50K", ">50K"]
    assert data.features == list(range(14)) and data.rows[0][0] == 39 and data.rows[0][1] == "State-gov"


def test_names_with_a_header_line_that_is_data_would_skip_a_row(tmp_path):
    path = write(tmp_path, "1,2,x\n3,4,y\n5,6,x\n")
    with pytest.raises(TableError, match=r"line 1: the first line looks like data.*would be skipped as the header.*header=False"):
        read_csv(path, label="c", names=["a", "b", "c"])
    assert len(read_csv(path, label="c", names=["a", "b", "c"], header=False).rows) == 3


def test_header_true_keeps_a_header_of_numbers(tmp_path):
    path = write(tmp_path, "2019,2020,label\n1,2,x\n3,4,y\n")
    with pytest.raises(TableError, match="looks like data"):
        read_csv(path, label="label")
    assert read_csv(path, label="label", header=True).rows == [{"2019": 1, "2020": 2}, {"2019": 3, "2020": 4}]


def test_a_header_of_words_above_numbers_is_still_a_header(tmp_path):
    path = write(tmp_path, "age,colour,label\n39,red,x\n50,blue,y\n")
    assert read_csv(path, label="label").features == ["age", "colour"]


def test_header_false_refuses_a_first_line_that_is_a_header(tmp_path):
    path = write(tmp_path, "age,colour,label\n39,red,x\n50,blue,y\n")
    with pytest.raises(TableError, match=r"line 1: the first line looks like a header, not data: 'age' heads a column of numbers.*Pass header=True"):
        read_csv(path, label="c", header=False, names=["a", "b", "c"])
    assert len(read_csv(path, label="c", header=True, names=["a", "b", "c"]).rows) == 2


@pytest.mark.skipif(not (SHARED_DATA / "adult.data").is_file(), reason="UCI's adult.data is not in the shared data folder")
def test_uci_adult_data_without_names_is_refused_and_read_whole_with_header_false():
    with pytest.raises(TableError, match="the first line looks like data"):
        read_csv(SHARED_DATA / "adult.data", label=-1)
    data = read_csv(SHARED_DATA / "adult.data", label=-1, header=False)
    assert len(data.rows) == 32561 and data.rows[0][0] == 39


MESSAGES = "ham\tSee you at noon\nham\t\"Quoted start, never closed\nspam\tWIN cash now\nham\tLunch?\nspam\tFree prize\n"


def test_a_stray_quote_that_swallows_rows_is_refused_with_the_option_that_fixes_it(tmp_path):
    path = write(tmp_path, MESSAGES, "messages.tsv")
    with pytest.raises(TableError, match=r"messages.tsv, line 2: .*a double quote opens a field on line 2.*pass quoting=False"):
        read_csv(path, label=0, delimiter="\t", header=False)
    # A quote that closes lines later, swallowing rows, is named with the lines it took.
    swallowed = write(tmp_path, 'ham\t"Hi\nspam\tWIN\nham\tbye"\nspam\tcash\n', "swallowed.tsv")
    with pytest.raises(TableError, match=r"line 1: a field opens a double quote that closes only on line 3.*quoting=False"):
        read_csv(swallowed, label=0, delimiter="\t", header=False)
    # Text after a closing quote would lose its quotes: refused too.
    after = write(tmp_path, 'ham\t"call me" he said\nspam\tcash\n', "after.tsv")
    with pytest.raises(TableError, match=r"line 1: .*expected after.*quoting=False"):
        read_csv(after, label=0, delimiter="\t", header=False)
    assert read_csv(after, label=0, delimiter="\t", header=False, quoting=False).rows[0] == {1: '"call me" he said'}
    data = read_csv(path, label=0, delimiter="\t", header=False, quoting=False)
    assert data.labels == ["ham", "ham", "spam", "ham", "spam"]
    assert data.rows[1] == {1: '"Quoted start, never closed'}


def test_a_quoted_field_over_several_lines_without_rows_in_it_is_kept(tmp_path):
    path = write(tmp_path, 'label,text\nham,"two\nlines"\nspam,one\n')
    assert read_csv(path, label="label").rows == [{"text": "two\nlines"}, {"text": "one"}]


def test_quoting_must_be_true_or_false(tmp_path):
    path = write(tmp_path, "a,b\n1,x\n")
    with pytest.raises(TypeError, match="quoting must be True or False"):
        read_csv(path, label="b", quoting=3)


def test_numbers_with_thousands_separators_are_said_once_and_read_with_thousands(tmp_path):
    rows = "".join(f'"{n:,}",{"x" if n % 2 else "y"}\n' for n in range(900, 1900, 7))
    path = write(tmp_path, "income,label\n" + rows)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = read_csv(path, label="label")
    assert len(caught) == 1 and caught[0].category is TableWarning
    assert "column 'income' (line 17: '1,005'; pass thousands=',')" in str(caught[0].message)
    assert data.rows[15] == {"income": "1,005"}
    data = read_csv(path, label="label", thousands=",")
    assert data.rows[0] == {"income": 900} and data.rows[15] == {"income": 1005}


def test_thousands_and_decimal_european_style(tmp_path):
    path = write(tmp_path, "price;label\n1.234,5;x\n12,25;y\n")
    with pytest.warns(TableWarning, match="price"):
        read_csv(path, label="label", delimiter=";")
    data = read_csv(path, label="label", delimiter=";", thousands=".", decimal=",")
    assert data.rows == [{"price": 1234.5}, {"price": 12.25}]


@pytest.mark.parametrize("text, thousands, decimal, value", [
    ("1,234", ",", ".", 1234), ("-1,234,567.5", ",", ".", -1234567.5), ("12,34", ",", ".", "12,34"),
    ("1,2345", ",", ".", "1,2345"), ("1 234", " ", ".", 1234), ("3,25", None, ",", 3.25), ("1.5", ".", ",", "1.5"),
    ("abc", ",", ".", "abc"), ("1,234.", ",", ".", "1,234."),
])
def test_parse_field_with_separators(text, thousands, decimal, value):
    assert parse_field(text, thousands=thousands, decimal=decimal) == value
    assert type(parse_field(text, thousands=thousands, decimal=decimal)) is type(value)


@pytest.mark.parametrize("settings, error", [
    ({"thousands": ",,"}, TypeError), ({"thousands": "1"}, TypeError), ({"decimal": None}, TypeError),
    ({"thousands": ",", "decimal": ","}, ValueError),
    ({"header": "no"}, TypeError),
])
def test_number_format_and_header_settings_are_checked(tmp_path, settings, error):
    path = write(tmp_path, "a;b\n1;x\n")
    with pytest.raises(error):
        read_csv(path, label="b", **{"delimiter": ",", **settings})


def test_a_table_read_without_any_doubt_warns_nothing(tmp_path):
    path = write(tmp_path, 'age,city,label\n39,"Paris, France",x\n50,Rome,y\n')
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(read_csv(path, label="label").rows) == 2


def test_a_title_line_above_the_rows_is_refused_naming_it(tmp_path):
    path = write(tmp_path, "|1x3 Cross validator\n" + ADULT_LINES, "adult.test")
    with pytest.raises(TableError, match=r"adult.test, line 1: 1 field \('\|1x3 Cross validator'\), but every row below has 15: is that line a title"):
        read_csv(path, label=-1, header=False)


def test_a_tab_separated_file_read_with_commas_is_refused_even_when_some_texts_hold_commas(tmp_path):
    path = write(tmp_path, "label\ttext\nham\tHi, how are you\nspam\tWIN cash\n", "messages.txt")
    with pytest.raises(TableError, match=r"the first line does not hold the delimiter ',', so the table would have a single column.*Pass delimiter='\\t'"):
        read_csv(path, label="label")
    assert read_csv(path, label="label", delimiter="\t").labels == ["ham", "spam"]


def test_a_column_of_numbers_with_na_is_said_once_with_missing(tmp_path):
    path = write(tmp_path, "age,city,label\n39,Paris,x\nNA,Rome,y\n50,NA,x\n41,Rome,y\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = read_csv(path, label="label")
    told = [str(w.message) for w in caught if w.category is TableWarning]
    assert len(told) == 1 and "column 'age' (line 3: 'NA')" in told[0] and "pass missing=('', '?', 'NA')" in told[0]
    assert "'city'" not in told[0] and data.rows[1]["age"] == "NA"
    assert read_csv(path, label="label", missing=("?", "", "NA")).rows[1] == {"age": None, "city": "Rome"}


# ---------------------------------------------------------------------------
# A NUL byte or another control character in a field: the file looks binary (issue 30)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("character", ["\x00", "\x01", "\x08", "\x0b", "\x0c", "\x1b", "\x7f"])
def test_a_control_character_in_a_field_is_refused_with_the_line_and_column(tmp_path, character):
    path = tmp_path / "table.csv"
    path.write_text(f"colour,size,label\nred,1,a\nbl{character}ue,2,b\n", encoding="utf-8")
    with pytest.raises(TableError) as raised:
        read_csv(path, label="label")
    message = str(raised.value)
    assert "line 3" in message and "column 'colour'" in message and "looks binary" in message
    assert f"0x{ord(character):02x}" in message


def test_a_nul_byte_in_the_header_or_the_label_is_refused_too(tmp_path):
    path = tmp_path / "table.csv"
    path.write_bytes(b"colour,la\x00bel\nred,a\nblue,b\n")
    with pytest.raises(TableError, match="line 1.*looks binary"):
        read_csv(path, label=-1)
    path.write_bytes(b"colour,label\nred,a\x00\nblue,b\n")
    with pytest.raises(TableError, match="line 2, column 'label'.*looks binary"):
        read_csv(path, label="label")


def test_tabs_and_line_breaks_inside_quotes_are_text_not_binary(tmp_path):
    path = tmp_path / "table.csv"
    path.write_text('note,label\n"one\ttwo",a\n"three\r\nfour",b\n', encoding="utf-8")
    assert read_csv(path, label="label").rows == [{"note": "one\ttwo"}, {"note": "three\r\nfour"}]


def test_a_table_answers_scikit_learns_names_with_scikit_learns_meaning():
    iris = load_iris()
    assert iris.data is iris.rows and iris.feature_names is iris.features
    assert iris.target_names == ["setosa", "versicolor", "virginica"]
    assert [iris.target_names[t] for t in iris.target] == iris.labels  # positions, as scikit-learn's target
    assert iris.target[:2] == [0, 0] and iris.target[-1] == 2
    assert iris.DESCR.startswith("Dataset(150 rows") and "4 features: sepal_length" in iris.DESCR
    with pytest.raises(AttributeError, match="not pandas frames"):
        iris.frame
    with pytest.raises(AttributeError, match="Did you mean 'target'"):
        iris.targt
    unlabeled = read_csv_lines(["a,b", "1,2"], label=None)
    with pytest.raises(ValueError, match="read with label=None, so it has no target"):
        unlabeled.target
