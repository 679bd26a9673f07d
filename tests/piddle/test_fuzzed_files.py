"""Piddle's file readers under fuzzing (tests/fuzzing.py): mutated photos (PNG and JPEG) give a reading or the
reader's own error, and mutated solver-table caches are refused for a rebuild; never another exception, and the
file read is left as it was. (A mutation that claims a huge picture is refused from its header before anything
decodes it, which is what keeps a case from hanging.)"""

import io

import numpy as np
import pygame
import pytest
from hypothesis import given

import png_files
from fuzzing import fuzz_settings, mutated
from tablegames.photofile import PhotoError, load_photo
from tablegames.piddle import kernels, solver
from tablegames.piddle.scan import DiceReading, read_dice
from tablegames.piddle.scan_faces import block_mean
from tablegames.piddle.scan_synth import synthetic_photo
from tablegames.piddle.solver import Objective

SMALL_PHOTO = np.rint(block_mean(synthetic_photo(105, 0, touching=False).image, 3)).astype(np.uint8)  # 128 x 171


def jpeg_of(image: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(pygame.surfarray.make_surface(image.transpose(1, 0, 2)), buffer, "photo.jpg")
    return buffer.getvalue()


PNG = png_files.rgb8(SMALL_PHOTO)
JPEG = jpeg_of(SMALL_PHOTO)


def read_or_refuse(path) -> DiceReading | None:
    """The reading, or None when the reader refused the file with its own error (what the window shows)."""
    try:
        image = load_photo(path)
    except PhotoError:
        return None
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    try:
        return read_dice(image)
    except ValueError as error:
        assert "is not a picture" in str(error)  # the one refusal a decoded photo can meet: too small
        return None


@pytest.mark.parametrize("name, valid", [("photo.png", PNG), ("photo.jpg", JPEG)])
def test_the_unmutated_photos_read(tmp_path, name, valid):
    path = tmp_path / name
    path.write_bytes(valid)
    assert isinstance(read_or_refuse(path), DiceReading)


@fuzz_settings()
@given(data=mutated(PNG))
def test_fuzzed_png_photos_read_or_are_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("photo") / "photo.png"
    path.write_bytes(data)
    read_or_refuse(path)
    assert path.read_bytes() == data


@fuzz_settings()
@given(data=mutated(JPEG))
def test_fuzzed_jpeg_photos_read_or_are_refused(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("photo") / "photo.jpg"
    path.write_bytes(data)
    read_or_refuse(path)
    assert path.read_bytes() == data


OBJECTIVE = Objective()


@pytest.fixture(scope="module")
def cache_bytes(tmp_path_factory):
    path = tmp_path_factory.mktemp("tables") / "tables.npz"
    solver.save_tables(path, solver.tables_for(OBJECTIVE))
    return path.read_bytes()


def test_a_damaged_cache_is_rebuilt(tmp_path, cache_bytes):
    path = solver.cache_path(OBJECTIVE, tmp_path)
    path.write_bytes(cache_bytes[: len(cache_bytes) // 2])
    solver._MEMORY.clear()
    rebuilt = solver.tables_for(OBJECTIVE, tmp_path)
    np.testing.assert_array_equal(rebuilt.round_values, solver.tables_for(OBJECTIVE).round_values)
    assert path.read_bytes() == cache_bytes  # written again whole


def with_round_values_shape(data: bytes, shape: str) -> bytes:
    """The cache with its round_values header claiming `shape` (in the header's padding: every offset stays)."""
    old = f"'shape': {solver.ROUND_VALUES_SHAPE}, }}".encode()
    new = f"'shape': {shape}, }}".encode()
    start = data.index(old)
    end = start + len(old) + len(new) - len(old)
    assert data[start + len(old):end] == b" " * (len(new) - len(old))
    return data[:start] + new + data[end:]


@pytest.mark.parametrize("shape", ["(9999999999999,)", "(99999999, 3, 26, 3, 3)", "(" + "9" * 30 + ", 3)"])
def test_a_cache_whose_header_claims_a_huge_array_is_refused_before_reading(tmp_path, cache_bytes, shape):
    """Once MemoryError ('Unable to allocate 72.8 TiB') or OverflowError out of the cache reader."""
    path = tmp_path / "tables.npz"
    path.write_bytes(with_round_values_shape(cache_bytes, shape))
    assert solver.load_tables(path, OBJECTIVE) is None


@pytest.mark.parametrize("method", [9, 99])
def test_a_cache_with_an_unknown_compression_method_is_refused(tmp_path, cache_bytes, method):
    """Once NotImplementedError ('That compression method is not supported') out of the cache reader."""
    entry = cache_bytes.index(b"PK\x01\x02")  # the central directory's first entry; its method at offset 10
    path = tmp_path / "tables.npz"
    path.write_bytes(cache_bytes[:entry + 10] + method.to_bytes(2, "little") + cache_bytes[entry + 12:])
    assert solver.load_tables(path, OBJECTIVE) is None


def test_a_cache_whose_array_header_numpy_cannot_tokenize_is_refused(tmp_path, cache_bytes):
    """Found by the fuzz test: a null byte in an array's header and its closing brace gone. numpy's parser fails on
    the null byte, and its fallback for Python 2 headers, which tokenizes the header, raises tokenize.TokenError
    (an unclosed brace), which is not one of its ValueErrors."""
    start = cache_bytes.find(b"{'descr': '<f8'")  # a table's: read far from its end, before its CRC is checked
    end = cache_bytes.find(b"}", start)
    path = tmp_path / "tables.npz"
    data = cache_bytes[:start] + b"\x00" + cache_bytes[start:end] + cache_bytes[end + 1:]  # the same length
    path.write_bytes(data)
    assert solver.load_tables(path, OBJECTIVE) is None
    assert path.read_bytes() == data


def test_fuzzed_solver_table_caches_are_refused_or_read_whole(tmp_path_factory, cache_bytes):
    @fuzz_settings()
    @given(data=mutated(cache_bytes))
    def check(data):
        path = tmp_path_factory.mktemp("tables") / "tables.npz"
        path.write_bytes(data)
        tables = solver.load_tables(path, OBJECTIVE)
        if tables is not None:  # a mutation the file's own checks cannot see (a number changed): still whole
            assert tables.round_values.shape == (kernels.PLAYERS_AFTER, kernels.MAX_REROLLS + 1, kernels.HANDS, 3, 3)
            assert np.all(np.isfinite(tables.round_values))
        assert path.read_bytes() == data

    check()
