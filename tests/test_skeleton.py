"""The skeleton every model shares (naivebayes/naive_bayes/base.py): class counts, settings, training into a copy.

A model's settings are the parameters of its ``__init__``; each one is a
``Setting``, so that ``model.alpha = 2`` after ``fit`` is checked and applied
at once, while training, which only assigns tables, passes no hook at all.
"""

import inspect
import sys
from fractions import Fraction

import pytest

import naivebayes
from naivebayes import BernoulliNB, CategoricalNB, GaussianNB, MultinomialNB
from naivebayes.datasets import load_china, load_play_tennis
from naivebayes.naive_bayes.base import NaiveBayes, Setting, count_classes

DOCUMENTS, LABELS, TEST_DOCUMENT = load_china()


def every_model_class():
    """Every public class of the package built on the skeleton."""
    return sorted(
        {value for value in vars(naivebayes).values() if isinstance(value, type) and issubclass(value, NaiveBayes)},
        key=lambda cls: cls.__name__,
    )


def test_eq_class_counts_of_the_china_example():
    assert count_classes(["china", "china", "china", "japan"]) == {"china": 3, "japan": 1}
    assert count_classes([]) == {}
    assert count_classes([1, 2, 1, 1]) == {1: 3, 2: 1}


def test_eq_class_counts_are_the_ones_fit_keeps():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    assert model.class_counts_ == count_classes(LABELS) and model.n_examples_ == len(LABELS)


@pytest.mark.parametrize("Model", every_model_class(), ids=lambda cls: cls.__name__)
def test_the_settings_are_the_parameters_of_init_each_one_a_setting(Model):
    parameters = tuple(name for name in inspect.signature(Model.__init__).parameters if name != "self")
    assert Model.settings == parameters
    model = Model()
    assert list(model.get_params()) == list(parameters)
    for name in parameters:
        assert isinstance(inspect.getattr_static(Model, name), Setting)
        assert name in vars(model)  # read as a plain attribute: no frame on a read


def test_reading_a_setting_starts_no_frame():
    model = MultinomialNB(alpha=2).fit(DOCUMENTS, LABELS)
    started = []

    def tracer(frame, event, argument):
        if event == "call":
            started.append(frame.f_code.co_name)

    sys.settrace(tracer)
    try:
        model.alpha  # noqa: B018 (the read is the test)
    finally:
        sys.settrace(None)
    assert started == []
    model.alpha = 3  # (and the tracer does see an assignment)
    sys.settrace(tracer)
    try:
        model.alpha = 2
    finally:
        sys.settrace(None)
    assert "__set__" in started


def test_fit_passes_no_hook_on_assignment():
    names = []

    def tracer(frame, event, argument):
        if event == "call":
            is_a_model = isinstance(frame.f_locals.get("self"), NaiveBayes)
            names.append(f"{'a model' if is_a_model else 'other'}.{frame.f_code.co_name}")

    model = MultinomialNB()
    sys.settrace(tracer)
    try:
        model.fit(DOCUMENTS, LABELS)
    finally:
        sys.settrace(None)
    assert "a model._counted" in names  # (the tracer does see the model's methods)
    assert [name for name in names if name.endswith(("__setattr__", "__set__")) or name == "a model.__init__"] == []


def test_a_setting_assigned_after_fit_is_applied_at_once():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    model.alpha = 2
    fresh = MultinomialNB(alpha=2).fit(DOCUMENTS, LABELS)
    assert model.predict_joint_log_proba([TEST_DOCUMENT]) == fresh.predict_joint_log_proba([TEST_DOCUMENT])
    assert model.likelihood("tokyo", "japan") == fresh.likelihood("tokyo", "japan")


def test_a_bad_setting_is_refused_where_it_is_assigned_before_and_after_fit():
    model = MultinomialNB()
    with pytest.raises(ValueError, match="alpha"):
        model.alpha = -1
    assert model.alpha == 1
    model.fit(DOCUMENTS, LABELS)
    with pytest.raises(ValueError, match="alpha"):
        model.alpha = -1
    assert model.alpha == 1 and model.likelihood("tokyo", "china") == Fraction(1, 14)


def test_set_params_changes_several_settings_all_or_nothing():
    days, played, test_day = load_play_tennis()
    model = CategoricalNB().fit(days, played)
    before = model.predict_proba([test_day])
    with pytest.raises(ValueError, match="alpha"):
        model.set_params(fit_prior=False, alpha=-3)
    assert model.fit_prior is True and model.predict_proba([test_day]) == before
    assert model.set_params(fit_prior=False, alpha=2) is model
    fresh = CategoricalNB(fit_prior=False, alpha=2).fit(days, played)
    assert model.predict_proba([test_day]) == fresh.predict_proba([test_day])


def test_set_params_names_an_unknown_setting():
    with pytest.raises(ValueError, match="GaussianNB has no setting 'alpha'; its settings are var_smoothing"):
        GaussianNB().set_params(alpha=1)


def test_fit_counts_into_a_copy_and_leaves_the_model_as_it_was_on_failure():
    model = MultinomialNB().fit(DOCUMENTS, LABELS)
    before = {name: value for name, value in vars(model).items()}
    with pytest.raises(ValueError):
        model.fit(DOCUMENTS, LABELS[:-1])
    assert vars(model) == before


def test_a_setting_the_model_lacks_is_named_with_the_models_own_name():
    # Python's own message would name TextNaiveBayes.__init__, a class the student never made
    with pytest.raises(TypeError, match=r"^BernoulliNB has no setting 'binarize'; its settings are alpha, fit_prior, "
                       r"class_prior, tokenizer \(scikit-learn's 'binarize': the text models read words"):
        BernoulliNB(binarize=0.0)
    with pytest.raises(TypeError, match=r"^GaussianNB has no setting 'priors'.*class_prior=\{label: P\(c\)\}"):
        GaussianNB(priors=[0.5, 0.5])
    with pytest.raises(TypeError, match=r"^MultinomialNB has no setting 'alhpa'; its settings are alpha, fit_prior, class_prior, tokenizer$"):
        MultinomialNB(alhpa=1)
    with pytest.raises(ValueError, match=r"^MultinomialNB has no setting 'alhpa'"):
        MultinomialNB().set_params(alhpa=1)
