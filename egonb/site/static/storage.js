// Games kept in this browser (localStorage): one slot per game, the history of games, and the page's settings.
// Every call says what went wrong instead of throwing: storage may be switched off, full, or hold junk.

const PREFIX = "egonb-site:";
const KEEP = 20; // games kept in the history; an older game's slot is freed

function store() {
  try {
    return window.localStorage; // reading the property itself throws when storage is switched off
  } catch (err) {
    return null;
  }
}

function readJson(key, fallback) {
  try {
    const value = JSON.parse(store().getItem(PREFIX + key));
    return value === null ? fallback : value;
  } catch (err) {
    return fallback;
  }
}

// Is storage usable at all? A reason if not.
export function problem() {
  const s = store();
  if (!s) return "this browser does not let the page keep data (storage is switched off)";
  try {
    s.setItem(PREFIX + "probe", "1");
    s.removeItem(PREFIX + "probe");
    return null;
  } catch (err) {
    return `this browser refuses to keep data for the page (${err.name})`;
  }
}

// The current game's save text, or null.
export function currentGame() {
  const s = store();
  if (!s) return null;
  try {
    const id = s.getItem(PREFIX + "current");
    return id ? s.getItem(PREFIX + "game:" + id) : null;
  } catch (err) {
    return null;
  }
}

// Past and present games, newest first: {id, started, updated, round, totals, difficulty, over}.
export function history() {
  const list = readJson("history", []);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
}

// Store the game after a decision; `summary.another`: it is a new game, in a slot of its own. Throws on failure
// (storage full or switched off): the page tells the player, and the game goes on unsaved.
export function saveGame(text, summary) {
  const s = store();
  if (!s) throw new Error("storage is switched off");
  let id = s.getItem(PREFIX + "current");
  const now = new Date().toISOString();
  let games = history();
  if (summary.another || !id) {
    id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    games.unshift({ id, started: now });
  }
  s.setItem(PREFIX + "game:" + id, text);
  s.setItem(PREFIX + "current", id);
  const entry = games.find((g) => g.id === id) || { id, started: now };
  if (!games.includes(entry)) games.unshift(entry);
  Object.assign(entry, { updated: now, round: summary.round, totals: summary.totals,
    difficulty: summary.difficulty, over: summary.over });
  for (const old of games.slice(KEEP)) s.removeItem(PREFIX + "game:" + old.id);
  games = games.slice(0, KEEP);
  s.setItem(PREFIX + "history", JSON.stringify(games));
}

export function settings() {
  const value = readJson("settings", {});
  return value && typeof value === "object" ? value : {};
}

export function saveSettings(value) {
  try {
    store().setItem(PREFIX + "settings", JSON.stringify(value));
  } catch (err) { /* settings are a convenience: not kept */ }
}
