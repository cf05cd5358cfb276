"""Shared test settings: ``--require-reference`` makes a missing reference tool a failure.

The tests that compare with scikit-learn, numpy and pandas skip cleanly when
those are not installed, so that the README's test command works anywhere.
CI installs them (the ``reference`` extra) and runs the tests again with
``--require-reference``, so that none of those comparisons can pass by
being skipped.
"""

import importlib.util
import os
import re
from pathlib import Path

import pytest

REFERENCE_TOOLS = ("numpy", "pandas", "sklearn", "scipy")
# What the browser and notebook tests need; .ci/run installs them before its --require-reference run.
REFERENCE_TOOLS += ("chromium", "jupytext", "nbclient", "ipykernel", "nbformat")
# Weka (Debian's weka package) checks tree-augmented naive Bayes; .ci/run installs it too.
REFERENCE_TOOLS += ("weka",)
# The engines of docs/many-cores.md (tests/test_engines.py): the "engines" extra and a Java runtime for Spark.
REFERENCE_TOOLS += ("pyspark", "dask", "distributed", "java")
# NLTK (the Porter stemmer's reference) and R's e1071 (whose skip says "Rscript with the e1071 package is
# not installed"); .ci/run installs both in its extras step.
REFERENCE_TOOLS += ("nltk", "e1071", "Rscript")
# The Pyodide runtime of the docs' Run buttons (tests/test_run_in_browser.py), fetched by
# docs/scripts/get_pyodide.py, which .ci/run runs before its docs build.  Without it the docs build stops
# and says what to run; the tests that build the site then build it without Run buttons, on purpose.
REFERENCE_TOOLS += ("pyodide",)
# mkdocs and its theme (the "docs" extra): the tests that build the site skip without them, saying
# "could not import 'mkdocs'" (or 'material'), and must run in a --require-reference run.
REFERENCE_TOOLS += ("mkdocs", "material")
_GET_PYODIDE = importlib.util.spec_from_file_location(
    "get_pyodide", Path(__file__).resolve().parent.parent / "docs" / "scripts" / "get_pyodide.py")
get_pyodide = importlib.util.module_from_spec(_GET_PYODIDE)
_GET_PYODIDE.loader.exec_module(get_pyodide)
if not get_pyodide.runtime_is_present():
    os.environ.setdefault("NAIVEBAYES_DOCS_WITHOUT_RUNTIME", "1")
MISSING_TOOL = re.compile(r"could not import '(\w+)|\b(e1071|Rscript)\b")


def missing_reference_tool(reason):
    """The reference tool a skip's reason says is missing, or None."""
    missing = MISSING_TOOL.search(reason)
    if missing is None:
        return None
    tool = (missing.group(1) or missing.group(2)).split(".")[0]
    return tool if tool in REFERENCE_TOOLS else None


def skip_reason(report):
    return str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)


