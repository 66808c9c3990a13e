from checkers.we_speak_nyc import check
from eligibench.household import household


def test_age_16_qualifies():  # clause: 16 or older (edge)
    assert check(household({"age": 16}))


def test_age_15_does_not_qualify():  # clause: 16 or older (just below)
    assert not check(household({"age": 15}))


def test_age_17_qualifies():  # clause: 16 or older (just above)
    assert check(household({"age": 17}))


def test_english_level_does_not_matter():  # clause: English level not a condition
    assert check(household({"age": 40, "proficient_in_english_reading_and_writing": True}))
    assert check(household({"age": 40, "proficient_in_english_reading_and_writing": False}))


def test_living_outside_nyc_does_not_matter():  # clause: anyone can sign up (online)
    assert check(household({"age": 40, "place_of_residence": "Jersey"}))


def test_qualifies_through_teen_sibling():  # individual scope: non-self member
    assert check(household({"age": 15}, {"relation": "sibling", "age": 16}))


def test_household_of_young_children_only_does_not_qualify():  # no relevant member
    assert not check(household({"age": 15}, {"relation": "sibling", "age": 10}))
