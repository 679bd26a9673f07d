"""Music styles as a table: each row says tempo, groove, scale, patterns and instruments; a new style is a new row.

Patterns are 16 steps (sixteenth notes) of one 4/4 bar, one character a step:
- drums: 'X' accent, 'x' normal, 'o' medium, 'g' ghost, '.' silent;
- bass: 'R' chord root, 'F' fifth above it, 'f' fifth below it, 'O' root an octave up, '-' hold the previous note,
  '.' rest;
- chords, arpeggio and lead rhythm: 'x' a note, '-' hold, '.' rest (the lead rhythm has exactly four notes,
  one for each note of the motif).
"""

from __future__ import annotations

from dataclasses import dataclass, field

STEPS_PER_BAR = 16

# General MIDI percussion numbers (channel 10) used by the drum patterns.
KICK, RIM, SNARE, CLAP, CLOSED_HAT, OPEN_HAT, CRASH = 36, 37, 38, 39, 42, 46, 49
GM_DRUM_NAMES: dict[int, str] = {
    KICK: "kick",
    RIM: "rim shot",
    SNARE: "snare",
    CLAP: "clap",
    CLOSED_HAT: "closed hat",
    OPEN_HAT: "open hat",
    CRASH: "crash",
}

DRUM_VELOCITY = {"X": 118, "x": 96, "o": 72, "g": 42}

NATURAL_MINOR = (0, 2, 3, 5, 7, 8, 10)
DORIAN = (0, 2, 3, 5, 7, 9, 10)
MAJOR = (0, 2, 4, 5, 7, 9, 11)

TRACKS = ("drums", "bass", "chords", "arp", "lead")


@dataclass(frozen=True)
class Style:
    name: str
    slug: str
    tempo_range: tuple[int, int]  # beats per minute, both ends included
    swing: float  # how far the off sixteenths are pushed late, as a share of a sixteenth
    scale: tuple[int, ...]  # seven semitone offsets above the tonic
    tonic: int  # pitch class of the home key (0 = C)
    drums: tuple[tuple[int, str], ...] = ()
    hat_rolls: bool = False  # trap: bursts of triplet hats
    bass: str = ""
    bass_glide: bool = False  # 808 slides between tied bass notes
    chords: str = ""
    chord_size: int = 3  # 3 triads, 4 seventh chords
    arp: str = ""
    lead: str = ""
    calm_tracks: tuple[str, ...] = ("drums",)
    voices: dict[str, str] = field(default_factory=dict)  # track -> synth voice (synth.VOICES)
    programs: dict[str, int] = field(default_factory=dict)  # track -> General MIDI program (0-based)
    mix: dict[str, float] = field(default_factory=dict)  # synth bus -> its level (a fader), 1 when not given
    trim_db: float = 0.0  # the master's gain for this style in dB, so that every style is equally loud (at
    # synth.LOUDNESS_TARGET; tests/music/test_synth.py checks it)

    @property
    def has_music(self) -> bool:
        return bool(self.drums or self.bass or self.chords or self.lead or self.arp)

    @property
    def tracks(self) -> tuple[str, ...]:
        """The tracks this style plays, in the fixed order of TRACKS."""
        present = {"drums": self.drums, "bass": self.bass, "chords": self.chords, "arp": self.arp, "lead": self.lead}
        return tuple(track for track in TRACKS if present[track])


