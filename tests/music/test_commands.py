"""`tablegames music ...`: the render table, WAV and MIDI output, one-line errors with exit code 2."""

import wave

import mido

from tablegames.cli import main


def test_render_one_style_prints_its_measurements_and_writes_a_wav(tmp_path, capsys):
    out = tmp_path / "reggae.wav"
    assert main(["music", "render", "--style", "reggae", "--deep", "--bars", "2", "--wav", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["style", "deep", "bass"]
    assert lines[0].split()[-2:] == ["width", "limiter"]
    cells = lines[1].split()
    assert cells[:2] == ["Reggae", "on"] and 0.0 < float(cells[3]) <= 1.0
    assert cells[4] == "0.00%" and cells[7] == "LKFS" and cells[8].endswith("%") and cells[-1] == "dB"
    assert lines[-1] == f"wrote {out}"
    with wave.open(str(out)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
        assert wav.getnchannels() == 2
    assert abs(seconds - float(cells[2])) < 0.05


def test_render_table_has_every_style_with_deep_bass_off_and_on(capsys):
    assert main(["music", "render", "--bars", "1", "--markdown"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| style | deep bass | seconds")
    header = [cell.strip() for cell in lines[0].split("|")[1:-1]]
    rows = [dict(zip(header, (cell.strip() for cell in line.split("|")[1:-1]), strict=True)) for line in lines[2:]]
    names = [(row["style"], row["deep bass"]) for row in rows]
    styles = ["Hip-hop", "Modern beats", "Reggae", "Techno", "Classical"]
    assert names == [(style, deep) for style in styles for deep in ("off", "on")]
    for row in rows:
        assert row["clipped"] == "0.00%" and float(row["width"]) > 0.0
        # the deep row says how many points of the share below 120 Hz deep bass adds
        assert (row["deep adds"] == "") == (row["deep bass"] == "off")


def test_midi_command_writes_a_format_1_file(tmp_path, capsys):
    out = tmp_path / "song.mid"
    assert main(["music", "midi", str(out), "--style", "hiphop", "--bars", "2"]) == 0
    assert "Hip-hop" in capsys.readouterr().out
    assert mido.MidiFile(out).type == 1


def test_bad_arguments_exit_2_with_one_line(tmp_path, capsys):
    for argv in (
        ["music", "render", "--style", "polka"],
        ["music", "render", "--wav", str(tmp_path / "x.wav")],
        ["music", "render", "--bars", "0"],
        ["music", "render", "--mood", "win"],
        ["music", "midi", str(tmp_path / "x.mid")],
    ):
        try:
            code = main(argv)
        except SystemExit as error:  # refused by the argument's type, before the command runs
            code = error.code
        assert code == 2
        err = capsys.readouterr().err
        assert err.startswith("tablegames music") and err.count("\n") == 1
    assert not list(tmp_path.iterdir())
