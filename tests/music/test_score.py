"""The score: determinism, tempo, drum numbers, scale, layers by mood, the key change, the outro."""

import pytest

from tablegames.core.rng import make_rng
from tablegames.music.markov import (
    MOTIF_RANGE,
    SEED_MELODIES,
    SEED_PROGRESSIONS,
    MarkovChain,
    invent_motif,
    invent_progression,
    train_harmony_chain,
    train_melody_chain,
    vary_motif,
)
from tablegames.music.mood import Mood, layers_for, parse_mood
from tablegames.music.score import KEY_CHANGE, OUTRO_BARS, TICKS_PER_BAR, Score, note_lengths
from tablegames.music.styles import GM_DRUM_NAMES, STEPS_PER_BAR, STYLES, find_style

MUSIC_STYLES = [style for style in STYLES if style.has_music]
MOOD_JOURNEY = [Mood.CALM, Mood.THREAT, Mood.TENSION, Mood.BIG_MOMENT, Mood.TENSION, Mood.CALM, Mood.WIN]


def play_journey(style, seed=3, deep_bass=False):
    """Events bar by bar through every mood: [(mood, key pitch classes, events)]."""
    score = Score(style, seed, deep_bass)
    bars = []
    for mood in MOOD_JOURNEY:
        for _ in range(2):
            score.set_mood(mood)
            pitch_classes = score.pitch_classes()
            bars.append((mood, pitch_classes, score.next_bar()))
    return score, bars


def test_six_styles_in_the_table_with_off_last():
    assert [style.name for style in STYLES] == ["Hip-hop", "Modern beats", "Reggae", "Techno", "Classical", "Off"]
    assert not find_style("off").has_music


def test_every_pattern_is_one_bar_and_the_lead_has_four_notes():
    for style in MUSIC_STYLES:
        patterns = [p for _, p in style.drums] + [p for p in (style.bass, style.chords, style.arp, style.lead) if p]
        assert all(len(p) == STEPS_PER_BAR for p in patterns), style.name
        assert len(note_lengths(style.lead)) == 4, style.name
        assert set(style.voices) == set(style.tracks) - {"drums"}, style.name


@pytest.mark.parametrize("style", MUSIC_STYLES, ids=lambda s: s.slug)
def test_same_seed_same_events_and_another_seed_another_song(style):
    assert play_journey(style, seed=5)[1] == play_journey(style, seed=5)[1]
    first = [events for _, _, events in play_journey(style, seed=5)[1]]
    other = [events for _, _, events in play_journey(style, seed=6)[1]]
    assert first != other


@pytest.mark.parametrize("style", MUSIC_STYLES, ids=lambda s: s.slug)
def test_tempo_in_the_style_range(style):
    low, high = style.tempo_range
    tempos = {Score(style, seed).tempo for seed in range(40)}
    assert all(low <= tempo <= high for tempo in tempos)
    assert len(tempos) > 1


@pytest.mark.parametrize("style", MUSIC_STYLES, ids=lambda s: s.slug)
def test_drums_use_general_midi_numbers(style):
    _, bars = play_journey(style)
    drums = {e.note for _, _, events in bars for e in events if e.track == "drums"}
    assert drums <= set(GM_DRUM_NAMES)
    if style.drums:
        assert 36 in drums  # every drum style has a kick
    else:
        assert not drums


def test_named_drums_of_each_groove():
    def drums_of(slug):
        score = Score(find_style(slug), 1)
        score.set_mood(Mood.TENSION)
        return {e.note for e in score.next_bar() if e.track == "drums"}

    assert {36, 38, 42, 46} <= drums_of("hiphop")
    assert {36, 39, 42} <= drums_of("modern")
    assert {36, 39, 46} <= drums_of("techno")
    assert {36, 37} <= drums_of("reggae")


def test_reggae_one_drop_kick_and_rim_together_on_beat_three():
    score = Score(find_style("reggae"), 2)
    events = score.next_bar()
    kicks = {e.time for e in events if e.note == 36}
    rims = {e.time for e in events if e.note == 37}
    assert kicks == rims == {2 * 480}


def test_techno_four_on_the_floor_and_claps_on_two_and_four():
    events = Score(find_style("techno"), 2).next_bar()
    assert sorted(e.time for e in events if e.note == 36) == [0, 480, 960, 1440]
    assert sorted(e.time for e in events if e.note == 39) == [480, 1440]


@pytest.mark.parametrize("style", MUSIC_STYLES, ids=lambda s: s.slug)
@pytest.mark.parametrize("deep", [False, True])
def test_every_pitched_note_is_in_the_scale(style, deep):
    _, bars = play_journey(style, seed=11, deep_bass=deep)
    pitched = 0
    for _, pitch_classes, events in bars:
        for event in events:
            if event.track != "drums":
                pitched += 1
                assert event.note % 12 in pitch_classes, (event, sorted(pitch_classes))
                assert 0 <= event.note <= 127 and 1 <= event.velocity <= 127
    assert pitched > 50


