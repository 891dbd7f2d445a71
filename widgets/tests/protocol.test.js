// The messages of the page (protocol.js), as egonb/app/session.py's GameSession.handle reads them.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as protocol from "../protocol.js";
import { list, plural } from "../words.js";

test("every click carries the decision it answers", () => {
  assert.deepEqual(protocol.act(7, 12), { type: "act", token: 7, action: 12 });
  assert.deepEqual(protocol.newGame(7), { type: "new_game", token: 7 });
  assert.deepEqual(protocol.resume("continue"), { type: "resume", choice: "continue" });
});

test("only the session's own messages are read", () => {
  assert.equal(protocol.incoming(null), null);
  assert.equal(protocol.incoming({ type: "act" }), null);
  assert.deepEqual(protocol.incoming({ type: "welcome", saving: true }), { type: "welcome", saving: true });
});

test("plain words: plurals and lists", () => {
  assert.equal(plural(1, "point"), "1 point");
  assert.equal(plural(0, "card"), "0 cards");
  assert.equal(list(["a", "b", "c"]), "a, b or c");
});
