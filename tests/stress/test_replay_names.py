"""Four instances of the game started in the same second with the same seed keep four replays."""

import subprocess
import sys
from pathlib import Path

from game.app.session.game_context import replay_path

ROOT = Path(__file__).resolve().parents[2]


def test_a_name_is_claimed_when_it_is_chosen_not_when_it_is_written(tmp_path):
    first = replay_path(tmp_path, 7, now=1_700_000_000)
    second = replay_path(tmp_path, 7, now=1_700_000_000)   # nothing written to the first one yet
    assert first != second and first.exists() and second.exists()
    assert second.name.endswith("-seed7-2.replay")


def test_four_processes_at_once_get_four_names(tmp_path):
    script = ("import sys; from pathlib import Path; from game.app.session.game_context import replay_path; "
              "sys.stdin.read(1); print(replay_path(Path(sys.argv[1]), 3, now=1_700_000_000))")
    procs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True) for _ in range(4)]
    outs = [p.communicate("go", timeout=60)[0].strip() for p in procs]   # released together
    assert len(set(outs)) == 4 and len(list(tmp_path.iterdir())) == 4


def test_a_folder_where_nothing_can_be_created_still_gives_a_name(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path = replay_path(blocker / "replays", 1, now=1_700_000_000)
    assert path.parent == blocker / "replays" and not path.exists()
