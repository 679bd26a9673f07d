"""The ten opponents as data, without pygame: each one's hat, colours and own lines, and the lines every
opponent says in each mood (their heads are drawn by `heads.py`).

An opponent speaks a line chosen by a seeded generator. In the neon sets half the lines come from tech support.
Adding a line is adding a string to a list.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablegames.ui.checkers.computer import LEVEL_NAMES

RGB = tuple[int, int, int]
MOODS = ("hello", "thinking", "captured", "ouch", "king", "winning", "losing", "win", "loss", "idle", "poke",
         "party", "gift", "disaster", "boss")

COMMON_LINES: dict[str, tuple[str, ...]] = {
    "hello": ("Let's play!", "Ready when you are.", "May the best piece win."),
    "thinking": ("Hmm...", "Let me see...", "Thinking..."),
    "captured": ("Yoink!", "Mine now!", "Gotcha!"),
    "ouch": ("Ouch!", "Hey, I needed that one!", "Not my favourite piece anyway."),
    "king": ("Crown me!", "Long live the king!", "Look who's royalty now."),
    "winning": ("This is going nicely.", "I like where this is going.", "Feeling good about this."),
    "losing": ("Uh-oh.", "This is not going to plan.", "I meant to do that."),
    "win": ("Good game!", "Victory!", "Rematch?"),
    "loss": ("Well played!", "You got me!", "I'll get you next time."),
    "idle": ("Your move...", "Take your time.", "*whistles*"),
    "poke": ("Hey, that tickles!", "Eyes on the board!", "Boop!"),
    "party": ("Party time!", "Woo-hoo!", "Let's dance!"),
    "gift": ("A present? For you?", "Where did that come from?", "Hey, no fair!"),
    "disaster": ("My piece!", "Act of nature!", "Nooo!"),
    "boss": ("I am Grandmaster Gizmo. I have seen every move.",),
}

TECH_LINES: dict[str, tuple[str, ...]] = {
    "hello": ("Have you tried turning it off and on again?", "Your call is important to us."),
    "thinking": ("Loading... please wait.", "Compiling my next move..."),
    "captured": ("Error 404: your piece was not found.", "Garbage collected!"),
    "ouch": ("Segmentation fault!", "That was not a feature."),
    "king": ("Upgraded to admin.", "sudo make me a king"),
    "winning": ("All tests passing.", "Deploying victory..."),
    "losing": ("It works on my machine.", "Rolling back..."),
    "win": ("Ticket closed: resolved.", "Build successful."),
    "loss": ("Kernel panic.", "Please restart your opponent."),
    "idle": ("Are you still there? Press any key.", "Idle timeout in 3... 2..."),
    "poke": ("Please do not touch the screen.", "Input not recognised."),
    "party": ("Overclocking!", "Disco mode enabled."),
    "gift": ("Patch applied in your favour.", "Free upgrade!"),
    "disaster": ("Hardware failure!", "Blue screen incoming!"),
    "boss": ("GIZMO v10.0 online. Resistance is deprecated.",),
}


@dataclass(frozen=True)
class Opponent:
    name: str
    hat: str  # nightcap | bow | propeller | cap | fedora | mortarboard | captain | witch | wizard | crown
    skin: RGB
    hat_colour: RGB
    hair: RGB
    lines: dict[str, tuple[str, ...]] = field(default_factory=dict)  # its own lines, before the common ones


OPPONENTS: tuple[Opponent, ...] = (
    Opponent(LEVEL_NAMES[0], "nightcap", (250, 214, 180), (90, 120, 220), (120, 80, 40),
             {"idle": ("Zzz...", "*yawns*"), "thinking": ("Wha-? Oh, my turn.",)}),
    Opponent(LEVEL_NAMES[1], "bow", (240, 196, 160), (236, 80, 140), (200, 110, 40),
             {"ouch": ("Oopsie!",), "captured": ("Did I do that?",)}),
    Opponent(LEVEL_NAMES[2], "propeller", (230, 190, 150), (250, 200, 40), (60, 40, 30),
             {"thinking": ("Wibble wobble...",)}),
    Opponent(LEVEL_NAMES[3], "cap", (200, 150, 110), (40, 150, 90), (30, 30, 30),
             {"thinking": ("Carefully now...",)}),
    Opponent(LEVEL_NAMES[4], "fedora", (220, 176, 140), (70, 60, 80), (40, 30, 30),
             {"captured": ("Heh heh heh.",), "hello": ("Fancy a little game?",)}),
    Opponent(LEVEL_NAMES[5], "mortarboard", (250, 220, 190), (30, 30, 40), (220, 220, 220),
             {"thinking": ("Elementary...", "According to theory..."), "hello": ("Class is in session.",)}),
    Opponent(LEVEL_NAMES[6], "captain", (210, 160, 120), (30, 50, 110), (90, 60, 30),
             {"king": ("Crown ahoy!",), "hello": ("All hands on deck!",)}),
    Opponent(LEVEL_NAMES[7], "witch", (236, 200, 210), (110, 40, 150), (40, 20, 50),
             {"thinking": ("Minimising your maximum...",), "captured": ("As calculated.",)}),
    Opponent(LEVEL_NAMES[8], "wizard", (200, 200, 230), (40, 40, 120), (240, 240, 250),
             {"thinking": ("Ten plies deep...", "I see... many futures.")}),
    Opponent(LEVEL_NAMES[9], "crown", (180, 190, 200), (250, 196, 48), (60, 60, 70),
             {"thinking": ("Searching six million positions...",), "win": ("As foreseen.",)}),
)


def lines_for(opponent_index: int, mood: str, neon: bool) -> tuple[str, ...]:
    """Every line the opponent may say in `mood`: its own, the common ones and, in the neon sets, as many
    tech-support lines again (so they are about half)."""
    if mood not in MOODS:
        raise ValueError(f"opponent mood {mood!r}: expected one of {', '.join(MOODS)}")
    own = OPPONENTS[opponent_index].lines.get(mood, ()) + COMMON_LINES[mood]
    if not neon:
        return own
    tech = TECH_LINES[mood]
    return own + tech * max(1, round(len(own) / len(tech)))


def pick_line(opponent_index: int, mood: str, neon: bool, draw: float) -> str:
    """The line for a uniform `draw` in [0, 1) (the caller's seeded generator supplies it)."""
    options = lines_for(opponent_index, mood, neon)
    return options[min(len(options) - 1, int(draw * len(options)))]
