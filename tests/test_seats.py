"""`egonb/seats.py`: a frame turned to another chair, as both games' replays draw it (you at seat 0)."""

from __future__ import annotations

import copy

from egonb.seats import Turn


def test_a_frame_seen_from_seat_2_of_3_counts_every_seat_from_it() -> None:
    frame = {"table": {"names": ["Ada", "Bo", "Cy"], "pile": [4, 5], "current": 1, "turn": None,
                       "winners": [0, 2], "scores": [[3, 4, 5], [6, 7, 8]]},
             "events": [{"player": 2, "text": "Cy draws"}, {"player": None, "text": "A new round"}]}
    before = copy.deepcopy(frame)
    out = Turn(2, 3).frame(frame, per_seat=("names", "pile"), one_seat=("current", "turn"))
    assert out["table"]["names"] == ["Cy", "Ada", "Bo"]  # seat 2 first, then play order
    assert out["table"]["pile"] == [4, 5]  # not one entry per seat: as it was
    assert (out["table"]["current"], out["table"]["turn"]) == (2, None)  # seat 1 is two chairs after seat 2
    assert out["table"]["winners"] == [0, 1] and out["table"]["scores"] == [[5, 3, 4], [8, 6, 7]]
    assert [e["player"] for e in out["events"]] == [0, None] and out["events"][0]["text"] == "Cy draws"
    assert frame == before, "the frame given is left as it was"
