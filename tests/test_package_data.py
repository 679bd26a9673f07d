"""What the window reads at run time ships inside the package: an installed wheel works outside the checkout."""

import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
READ_AT_RUN_TIME = ("tablegames/checkers/weights/checkers.json", "tablegames/checkers/rules.md",
                    "tablegames/fasttrack/rules.md", "tablegames/routes/maps/harrowmere.json")


def test_the_files_are_package_resources():
    for name in READ_AT_RUN_TIME:
        package, _, rest = name.partition("/")
        assert resources.files(package).joinpath(rest).is_file(), name


@pytest.mark.slow
def test_a_built_wheel_holds_them(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, timeout=300)
    wheel = next(tmp_path.glob("tablegames-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert set(READ_AT_RUN_TIME) <= names
