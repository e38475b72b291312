"""One game in progress: ``MatchSession`` over seats, thinking, playback, recording, tally and continuing; the screens ask it only what ``protocol.GameSession`` lists."""
