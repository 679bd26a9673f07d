import os

import pytest

from tablegames.core.files import write_atomic


def test_write_atomic_replaces_the_file_whole(tmp_path):
    target = tmp_path / "sub" / "a.json"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["a.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "a.json"
    write_atomic(target, "old")
    with pytest.raises(TypeError):
        write_atomic(target, 12345)  # not str or bytes
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["a.json"]
