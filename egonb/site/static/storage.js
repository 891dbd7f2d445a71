// Games kept in this browser (localStorage), for the session in the worker (egonb/site/host.py, BrowserSaves):
// the game of each save slot (the table names its slot, widgets/slot.js), each game in a place of its own, the list
// of your last games, and each slot's settings. Every reader says what went wrong instead of throwing: storage may
// be switched off, full, or hold junk.
import { say } from "./widgets/words.js";

const PREFIX = "egonb-site:";
const KEEP = 20; // games kept in the list; an older game's place is freed

function store() {
  try {
    return window.localStorage; // reading the property itself throws when storage is switched off
  } catch (err) {
    return null;
  }
}

function read(key) {
  try {
    return store().getItem(PREFIX + key);
  } catch (err) {
    return null;
  }
}

function readJson(key, fallback) {
  try {
    const value = JSON.parse(read(key));
    return value === null ? fallback : value;
  } catch (err) {
    return fallback;
  }
}

// Is storage usable at all? A reason if not (the catalogue's words, egonb/messages/site.py).
export function problem() {
  const s = store();
  if (!s) return say("ui.site.storage.off");
  try {
    s.setItem(PREFIX + "probe", "1");
    s.removeItem(PREFIX + "probe");
    return null;
  } catch (err) {
    return say("ui.site.storage.refused", { error: err.name });
  }
}

// Asks the browser to keep this site's data when it runs short of space (the Storage API's persist): true when it
// will, false when it may clear it, null when it cannot say (no Storage API, or a page that is not a secure context).
export async function persisted() {
  const manager = navigator.storage;
  if (!manager || !manager.persist) return null;
  try {
    return (await manager.persisted()) || (await manager.persist());
  } catch (err) {
    return null;
  }
}

// What the slot holds, for the session: {game: its save text or null, settings: {...}}. `fresh`: no game (the page
// starts afresh; the slot's game keeps its place in the list).
export function slotData(slot, fresh = false) {
  const id = read("slot:" + slot);
  const settings = readJson("settings:" + slot, {});
  return { game: fresh || !id ? null : read("game:" + id),
    settings: settings && typeof settings === "object" && !Array.isArray(settings) ? settings : {} };
}

// Past and present games, newest first: {id, started, updated, round, totals, difficulty, over}.
export function history() {
  const list = readJson("history", []);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === "string") : [];
}

// Store the slot's game after a decision; `another`: it is not the game the slot held, so it gets a place of its
// own. Throws on failure (storage full or switched off): the page tells the player, and the game goes on unsaved.
export function saveGame(slot, text, summary, another) {
  const s = store();
  if (!s) throw new Error(say("ui.site.storage.switched_off"));
  let id = s.getItem(PREFIX + "slot:" + slot);
  const now = new Date().toISOString();
  let games = history();
  if (another || !id) id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  s.setItem(PREFIX + "game:" + id, text);
  s.setItem(PREFIX + "slot:" + slot, id);
  let entry = games.find((g) => g.id === id);
  if (!entry) {
    entry = { id, started: now };
    games.unshift(entry);
  }
  Object.assign(entry, { updated: now, round: summary.round, totals: summary.totals,
    difficulty: summary.difficulty, over: summary.over });
  for (const old of games.slice(KEEP)) s.removeItem(PREFIX + "game:" + old.id);
  games = games.slice(0, KEEP);
  s.setItem(PREFIX + "history", JSON.stringify(games));
}

// The slot's settings (the Citybots' pace, a difficulty chosen for the next game, a round summary closed).
export function saveSettings(slot, settings) {
  const s = store();
  if (!s) throw new Error(say("ui.site.storage.switched_off"));
  s.setItem(PREFIX + "settings:" + slot, JSON.stringify(settings));
}
