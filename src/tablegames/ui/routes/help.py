"""The planner's help page (F1 or ?, and the menu): what a run is, what the trains mean, how to read the map and
the tray, the keys. Markdown shown by the tables' rules page (`RulesScene`)."""

from __future__ import annotations

from tablegames.ui.overlay import RulesScene
from tablegames.ui.scene import Context

HELP = """# The route planner

Build an 18xx board, choose a railway company and its trains, and the planner finds the company's best run:
the most money all its trains can earn together, found exactly (every possibility is weighed, nothing is
guessed).

## What a run is

Each train of the company runs once along connected track, from stop to stop (cities, towns and off-boards),
and earns the values of the stops it visits.

- A run visits at least two stops, and at least one of them holds the company's station token.
- It never uses a piece of track twice, and never turns back where two tracks meet.
- The company's trains may not share track with each other (they may share a stop).
- A city whose every slot holds another company's token blocks the way: a run may end there but not pass through.
- An off-board (a red hex at the map's edge) ends a run.

The list on the right says each train's run by the names of its stops, for example
"4-train: Harrow – Tolland – Orrin Valley = 200", and the map draws it along the track in the train's colour,
its stops ringed. A stop without a name is called by its hex ("town at C9").

## What the trains mean

- A number train (2, 3, 4, 5, 6) counts that many stops at most: a 4-train visits up to four.
- A D-train (diesel) visits any number of stops, and some off-boards pay it more (their grey value).
- The phase says which tile colours may be laid (yellow, then green, then brown) and which off-board value
  counts: the one framed in gold.
- The company's trains are the coloured chips (click one to take it away); the + buttons add one (at most 6).

## Reading the map

- Names stand beside their city or town, never over track or another name. A small gold tag means the name did
  not fit there: point at the hex to read it. Pointing at any hex shows its coordinate, its name and what it
  costs to build on.
- The coordinates run along the map's edges: a hex's letters and number, as in "D10".
- White circles are city slots; a station token shows its company's colour and letters; a coloured ring is a
  company's home slot still to be filled. Black dots are towns. A number in a circle is a stop's value.
- Blue hexes with waves are water, tan hexes with peaks are mountains; the dollar figure is what building
  there costs. A thick blue line is a side no track may cross.
- Letters on a hex (B, OO, ...) say that only tiles with the same letters may be laid there.

## The tile tray

- Tiles tab: the tiles still in the supply, one colour at a time (the colour buttons). Under each tile: its
  number and how many copies are left ("57 ×3": tile 57, three left; no count: no limit). The line above says
  from which phase that colour may be laid.
- Click a hex: the tray shows exactly the tiles that may go there now and in how many ways each fits. Click one
  to lay it; R (or a second click on the hex) turns it to its next legal way. Undo takes the whole lay back.
- Run tab: the best run, each train's stops, the total, and on the details line the search's size and time.

## Keys and mouse

| Key | What it does |
| --- | --- |
| F1 or ? | this page |
| Click a hex | its legal tiles in the tray |
| Right-click | on a city: place or take away the company's station token |
| R | turn the tile just laid |
| Enter | run: find the best run |
| U or Backspace | undo |
| C, P | next company, next phase (or the arrows in the panel) |
| T | switch the panel between the run and the tiles |
| S, L | save the board, load the last saved one |
| M | sound on or off |
| Esc | the menu: save, load, open a board or map file, help, back to the lobby |
| Q | back to the lobby |

Drop a board or map file (1830 or 1889 style JSON) on the window to open it.
"""


class PlannerHelpScene(RulesScene):
    name = "routes:help"

    def __init__(self, context: Context) -> None:
        super().__init__(context, HELP)
