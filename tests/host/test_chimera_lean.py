"""The move generator without its optional tables (as on the board) makes the same plays."""

import pytest

from engine_core.chimera import movegen
from tests.host import test_chimera_properties as props


@pytest.fixture(autouse=True)
def lean_tables():
    movegen.use_tables(False)
    yield
    movegen.use_tables(True)


def test_lean_leading_plays_are_exactly_the_reference():
    props.test_leading_plays_are_exactly_the_reference()


def test_lean_following_plays_are_exactly_the_reference():
    props.test_following_plays_are_exactly_the_reference()


def test_lean_generated_plays_classify_and_beat():
    props.test_every_generated_play_classifies_and_beats()