def pytest_addoption(parser):
    parser.addoption(
        "--require-reference",
        action="store_true",
        help="fail, instead of skipping, a test whose reference tool (numpy, pandas, scikit-learn) is missing",
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or not item.config.getoption("--require-reference"):
        return
    reason = skip_reason(report)
    if missing_reference_tool(reason):
        report.outcome = "failed"
        report.longrepr = f"--require-reference: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """A whole module skipped at collection (a module-level ``pytest.importorskip``) fails too."""
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or not collector.config.getoption("--require-reference"):
        return
    reason = skip_reason(report)
    if missing_reference_tool(reason):
        report.outcome = "failed"
        report.longrepr = f"--require-reference: the whole of {collector.nodeid} was skipped: {reason}"


# ----------------------------------------------------------------------
# The slower checks
# ----------------------------------------------------------------------
# The README's test command must stay at about three minutes on two cores,
# whatever is installed and whether or not ../shared/data is there.  The checks
# below take seconds each (whole corpora, the companions on real data, browsers,
# notebook kernels, Spark and Dask, R and Weka, the large reference grids); they
# run when NAIVEBAYES_SLOW_TESTS=1, as in CI's later step (.ci/run), and are
# skipped otherwise with a reason that says so.  tests/test_slow_checks.py
# checks that every name here is still a test, so that the list cannot rot.
SLOW_CHECKS_RUN = os.environ.get("NAIVEBAYES_SLOW_TESTS") == "1"
SLOW_MODULES = {
    "test_site_browser", "test_site_offline", "test_run_in_browser",  # chromium
    "test_lectures_notebooks", "test_notebook_display", "test_model_selection_notebook",  # notebook kernels
    "test_engines",  # Spark and Dask
    "test_semi_supervised_companion",  # EM on real posts
}
SLOW_TESTS = {
    # R's e1071 and Weka, each a new process of R or Java
    "test_mixed_matches_e1071_with_missing_values", "test_e1071_k_j_is_the_number_of_factor_levels",
    "test_categorical_and_gaussian_alone_match_e1071", "test_the_tree_and_the_probabilities_agree_with_weka",
    "test_adult_tree_and_test_accuracy_agree_with_weka",
    # the companions on real data, and the numbers the pages quote from them
    "test_every_companion_runs_on_a_slice", "test_cornell_reproduces_the_lectures_printed_numbers",
    "test_full_run_on_all_2000_reviews_agrees_with_scikit_learn",  # Jurafsky and Martin ch. 4: 2,000 reviews, 80 s
    "test_lecture_7_follows_the_slides_in_their_order_and_keeps_going_further_apart",
    "test_pudding_reproduces_scikit_learns_macro_f1", "test_cornell_going_further_c_compares_naive_bayes_with_logistic_regression",
    "test_tfp_blog_class_sizes_are_read_off_the_posts_means", "test_output_quoted_on_the_docs_page_is_current",
    "test_cornell_lda_prints_the_lectures_means", "test_on_a_slice_of_adult_it_prints_both_panels_beside_the_paper",
    "test_the_adult_numbers_on_the_docs_page_are_the_scripts", "test_the_lectures_joint_table_is_on_the_page",
    "test_the_newsgroups_outlier_table_is_what_its_script_prints",
    "test_the_committed_adult_tree_picture_is_what_the_script_draws",
    "test_cornell_follows_the_lecture_in_its_order_and_keeps_going_further_apart",
    "test_lecture_7_joint_table_is_the_census_counted_by_hand", "test_from_scratch_step_8_trains_on_20_newsgroups",
    "test_cornell_step_3_is_the_lectures_logistic_regression_with_c_1e5",
    "test_lecture_7_census_numbers_agree_with_the_docs_pages",
    "test_cornell_says_which_tied_words_would_still_tie_counted_with_repeats",
    "test_lecture_7_reports_the_discretizing_experiment_whichever_way_it_goes",
    "test_the_whole_run_on_reuters_prints_the_split_the_ten_classes_and_f1_beside_the_book",  # IIR chapter 13, 40 s
    "test_on_the_collection_the_split_is_the_papers",  # Almeida et al. (SMS spam), each about 2 s
    "test_on_the_collection_scikit_learn_makes_the_same_predictions",
    "test_the_whole_run_prints_the_books_numbers_beside_ours",  # the NLTK book, chapter 6 (names), 7 s
    # Mitchell 6.9 and Murphy 9.3 (smoothing as a prior): runs on the digits (3 to 4 s), and with 20 Newsgroups (15 s)
    "test_the_run_on_a_slice_without_newsgroups", "test_the_credible_intervals_of_sweep_c_are_scipys_and_narrow",
    "test_the_newsgroups_sweep_on_a_slice",
    "test_the_slice_run_prints_what_the_library_recomputes",  # d2l's naive Bayes on UCI's digits, 5 s
    "test_the_whole_run_underflow_numbers_and_models_recompute",  # the same in full, with logistic regression, 40 s
    # whole corpora, and Adult as a user would run it
    "test_all_7532_test_posts_match_scikit_learn_for_both_norms",
    "test_runs_of_word_characters_equal_findall_on_every_post_of_20_newsgroups",
    "test_four_newsgroups_match_scikit_learn", "test_the_whole_fast_route_on_20_newsgroups",
    "test_the_tfidf_route_on_20_newsgroups", "test_the_packed_scorer_on_20_newsgroups",
    "test_the_one_hot_form_is_predict_proba_on_the_four_newsgroups", "test_the_real_archive_has_the_published_sizes",
    "test_20_newsgroups_in_shards_is_one_fit", "test_cross_validate_uci_adult_as_a_student_would",
    "test_uci_adult_as_a_new_user_would_use_it", "test_an_adult_subset_agrees_with_scikit_learn",
    "test_breast_cancer_lda_against_sklearn_lsqr_and_an_exact_oracle",
    # scikit-learn's splitters on large grids of settings
    "test_train_test_split_matches_scikit_learn_on_a_grid",
    "test_folds_and_repeated_splits_match_scikit_learn_on_random_draws",
    "test_kfold_and_stratified_kfold_match_scikit_learn_on_a_grid",
    "test_train_test_split_matches_scikit_learn_on_random_draws",
    # the table exercises' joint of the whole Adult census, read twice (2 s)
    "test_the_adult_run_reproduces_the_why_naive_page_with_the_data",
    # the grader on a whole class: a process per submission, a 3 s time limit run out (5 s)
    "test_a_class_of_cornells_assignment_graded_with_every_kind_of_trouble",
    "test_every_notes_assignment_graded_with_a_right_and_an_untouched_submission",
    # the text exercises in Cornell Tech's Lecture 8 classifier on 20 Newsgroups (7 s)
    "test_the_bernoulli_exercises_run_cornells_classifier_on_20_newsgroups",
    # the course exercises on Pang and Lee's reviews and Reuters-21578 (20 s)
    "test_the_reviews_and_reuters_runs_use_the_corpora_when_they_are_here",
    # the Exercises page's Check buttons in chromium (a build with the runtime, then Pyodide)
    "test_check_on_the_exercises_page_grades_a_function_offline",
    "test_opened_from_disk_check_says_it_needs_the_served_site",
}


def is_slow_check(item):
    module = Path(str(item.fspath)).stem
    return module in SLOW_MODULES or (getattr(item, "originalname", None) or item.name) in SLOW_TESTS


def pytest_collection_modifyitems(config, items):
    if SLOW_CHECKS_RUN:
        return
    skip = pytest.mark.skip(reason="a slower check: NAIVEBAYES_SLOW_TESTS=1 runs it (CI's later step does)")
    for item in items:
        if is_slow_check(item):
            item.add_marker(skip)
