"""Where the developers' shared folder is: `../shared` beside the checkout (reference data, not shipped)."""

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SHARED_18XX = SHARED / "data" / "18xx"
needs_shared_18xx = pytest.mark.skipif(not SHARED_18XX.exists(), reason="../shared/data/18xx is not beside the checkout")
