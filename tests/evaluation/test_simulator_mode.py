import pytest

from eligibench.errors import ParamsError
from eligibench.evaluation.run import read_config
from eligibench.evaluation.user import (
    FREE_FORM,
    GroundedUser,
    SimulatedUser,
    SimulatorMode,
    make_user,
    read_mode,
    simulator_label,
)
from eligibench.params import load


def test_free_form_is_the_default_and_modes_read_from_params():
    assert read_mode(None) == FREE_FORM == read_mode("free-form")
    assert read_mode({"mode": "grounded", "select": "model", "answer": "model"}) == SimulatorMode("grounded", "model", "model")
    assert read_mode("grounded").label == "grounded:lexical/template"
    assert simulator_label("embedded:x", FREE_FORM) == "embedded:x"
    assert simulator_label("embedded:x", read_mode("grounded")) == "grounded:lexical/template"  # no model called
    assert simulator_label("embedded:x", read_mode({"answer": "model"})) == "embedded:x grounded:lexical/model"
    assert not read_mode("grounded").uses_model and FREE_FORM.uses_model


def test_bad_modes_name_the_key_and_the_choices():
    with pytest.raises(ParamsError, match=r"simulator_mode.select' is 'fuzzy', expected one of lexical, model"):
        read_mode({"mode": "grounded", "select": "fuzzy"})
    with pytest.raises(ParamsError, match="unknown key 'voice'"):
        read_mode({"voice": "x"})
    with pytest.raises(ParamsError, match="expected 'free-form', 'grounded'"):
        read_mode(3)


def test_the_project_params_parse_and_users_follow_the_mode():
    config = read_config(load())
    assert config.simulator_mode.mode in ("free-form", "grounded")

    class R:
        from benchmarks.selector_questions import HOUSEHOLD as household
        profile = "Your household has 4 people."

    assert isinstance(make_user(FREE_FORM, object(), R, 48), SimulatedUser)
    assert isinstance(make_user(read_mode("grounded"), None, R, 48), GroundedUser)
    with pytest.raises(ValueError, match="needs a simulator model"):
        make_user(read_mode({"select": "model"}), None, R, 48)
