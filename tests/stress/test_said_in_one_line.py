"""The smaller things the third adversarial pass found, each said in one line: a replay's bad recorded ground
(``taw: warning:``), an export cut at the frame cap, a window too large for its multisampling."""

import json
import warnings

from game.app.replay.export import ExportResult
from game.app.replay.viewer import ground_for
from game.app.settings import MAX_FRAME_SAMPLES, SettingsWarning, load_settings
from game.cli import main
from game.replay.model import GameMeta, Replay


def test_a_bad_recorded_ground_is_a_taw_warning_naming_the_rule_and_the_smooth_ground_is_drawn(capsys):
    replay = Replay(GameMeta(seed=1, house_rules={"ground": "rough", "ground_roughness_mm": 10**309}), [])
    assert ground_for(replay) is None
    err = capsys.readouterr().err
    assert err.startswith("taw: warning: ") and err.count("\n") == 1, err
    assert "ground_roughness_mm" in err and "(310 digits)" in err and "smooth ground" in err


def test_a_good_recorded_ground_is_drawn_without_a_word(capsys):
    replay = Replay(GameMeta(seed=1, house_rules={"ground": "rough", "ground_roughness_mm": 3.0}), [])
    assert ground_for(replay) is not None and capsys.readouterr().err == ""


def test_the_command_line_says_when_an_export_stops_at_the_frame_cap(tmp_path, capsys, monkeypatch):
    import game.app.replay.export as export
    from game.replay.fileformat import save_replay
    from tests.replay.replay_synthetic import knock_shot

    source = tmp_path / "game.replay"
    save_replay(Replay(GameMeta(seed=3), [knock_shot()]), source)
    for capped in (False, True):
        result = ExportResult([tmp_path / "frame_00000.png"] * 20_000, None, 0, capped)
        monkeypatch.setattr(export, "export_frames", lambda *a, result=result, **k: result)
        assert main(["replay", str(source), "--export", str(tmp_path / "frames")]) == 0
        err = capsys.readouterr().err
        assert ("taw: warning: the replay runs longer than 20000 frames; the export stops there" in err) == capped
        assert err.count("\n") == capped


def test_a_window_too_large_for_its_multisampling_draws_with_less(tmp_path):
    path = tmp_path / "settings.json"
    for (width, height, msaa), kept in (((7680, 4320, 4), 0), ((3840, 2160, 4), 4), ((5120, 2880, 2), 2),
                                        ((5120, 2880, 4), 2)):
        path.write_text(json.dumps({"width": width, "height": height, "msaa": msaa}))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", SettingsWarning)
            settings = load_settings(path)
        assert settings.msaa == kept and settings.width * settings.height * max(kept, 1) <= MAX_FRAME_SAMPLES
        assert len(caught) == (kept != msaa), [str(w.message) for w in caught]


def test_the_apps_video_job_says_when_the_video_stops_at_the_frame_cap():
    from game.app.replay.video_job import JobState, JobStatus, VideoJob

    for capped, said in ((True, "The replay runs longer than 20000 frames: the video stops there."), (False, "")):
        job = VideoJob.__new__(VideoJob)   # the worker's answer alone, no worker
        job.status = JobStatus(total=20_000)
        job._take(("done", "/videos/replay.mp4", 20_000, capped))
        assert job.status.state is JobState.DONE and job.status.message == said