@pytest.mark.parametrize("style", MUSIC_STYLES, ids=lambda s: s.slug)
def test_layers_follow_the_mood(style):
    _, bars = play_journey(style)
    tracks = {}
    for mood, _, events in bars:
        tracks.setdefault(mood, []).append({e.track for e in events})
    calm, threat, tension = (tracks[m][0] for m in (Mood.CALM, Mood.THREAT, Mood.TENSION))
    if style.drums:
        assert calm == {"drums"}
    else:
        assert calm == {"chords"}  # classical: the keys are its calm layer
    assert threat == (calm | {"bass", "chords"}) & set(style.tracks)
    assert tension == set(style.tracks)
    assert "lead" not in threat and "lead" in tension


def test_tension_brings_drum_fills():
    score = Score(find_style("hiphop"), 4)
    score.set_mood(Mood.TENSION)
    bars = [score.next_bar() for _ in range(4)]
    last_beat_snares = [sum(1 for e in bar if e.note == 38 and e.time % TICKS_PER_BAR >= 3 * 480) for bar in bars]
    assert last_beat_snares[3] == 4  # the fourth bar ends with a four-note snare run
    assert max(last_beat_snares[:3]) < 4


@pytest.mark.parametrize("style", MUSIC_STYLES, ids=lambda s: s.slug)
def test_big_moment_breaks_down_then_moves_the_key_up_a_tone(style):
    score = Score(style, 8)
    score.set_mood(Mood.TENSION)
    before = score.next_bar()
    old_classes = score.pitch_classes()
    score.set_mood(Mood.BIG_MOMENT)
    breakdown = score.next_bar()
    after = score.next_bar()
    assert score.key_offset == KEY_CHANGE
    assert score.pitch_classes() == {(pc + KEY_CHANGE) % 12 for pc in old_classes}
    assert not any(e.track == "drums" and e.note == 36 for e in breakdown)  # no kick in the breakdown
    assert len(breakdown) < len(before)
    assert {e.track for e in after} == {e.track for e in before}  # the mood before carries on
    # Same bar of the progression, one tone up: the bass moves by two semitones.
    score_again = Score(style, 8)
    score_again.set_mood(Mood.TENSION)
    reference = score_again.bars(3)[-len(after):]
    bass_after = [e.note for e in after if e.track == "bass"]
    bass_reference = [e.note % 12 for e in reference if e.track == "bass"]
    assert [(n - KEY_CHANGE) % 12 for n in bass_after] == bass_reference


@pytest.mark.parametrize("mood", [Mood.WIN, Mood.LOSS])
def test_win_or_loss_plays_a_two_bar_outro_then_silence(mood):
    score = Score(find_style("hiphop"), 9)
    score.set_mood(Mood.TENSION)
    score.next_bar()
    score.set_mood(mood)
    outro = [score.next_bar() for _ in range(OUTRO_BARS)]
    assert all(outro) and score.is_finished
    assert score.next_bar() == [] and score.next_bar() == []
    lead_last = [e.note for e in outro[-1] if e.track == "lead"]
    low_tonic = 60 + (score.style.tonic + score.key_offset) % 12
    assert lead_last == [low_tonic + 12 if mood is Mood.WIN else low_tonic]
    score.set_mood(Mood.CALM)
    assert score.next_bar()  # a new game starts the music again


def test_deep_bass_is_an_octave_lower_at_full_velocity():
    plain, deep = Score(find_style("techno"), 1), Score(find_style("techno"), 1, deep_bass=True)
    for score in (plain, deep):
        score.set_mood(Mood.THREAT)
    plain_bass = [e for e in plain.bars(2) if e.track == "bass"]
    deep_bass = [e for e in deep.bars(2) if e.track == "bass"]
    assert [e.note - 12 for e in plain_bass] == [e.note for e in deep_bass]
    assert {e.velocity for e in deep_bass} == {127}
    assert max(e.velocity for e in plain_bass) < 127


def test_events_stay_inside_their_bar_and_in_time_order():
    score = Score(find_style("modern"), 1)
    score.set_mood(Mood.TENSION)
    for bar in range(6):
        events = score.next_bar()
        assert [e.time for e in events] == sorted(e.time for e in events)
        assert all(bar * TICKS_PER_BAR <= e.time < (bar + 1) * TICKS_PER_BAR for e in events)


def test_off_plays_nothing():
    score = Score(find_style("off"), 1)
    score.set_mood(Mood.TENSION)
    assert score.bars(4) == []


