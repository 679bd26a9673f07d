import os
import time

import pytest

from tablegames.core.files import STALE_SECONDS, write_atomic


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


def test_a_symbolic_link_stays_a_link_and_its_target_is_written(tmp_path):
    real = tmp_path / "real" / "settings.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new" and link.read_text() == "new"


def test_the_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path):
    kept = tmp_path / "kept.json"
    kept.write_text("x")
    kept.chmod(0o640)
    write_atomic(kept, "y")
    assert kept.stat().st_mode & 0o777 == 0o640
    old_umask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.json", "z")
    finally:
        os.umask(old_umask)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644


def test_stale_temporaries_of_a_killed_write_are_cleaned_but_fresh_ones_kept(tmp_path):
    target = tmp_path / "save.json"
    stale = tmp_path / ".save.json.abc123.tmp"
    fresh = tmp_path / ".save.json.def456.tmp"  # another write in progress right now
    other = tmp_path / ".other.json.zzz.tmp"
    for path in (stale, fresh, other):
        path.write_text("half")
    long_ago = time.time() - 2 * STALE_SECONDS
    os.utime(stale, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    write_atomic(target, "whole")
    assert not stale.exists() and fresh.exists() and other.exists() and target.read_text() == "whole"


def test_a_write_killed_half_way_leaves_the_old_file(tmp_path):
    """A subprocess killed (SIGKILL) while writing a large file: the target is the old one, whole."""
    import signal
    import subprocess
    import sys

    target = tmp_path / "big.json"
    write_atomic(target, "old")
    code = ("import sys, time\nfrom tablegames.core import files\nreal = files.os.replace\n"
            "def slow(*a):\n    print('writing', flush=True); time.sleep(60)\nfiles.os.replace = slow\n"
            f"files.write_atomic({str(target)!r}, 'x' * 10_000_000)\n")
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "writing"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    assert target.read_text() == "old"


def test_load_json_refuses_what_would_crash_a_reader():
    from tablegames.core.files import keep_bad_copy, load_json  # noqa: F401

    assert load_json('{"a": [1, 2.5]}', "x.json") == {"a": [1, 2.5]}
    for text, message in (("[" * 100_000, "nested more than"), ('{"a": NaN}', "NaN is not a number JSON allows"),
                          ('{"a": 1e999}', "too large"), ("{", "not JSON"), ('["\\"[[[["]', None)):
        if message is None:
            assert load_json(text, "x.json") == ['"[[[[']  # brackets inside a string are not nesting
            continue
        with pytest.raises(ValueError, match=message):
            load_json(text, "x.json")
    assert load_json('{"a": NaN}', "x.json", allow_non_finite=True)["a"] != 0
    with pytest.raises(ValueError, match="^x.json: the number 1{40}... has 5000 digits, too many$"):
        load_json("1" * 5000, "x.json")  # int() itself refuses it with a message naming no file
    assert load_json('{"a": 1, "a": 2}', "x.json") == {"a": 2}
    with pytest.raises(ValueError, match="^x.json: key 'a' appears twice in one object$"):
        load_json('{"a": 1, "a": 2}', "x.json", unique_keys=True)
