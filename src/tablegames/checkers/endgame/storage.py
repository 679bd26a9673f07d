"""The files of a built database: per slice, `slice-BMBKWMWK.values` (2 bits a position) and `.depths` (a byte a
position, zlib-compressed), in `checkers-endgame/` of the user data folder.

Each file is a 40-byte header and a payload:

    magic b"TGCKEDB1", format version (u16), kind (u16: 1 values, 2 depths), the four piece counts (u8 each),
    positions (u64: both sides to move), longest win or loss in plies (u32), payload length (u64), CRC-32 of
    the payload (u32), all little-endian.

A file that does not match its slice exactly (a cut, a flipped byte, another slice's file under its name) raises
EndgameFileError saying what is wrong; it is never used.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from tablegames.checkers.endgame.index import Material, slice_size
from tablegames.core.files import write_atomic
from tablegames.core.places import data_folder

MAGIC = b"TGCKEDB1"
VERSION = 1
VALUES, DEPTHS = 1, 2
HEADER = struct.Struct("<8sHH4BQIQI")
FOLDER_NAME = "checkers-endgame"


class EndgameFileError(ValueError):
    """A database file that cannot be used (missing, cut short, damaged, or of another slice)."""


def default_folder() -> Path:
    return data_folder() / FOLDER_NAME


def slice_name(material: Material) -> str:
    return "slice-" + "".join(str(count) for count in material)


def values_path(folder: Path, material: Material) -> Path:
    return folder / (slice_name(material) + ".values")


def depths_path(folder: Path, material: Material) -> Path:
    return folder / (slice_name(material) + ".depths")


def _encode(kind: int, material: Material, longest: int, payload: bytes) -> bytes:
    positions = 2 * slice_size(*material)
    header = HEADER.pack(MAGIC, VERSION, kind, *material, positions, longest, len(payload), zlib.crc32(payload))
    return header + payload


def encode_values(material: Material, packed: npt.NDArray[np.uint8], longest: int) -> bytes:
    return _encode(VALUES, material, longest, packed.tobytes())


def encode_depths(material: Material, depths: npt.NDArray[np.uint8]) -> bytes:
    return _encode(DEPTHS, material, 0, zlib.compress(depths.tobytes(), 6))


def write_values(folder: Path, material: Material, packed: npt.NDArray[np.uint8], longest: int) -> None:
    write_atomic(values_path(folder, material), encode_values(material, packed, longest))


def write_depths(folder: Path, material: Material, depths: npt.NDArray[np.uint8]) -> None:
    write_atomic(depths_path(folder, material), encode_depths(material, depths))


@dataclass(frozen=True)
class StoredValues:
    packed: npt.NDArray[np.uint8]
    longest: int


def _read(path: Path, kind: int, material: Material) -> tuple[bytes, int]:
    """The checked payload and the header's longest win; EndgameFileError otherwise."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EndgameFileError(f"{path}: missing") from None
    except OSError as error:
        raise EndgameFileError(f"{path}: cannot read it ({error.strerror})") from None
    if len(data) < HEADER.size:
        raise EndgameFileError(f"{path}: {len(data)} bytes, shorter than the {HEADER.size}-byte header")
    magic, version, file_kind, bm, bk, wm, wk, positions, longest, length, crc = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise EndgameFileError(f"{path}: not a checkers endgame file")
    if version != VERSION:
        raise EndgameFileError(f"{path}: format version {version}, this program reads {VERSION}")
    if file_kind != kind or (bm, bk, wm, wk) != tuple(material) or positions != 2 * slice_size(*material):
        raise EndgameFileError(f"{path}: holds another slice or kind of table")
    payload = data[HEADER.size:]
    if len(payload) != length:
        raise EndgameFileError(f"{path}: payload of {len(payload)} bytes, the header says {length} (cut short?)")
    if zlib.crc32(payload) != crc:
        raise EndgameFileError(f"{path}: damaged (checksum mismatch)")
    return payload, longest


def read_values(folder: Path, material: Material) -> StoredValues:
    path = values_path(folder, material)
    payload, longest = _read(path, VALUES, material)
    expected = (2 * slice_size(*material) + 3) // 4
    if len(payload) != expected:
        raise EndgameFileError(f"{path}: {len(payload)} bytes of values, the slice needs {expected}")
    if longest > 255:
        raise EndgameFileError(f"{path}: longest win of {longest} plies, more than a depth byte holds")
    return StoredValues(np.frombuffer(payload, dtype=np.uint8).copy(), longest)


def read_depths(folder: Path, material: Material) -> npt.NDArray[np.uint8]:
    path = depths_path(folder, material)
    payload, _ = _read(path, DEPTHS, material)
    positions = 2 * slice_size(*material)
    try:
        raw = zlib.decompressobj().decompress(payload, positions + 1)
    except zlib.error:
        raise EndgameFileError(f"{path}: damaged (not zlib data)") from None
    if len(raw) != positions:
        raise EndgameFileError(f"{path}: {len(raw)} depths, the slice has {positions} positions")
    return np.frombuffer(raw, dtype=np.uint8).copy()
