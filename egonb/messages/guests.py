"""Your own agents at the page's table (egonb/app/guests.py): who plays which seat, and what went wrong when an
agent fails and the seat is handed to a built-in AI player (docs/PLAYING.md, "Your agent at the table")."""

from __future__ import annotations

from .catalogue import msg

# Who plays the seat (said when a game starts).
msg("guest.seated.file", "{seat} is played by your agent {agent} ({file}), in a process of its own that receives only "
                         "{seat}'s view.")
msg("guest.seated.worker", "{seat} is played by your agent {agent} ({file}), in a Web Worker of its own that receives "
                           "only {seat}'s view.")
msg("guest.seated.here", "{seat} is played by {agent}, in this Python process.")
msg("guest.thinking", "{player} is thinking: your agent answers from a worker of its own.")
# What went wrong; the seat is then played by a built-in AI player for the rest of the game.
msg("guest.fault.load", "{agent} cannot play {seat}: {why}. {seat} is played by the built-in {fallback} in this game.")
msg("guest.fault.unreadable", "{agent} cannot play {seat}: its file cannot be read ({why}). {seat} is played by the "
                              "built-in {fallback} in this game.")
msg("guest.fault.exception", "{agent} raised an error as {seat}: {why}. {seat} is played by the built-in {fallback} "
                             "for the rest of this game.")
msg("guest.fault.illegal", "{agent} made a move the rules do not allow as {seat}: {why}. {seat} is played by the "
                           "built-in {fallback} for the rest of this game.")
msg("guest.fault.timeout", "{agent} did not answer in time as {seat} ({seconds} s a move), so it was stopped. {seat} "
                           "is played by the built-in {fallback} for the rest of this game.")
msg("guest.fault.crash", "{agent} stopped working as {seat}: {why}. {seat} is played by the built-in {fallback} for "
                         "the rest of this game.")
msg("guest.fault.memory", "{agent} ran out of memory as {seat}. {seat} is played by the built-in {fallback} for the "
                          "rest of this game.")
msg("guest.fault.where", "Where in {agent}: {where}")
msg("guest.illegal", "{move} is not one of view.legal_actions (an Action, or its id)")