STYLES: tuple[Style, ...] = (
    Style(
        name="Hip-hop",
        slug="hiphop",
        tempo_range=(80, 95),
        swing=0.3,
        scale=DORIAN,
        tonic=5,
        drums=(
            (KICK, "X.....x...X..x.."),
            (SNARE, "....X..g.g..X..g"),
            (CLOSED_HAT, "x.x.x.x.x.x.x..."),
            (OPEN_HAT, "..............o."),
        ),
        bass="R-----.R--R-----",
        chords="x.....x.........",
        chord_size=4,
        lead="x..x..x.....x---",
        voices={"bass": "sub808", "chords": "epiano", "lead": "lead"},
        programs={"bass": 38, "chords": 4, "lead": 80},
        mix={"kick": 0.9, "snare": 1.1, "closed_hat": 1.1, "open_hat": 1.1, "chords": 1.1, "lead": 1.1},
        trim_db=-0.5,
    ),
    Style(
        name="Modern beats",
        slug="modern",
        tempo_range=(132, 144),
        swing=0.0,
        scale=NATURAL_MINOR,
        tonic=1,
        drums=(
            (KICK, "X......X..X....."),
            (CLAP, "........X......."),
            (CLOSED_HAT, "xgxgxgxgxgxgxgxg"),
            (OPEN_HAT, "...............o"),
        ),
        hat_rolls=True,
        bass="R-------R---f---",
        bass_glide=True,
        chords="x---------------",
        arp="x.xx.xx.x.xx.xx.",
        lead="x...x..x..x-----",
        voices={"bass": "sub808", "chords": "pad", "arp": "pluck", "lead": "lead"},
        programs={"bass": 38, "chords": 89, "arp": 45, "lead": 81},
        mix={"kick": 0.8, "snare": 1.1, "clap": 1.1, "closed_hat": 1.1, "open_hat": 1.1, "chords": 1.1, "arp": 1.1,
             "lead": 1.1},
        trim_db=-0.8,
    ),
    Style(
        name="Reggae",
        slug="reggae",
        tempo_range=(68, 80),
        swing=0.33,
        scale=MAJOR,
        tonic=5,
        drums=(
            (KICK, "........X......."),
            (RIM, "........x......."),
            (CLOSED_HAT, "x.x.x.x.x.x.x.x."),
        ),
        bass="R--.f-R-..f-R-f.",
        chords="..x...x...x...x.",
        lead="..x---x---x-x---",
        voices={"bass": "synthbass", "chords": "organ", "lead": "lead"},
        programs={"bass": 33, "chords": 16, "lead": 73},
        mix={"kick": 1.3, "bass": 0.8, "rim": 0.8, "closed_hat": 0.8, "chords": 0.8, "lead": 0.8},
        trim_db=4.7,
    ),
    Style(
        name="Techno",
        slug="techno",
        tempo_range=(124, 134),
        swing=0.0,
        scale=NATURAL_MINOR,
        tonic=4,
        drums=(
            (KICK, "X...X...X...X..."),
            (CLAP, "....x.......x..."),
            (OPEN_HAT, "..o...o...o...o."),
            (CLOSED_HAT, "g.g.g.g.g.g.g.g."),
        ),
        bass="..R-..R-..R-..R-",
        chords="x---------------",
        arp="xxxxxxxxxxxxxxxx",
        lead="x..x..x...x-----",
        voices={"bass": "synthbass", "chords": "pad", "arp": "pluck", "lead": "lead"},
        programs={"bass": 38, "chords": 89, "arp": 81, "lead": 80},
        mix={"kick": 0.6, "bass": 1.1},
        trim_db=1.4,
    ),
    Style(
        name="Classical",
        slug="classical",
        tempo_range=(66, 96),
        swing=0.0,
        scale=MAJOR,
        tonic=2,
        bass="R---f---R---f---",
        chords="x--.x--.x--.x--.",
        lead="x---x---x-x-----",
        calm_tracks=("chords",),
        voices={"bass": "cello", "chords": "piano", "lead": "strings"},
        programs={"bass": 42, "chords": 0, "lead": 40},
        mix={"bass": 1.5, "chords": 0.7, "lead": 0.7},
        trim_db=-1.1,
    ),
    Style(name="Off", slug="off", tempo_range=(90, 90), swing=0.0, scale=MAJOR, tonic=0, calm_tracks=()),
)


def style_names() -> list[str]:
    return [style.name for style in STYLES]


def find_style(name: str | int) -> Style:
    """The style named `name` (its name or slug in any case, or its index in STYLES); ValueError otherwise."""
    if isinstance(name, int) or (isinstance(name, str) and name.strip().isdigit()):
        index = int(name)
        if 0 <= index < len(STYLES):
            return STYLES[index]
        raise ValueError(f"style number {index} is out of range: expected 0 to {len(STYLES) - 1}")
    wanted = "".join(ch for ch in str(name).lower() if ch.isalnum())
    for style in STYLES:
        if wanted in (style.slug, "".join(ch for ch in style.name.lower() if ch.isalnum())):
            return style
    choices = ", ".join(style.slug for style in STYLES)
    raise ValueError(f"unknown music style {name!r}: expected one of {choices}")
