// After the table is redrawn whole: the boxes of moves scrolled to their newest lines (or where you left them), the
// focus put back where it was (or on the next decision after your move, or kept in the guide) and the action bar
// brought into view when only it can answer. Everything here reads the layout, so it runs once per drawing, after
// everything is written.
import { newestMoves } from "./recap.js";

// A box just opened over the table (a summary, the guide): `button` takes the focus without scrolling to it (on a
// phone that scrolled the heading out of sight; in JupyterLab, the notebook to the box's end); the box's top is
// brought into view instead.
export function showAtTop(box, button) {
  if (!box) return;
  if (button) button.focus({ preventScroll: true });
  const top = box.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 80) box.scrollIntoView({ block: "start" });
}

export function settler() {
  let sinceTop = null; // where you scrolled the box of moves since your turn (null: at its end, the newest move)
  let barFor = null; // the decision (token) whose action bar was brought into view: a question only buttons answer
  let refocus = false; // the player acted from the table: put the focus back on it when the next decision is ready
  let pointing = false; // the last input was a tap or a click (not a key): nothing scrolls from under the finger

  return {
    acted() { refocus = true; },
    // What the player used last: a finger or a mouse (true), or the keyboard (false), which focus may scroll after.
    input(pointer) { pointing = pointer; },
    // A new move in the box since your turn: it shows it (its end) again.
    fresh() { sinceTop = null; },
    // Before a drawing: what has the focus (an element of the table, a tab of the guide).
    focus(root) {
      const active = document.activeElement;
      return {
        guide: active && active.closest(".eg-guide") ? active.dataset.tab : null,
        table: active && root.contains(active) ? active.getAttribute("data-el") || active.getAttribute("data-action") : null,
      };
    },
    after(root, focus, { busy, token, decision, legal }) {
      // A turn longer than its box shows its last moves (how the turn ended); the first ones are scrolled above.
      const turnList = root.querySelector(".eg-turn-list");
      if (turnList) {
        turnList.scrollTop = newestMoves(turnList);
        const above = () => turnList.classList.toggle("eg-above", turnList.scrollTop > 1);
        above();
        turnList.addEventListener("scroll", above);
      }
      // The box of moves since your turn too: its last line is the move your decision answers (a Two Cards played
      // on you, a STOP); where you scrolled it stays until a new move comes (a selection redraws the box).
      const sinceList = root.querySelector(".eg-since-list");
      if (sinceList) {
        const newest = newestMoves(sinceList);
        sinceList.scrollTop = sinceTop === null ? newest : sinceTop;
        sinceList.classList.toggle("eg-above", sinceList.scrollTop > 1);
        sinceList.addEventListener("scroll", () => {
          sinceList.classList.toggle("eg-above", sinceList.scrollTop > 1);
          sinceTop = sinceList.scrollTop >= newest - 1 ? null : sinceList.scrollTop;
        });
      }
      if (focus.table) {
        const again = root.querySelector(`[data-el="${focus.table}"], [data-action="${focus.table}"]`);
        if (again && !again.disabled) again.focus({ preventScroll: pointing });
      }
      // The guide is a dialog over the table: the keyboard stays in it while the table behind it is redrawn (the
      // Citybots' opening plays under a guide opened on a first visit).
      const guideBox = root.querySelector(".eg-guide");
      if (guideBox && !guideBox.contains(document.activeElement)) {
        (guideBox.querySelector(`[data-tab="${focus.guide}"]`) || guideBox.querySelector(".eg-guide-close")).focus();
      }
      if (refocus && !busy && !root.contains(document.activeElement)) {
        refocus = false;
        const next = root.querySelector(".eg-hand .eg-usable:not([disabled])") ||
          root.querySelector(".eg-usable:not([disabled]), .eg-act:not([disabled])");
        if (next) next.focus({ preventScroll: pointing });
      }
      // A decision that only the action bar can answer (the Black Shield question, SP9; the Hourglass, SP12):
      // nothing on the felt can be clicked, and on a short screen its buttons may be below the fold. So is the
      // card you drew (T1): on a phone its keep and discard buttons were under your hand. Bring them into view,
      // once per decision (not at each redraw, so you may scroll away), without moving the focus ("nearest" does
      // not scroll when the bar is already on the screen). Only while the table is on the screen: in a notebook
      // you may be reading another cell. After a tap, the card you drew is answered on the felt (your hand, the
      // discard pile): the page stays still under the finger.
      const barOnly = !root.querySelector(".eg-felt .eg-usable") || (decision === "keep_or_discard" && !pointing);
      if (!busy && barFor !== token && (legal || []).length && barOnly) {
        barFor = token;
        const bar = root.querySelector(".eg-actions");
        const box = root.getBoundingClientRect();
        if (bar && box.bottom > 0 && box.top < window.innerHeight) bar.scrollIntoView({ block: "nearest" });
      }
    },
  };
}