def test_layers_for_is_cumulative():
    tracks = ("drums", "bass", "chords", "arp", "lead")
    assert layers_for(Mood.CALM, tracks, ("drums",)) == ("drums",)
    assert layers_for(Mood.THREAT, tracks, ("drums",)) == ("drums", "bass", "chords")
    assert layers_for(Mood.TENSION, tracks, ("drums",)) == tracks


def test_parse_mood_and_find_style_reject_bad_names():
    assert parse_mood("Big-Moment") is Mood.BIG_MOMENT
    assert find_style("Modern beats").slug == "modern" and find_style("HIP-HOP").slug == "hiphop"
    assert find_style("3").slug == "techno"
    with pytest.raises(ValueError, match="unknown music style 'polka'"):
        find_style("polka")
    with pytest.raises(ValueError, match="out of range"):
        find_style(9)
    with pytest.raises(ValueError, match="unknown mood"):
        parse_mood("sleepy")


# --- the Markov chains -----------------------------------------------------------------------------------------
def test_chain_counts_the_seed_transitions():
    chain = MarkovChain().train(((0, 1, 0, 1, 2),))
    assert chain.transitions == {0: {1: 2}, 1: {0: 1, 2: 1}}
    assert chain.starts == {0: 1}


def test_chain_only_draws_transitions_it_saw_and_falls_back_to_the_tonic():
    chain = train_melody_chain()
    rng = make_rng(1, "test")
    seen = {(a, b) for melody in SEED_MELODIES for a, b in zip(melody, melody[1:], strict=False)}
    walk = chain.walk(200, rng)
    assert all(pair in seen for pair in zip(walk, walk[1:], strict=False))
    assert chain.next_state(42, rng) == 0


def test_motif_and_progression_have_the_seed_habits():
    melody, harmony = train_melody_chain(), train_harmony_chain()
    starts = {p[0] for p in SEED_PROGRESSIONS}
    assert 0 in starts
    for seed in range(30):
        rng = make_rng(seed, "test")
        motif, progression = invent_motif(melody, rng), invent_progression(harmony, rng)
        assert len(motif) == 4 and all(MOTIF_RANGE[0] <= d <= MOTIF_RANGE[1] for d in motif)
        assert progression[0] == 0 and all(0 <= d <= 6 for d in progression) and len(progression) == 4


def test_vary_motif_rewrites_at_most_one_note_in_range():
    chain = train_melody_chain()
    rng = make_rng(2, "test")
    motif = invent_motif(chain, rng)
    changed_any = False
    for _ in range(50):
        varied = vary_motif(motif, chain, rng)
        differences = sum(a != b for a, b in zip(motif, varied, strict=True))
        assert differences <= 1
        assert all(MOTIF_RANGE[0] <= d <= MOTIF_RANGE[1] for d in varied)
        changed_any |= differences == 1
        motif = varied
    assert changed_any


# --- properties over any seed and any sequence of moods ---------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), style_index=st.integers(0, len(MUSIC_STYLES) - 1),
       deep=st.booleans(), moods=st.lists(st.sampled_from(list(Mood)), min_size=1, max_size=12))
def test_any_mood_sequence_stays_in_key_in_range_and_in_its_bar(seed, style_index, deep, moods):
    score = Score(MUSIC_STYLES[style_index], seed, deep)
    for mood in moods:
        score.set_mood(mood)
        pitch_classes, bar = score.pitch_classes(), score.bar_index
        for event in score.next_bar():
            assert bar * TICKS_PER_BAR <= event.time < (bar + 1) * TICKS_PER_BAR
            assert 1 <= event.velocity <= 127 and event.duration > 0
            if event.track == "drums":
                assert event.note in GM_DRUM_NAMES
            else:
                assert event.note % 12 in pitch_classes and 20 <= event.note <= 100


def test_a_new_style_is_one_more_row():
    from dataclasses import replace

    from tablegames.music.styles import KICK, MAJOR, SNARE, Style

    polka = Style(name="Polka", slug="polka", tempo_range=(110, 120), swing=0.0, scale=MAJOR, tonic=5,
                  drums=((KICK, "X.......X......."), (SNARE, "....x.......x...")),
                  bass="R---F---R---F---", chords="..x-..x-..x-..x-", lead="x...x...x...x...",
                  voices={"bass": "synthbass", "chords": "organ", "lead": "lead"},
                  programs={"bass": 33, "chords": 21, "lead": 71})
    score = Score(polka, 1)
    score.set_mood(Mood.TENSION)
    events = score.bars(2)
    assert {e.track for e in events} == {"drums", "bass", "chords", "lead"}
    assert 110 <= score.tempo <= 120
    assert replace(polka, tempo_range=(60, 60)) != polka
