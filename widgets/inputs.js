// The card table's keys and presses that are not a move: Escape, a press that skips the others' moves, and which of
// the two the player used last (settle.js: after a tap nothing scrolls from under the finger).

// Escape closes the guide (it is over everything else), else turns "Say STOP now?" back, else answers "Abandon this
// game?" (asked above the table: controller.py, controls.js) as its "Keep playing" does; a key outside is not ours.
// A press anywhere on the table while the others play (their opening too) calls `skip` (a press: the cards are
// disabled buttons then, and those get no click), not in the help links or the guide. Returns the cleanup.
export function tableInputs({ el, root, guide, stopAsk, settle, skip }) {
  function onKey(ev) {
    settle.input(false);
    if (ev.key !== "Escape") return;
    if (guide.tab() !== null) guide.close();
    else if (stopAsk.asking()) stopAsk.stop();
    else {
      const page = el.closest(".egonb-app");
      const keep = page && page.querySelector(".egonb-keep");
      if (keep && keep.offsetParent !== null && (page.contains(ev.target) || ev.target === document.body)) keep.click();
    }
  }
  document.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", (ev) => {
    settle.input(true);
    if (!ev.target.closest(".eg-help, .eg-guide")) skip();
  });
  return () => document.removeEventListener("keydown", onKey);
}
