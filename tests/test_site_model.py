"""The static edition's model adapter (egonb/site/static/model.js) under Node: it gives the table the anywidget
model API (`get`, `set`, `save_changes`, `on`/`off` of "change:…" and "msg:custom", `send`) over the worker."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from egonb.site.build import STATIC

SCRIPT = """
import { WorkerModel } from %s;
const posted = [], seen = [];
const model = new WorkerModel((m) => posted.push(m));
const onTable = () => seen.push(["table", model.get("table").token, model.get("feed").batch]);
model.on("change:table", onTable);
model.on("msg:custom", (content, buffers) => seen.push(["custom", content.type, buffers.length]));
model.receive({ table: { token: 3 }, feed: { batch: 7 } });   // both keys are set before any event fires
model.on("change:feed", () => seen.push(["feed", model.get("feed").batch]));
model.receive({ table: { token: 3 }, feed: { batch: 8 } });   // as under Backbone: an unchanged key fires nothing
model.emit("msg:custom", { type: "welcome" }, []);
model.set("pace_ms", 0);
model.set("pace_ms", 0);                                       // the same value again: no event, nothing to send
model.on("change:pace_ms", () => seen.push(["pace"]));
model.set("pace_ms", 0);
model.save_changes();
model.save_changes();                                          // nothing new: nothing posted
model.send({ type: "act", token: 3, action: 1 });
model.off("change:table", onTable);
model.receive({ table: { token: 4 } });                        // no listener left
console.log(JSON.stringify({ posted, seen, pace: model.get("pace_ms") }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed (.ci/run installs it)")
def test_the_model_adapter_speaks_the_anywidget_model_api() -> None:
    url = json.dumps((STATIC / "model.js").as_uri())
    run = subprocess.run(["node", "--input-type=module", "-e", SCRIPT % url], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["seen"] == [["table", 3, 7], ["feed", 8], ["custom", "welcome", 0]]
    assert out["posted"] == [{"kind": "sync", "changes": {"pace_ms": 0}},
                             {"kind": "custom", "content": {"type": "act", "token": 3, "action": 1}}]
    assert out["pace"] == 0
