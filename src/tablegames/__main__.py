import sys

from tablegames.cli import main

sys.exit(main())
