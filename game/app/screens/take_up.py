"""Taking an unfinished game up again from its replay file: the title screen's Continue and the Replays screen's.

The session is rebuilt from the file (``MatchSession.continue_from``: every
shot played again headless and checked against the recording), and the game
goes on at the turn it stopped, recording on into the same file.  The
rebuild takes a fraction of a second, so both screens first draw one frame
saying it is coming (``SETTING_UP``).
"""

from __future__ import annotations

from game.app.replay.library import ReplayEntry
from game.app.scene.ground_mesh import ground_of
from game.app.scene.table_view import ViewMode
from game.rules.names import sentence

SETTING_UP = "Setting up the game..."


def take_up(app, entry: ReplayEntry) -> str | None:
    """Rebuild ``entry``'s game now and go to its next turn; on refusal, why, as a sentence (nothing changed)."""
    from game.app.session.continuing import CannotContinue
    from game.app.session.game_context import GameContext
    from game.app.session.match_session import MatchSession

    try:
        session = MatchSession.continue_from(entry.path)
    except CannotContinue as err:
        return sentence(str(err)) + "."
    app.end_game()
    app.game = GameContext(app, session, session.setup)
    app.view.use_layout(session.layout, ground_of(session.house))
    app.view.sync(session.positions())
    app.view.set_mode(ViewMode.OVERHEAD)
    app.game.feed = (f"The game goes on after shot {session.state.shots}.",)
    app.game.feed_title = "Continued"
    app.flow.request(app.next_turn_state())
    return None
