"""The words of replays and watch mode (egonb/replay.py, widgets/replay.js): the views offered and the step
controls."""

from __future__ import annotations

from .catalogue import msg

# The replay's title and its way of looking at every card (a seat's view is named by the player, egonb/replay.py).
msg("replay.title", "{game}, seed {seed}")
msg("replay.face_up", "Face up, {player} at the bottom")

# The step controls over the table (widgets/replay.js).
msg("ui.replay.controls", "Replay controls")
msg("ui.replay.first", "« First")
msg("ui.replay.back", "‹ Back")
msg("ui.replay.play", "▶ Play")
msg("ui.replay.pause", "❚❚ Pause")
msg("ui.replay.forward", "Forward ›")
msg("ui.replay.last", "Last »")
msg("ui.replay.slider", "Step shown")
msg("ui.replay.step", "Step {step} of {count}")
msg("ui.replay.view", "View")
msg("ui.replay.pace", "Pace")
msg("ui.replay.pace.slow", "Slow")
msg("ui.replay.pace.normal", "Normal")
msg("ui.replay.pace.fast", "Fast")
