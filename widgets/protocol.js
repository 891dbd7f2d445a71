// The messages between the page and the game session (egonb/games/egocentric_world/session.py, `GameSession.handle`).
// The page sends these; every click names the decision (token) it answers, and the session refuses any other.

export const act = (token, action) => ({ type: "act", token, action });
export const newGame = (token) => ({ type: "new_game", token });
export const hello = (slot) => ({ type: "hello", slot });
export const resume = (choice) => ({ type: "resume", choice });
export const download = (round) => ({ type: "download", round });
// You closed the summary of round `round`: a reload opens on the next round, not on it again.
export const summaryRead = (round) => ({ type: "summary_read", round });
export const load = (text) => ({ type: "load", text });

// What the session sends back: "welcome" (the answer to hello), "note" (a log line; `refused`: the page's last
// message was refused; `error`: said in the save area too; `load_refused`: why a file was not loaded) and "save"
// (a sealed file to download). Anything else is not ours: null.
export function incoming(msg) {
  if (!msg || typeof msg !== "object" || !["welcome", "note", "save"].includes(msg.type)) return null;
  return msg;
}
