"""Where the developers' shared folder is: `../shared` beside the checkout (reference data, not shipped).

A test that needs it fails with a clear message when it is missing (CI and every developer have it beside the
checkout): a silent skip would hide that the 1830 and 1889 checks did not run.
"""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SHARED_18XX = SHARED / "data" / "18xx"


@pytest.fixture
def shared_18xx_folder() -> Path:
    if not SHARED_18XX.is_dir():
        pytest.fail(f"{SHARED_18XX} is missing: the 18xx map and tile data live in the shared folder beside the "
                    "checkout (../shared/data/18xx); clone or copy it there", pytrace=False)
    return SHARED_18XX


needs_shared_18xx = pytest.mark.usefixtures("shared_18xx_folder")
