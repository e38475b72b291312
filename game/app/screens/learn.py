"""Learn the game: the list of lessons with the player's progress, and a lesson's result.

Each lesson is one shot from a table set up for one family of rules, played
with the shot preview on (``game.coach.lessons``).  The list marks lessons
passed and skipped (kept in the user's data folder, ``lessons.json``,
written atomically); a lesson that fails to load is greyed, with its reason
on one line.  After the shot, the result screen says what the referee ruled
and offers Try again until it passes, Skip or Next, and the list.
"""

from __future__ import annotations

from panda3d.core import TextNode

from game.app.hud import theme
from game.app.screens.base import State
from game.app.session.game_setup import GameSetup
from game.app.session.preview_mode import PreviewMode
from game.coach.lessons import CourseEntry, load_course
from game.coach.lesson_progress import Progress, load_progress, save_progress
from game.errors import UserError
from game.app.scene.ground_mesh import ground_of
from game.app.screens.screen import Screen

ROW = 0.085
LESSON_SETUP = GameSetup(opponents=1, preview=PreviewMode.LEARNING)  # lessons always show the full preview


def start_lesson(state: State, entry: CourseEntry) -> None:
    """Set the lesson's table and go to the player's shot."""
    from game.app.session.game_context import GameContext
    from game.app.session.lesson_session import LessonSession

    app = state.app
    assert entry.lesson is not None
    session = LessonSession(entry.lesson)
    app.end_game()
    app.game = GameContext(app, session, LESSON_SETUP, lesson=entry.lesson)
    app.game.feed_title = entry.lesson.title
    app.game.feed = ("Lesson: one shot, with the preview on. Esc: pause or leave.",)
    app.view.use_layout(session.layout, ground_of(session.house))
    app.view.sync(session.positions())
    state.go(Screen.AIM)


def _course() -> tuple[list[CourseEntry], str]:
    try:
        return load_course(), ""
    except UserError as err:
        return [], f"The lessons could not be found: {err}"


def _status(progress: Progress, entry: CourseEntry) -> str:
    return {"passed": "  - passed", "skipped": "  - skipped"}.get(progress.status(entry.id), "")


class LearnState(State):
    name = "learn"

    def enter(self) -> None:
        app = self.app
        app.end_game()
        app.view.sync(app.view.layout.home_positions())
        app.view.show_menu_view()
        self.entries, problem = _course()
        self.progress = load_progress(app.app_config.paths.lessons_file)
        height = 0.36 + ROW * max(1, len(self.entries))
        root = self.keep(theme.panel(app.aspect2d, (-1.25, 1.25, -height / 2 - 0.12, height / 2 + 0.12)))
        top = height / 2
        theme.label(root, "Learn the game", (0, top), scale=0.08, colour=theme.BRASS)
        passed = sum(1 for e in self.entries if self.progress.status(e.id) == "passed")
        theme.label(root, f"One shot a lesson, with the shot preview on. Passed {passed} of {len(self.entries)}.",
                    (0, top - 0.08), scale=0.042, colour=theme.DIM_INK)
        self.rows: dict[str, object] = {}
        for i, entry in enumerate(self.entries):
            y = top - 0.2 - i * ROW
            if entry.lesson is None:
                theme.label(root, f"{i + 1}. {entry.id} - cannot be loaded", (-1.15, y), scale=0.042,
                            colour=theme.DIM_INK, align=TextNode.ALeft)
                theme.label(root, entry.error[:110], (-1.15, y - 0.035), scale=0.028, colour=theme.DIM_INK,
                            align=TextNode.ALeft)
                continue
            rules = ", ".join(str(r) for r in entry.lesson.rules)
            text = f"{i + 1}. {entry.lesson.title} (rule{'s' if len(entry.lesson.rules) > 1 else ''} {rules})"
            button = theme.button(root, text + _status(self.progress, entry), (0, y), self.start, scale=0.045,
                                  width=48, extra_args=[entry])
            self.rows[entry.id] = button
        notes = [n for n in (problem, self.progress.note) if n]
        self.note = theme.label(root, "  ".join(notes), (0, -height / 2 + 0.02), scale=0.035, colour=theme.BAD,
                                wordwrap=60)
        self.back_button = theme.button(root, "Back", (0, -height / 2 - 0.06), self.back, width=5)
        self.on_action("pause", self.back)

    def start(self, entry: CourseEntry) -> None:
        start_lesson(self, entry)

    def back(self) -> None:
        self.go(Screen.MENU)


class LessonResultState(State):
    name = "lesson-result"

    def enter(self) -> None:
        app = self.app
        game = app.game
        self.lesson = game.lesson
        outcome = game.session.outcome
        self.passed = bool(outcome and outcome.passed)
        path = app.app_config.paths.lessons_file
        self.progress = load_progress(path)
        self.save_note = ""
        if self.passed:
            self.progress.mark_passed(self.lesson.id)
            self.save_note = save_progress(self.progress, path)
            if self.save_note:
                app.note_warning(self.save_note)
        self.entries = [e for e in load_course() if e.lesson is not None]
        # Opaque: it stands over the lesson's own panel, whose words would show through.
        root = self.keep(theme.panel(app.aspect2d, (-1.0, 1.0, -0.42, 0.34), colour=theme.OPAQUE_PANEL,
                                     pos=(0, 0, 0.2)))
        self.root = root
        title = "Passed!" if self.passed else "Not yet"
        theme.label(root, f"{self.lesson.title}: {title}", (0, 0.22), scale=0.07,
                    colour=theme.GOOD if self.passed else theme.BAD)
        theme.label(root, outcome.reason if outcome else "", (0, 0.11), scale=0.045, wordwrap=40)
        theme.label(root, self.save_note or ("" if self.passed else "Watch it again with R, then try again."),
                    (0, -0.02), scale=0.038, colour=theme.BAD if self.save_note else theme.DIM_INK, wordwrap=48)
        self.retry_button = theme.button(root, "Try again", (-0.62, -0.3), self.retry, width=6)
        onward = "Next lesson" if self.passed else "Skip"
        self.next_button = theme.button(root, onward, (0.0, -0.3), self.next_lesson, width=6)
        self.list_button = theme.button(root, "All lessons", (0.62, -0.3), self.go, width=6, extra_args=[Screen.LEARN])
        if self._following() is None:
            self.next_button.hide()
        self.on_action("pause", self.go, [Screen.LEARN])

    def _following(self) -> CourseEntry | None:
        ids = [e.id for e in self.entries]
        if self.lesson.id not in ids:
            return None
        index = ids.index(self.lesson.id)
        return self.entries[index + 1] if index + 1 < len(self.entries) else None

    def retry(self) -> None:
        entry = next((e for e in self.entries if e.id == self.lesson.id), None)
        if entry is not None:
            start_lesson(self, entry)

    def next_lesson(self) -> None:
        if not self.passed:
            self.progress.mark_skipped(self.lesson.id)
            note = save_progress(self.progress, self.app.app_config.paths.lessons_file)
            if note:
                self.app.note_warning(note)
        following = self._following()
        if following is not None:
            start_lesson(self, following)
        else:
            self.go(Screen.LEARN)
