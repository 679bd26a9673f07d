"""The bounds on what a map, a scenario, a board or a train may ask of the route search.

The kernels add revenues in int64 and take 2^40 (`kernels.INF`) for "no bound yet", so every revenue a search can
meet must stay far below both. A route visits at most MAX_STOPS stops; with every stop value, per-stop train bonus
and route bonus at most MAX_VALUE and a multiplier at most MAX_MULTIPLIER, one train earns at most
MAX_STOPS * 2 * MAX_VALUE * MAX_MULTIPLIER (about 8 * 10^10) before route bonuses. The search also refuses trains
that together could earn more than MAX_TOTAL (10^11, a tenth of 2^40). Readers check each field against these
bounds and name the file, the field and the bound; real 18xx values are a few hundred.
"""

from __future__ import annotations

MAX_STOPS = 4096  # stops of a network; also bounds the stops of one route
MAX_VALUE = 10**6  # a stop's value, a train's per-stop bonus, a route bonus
MAX_MULTIPLIER = 10  # a train's multiplier ("4x2": 2)
MAX_TOTAL = 10**11  # the most a company's trains together could earn (and a file's expected total)
MAX_LENGTH = 1000  # a segment's or junction's length in hexes
