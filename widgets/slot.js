// The save slot of this page: 32 random hex digits. A reload keeps its tab's slot (sessionStorage);
// a new tab takes the browser's last slot (localStorage), so closing the browser loses nothing; but a
// slot that another open tab of this browser plays holds a Web Lock, and then this tab gets a slot
// of its own, so two tabs never overwrite each other's game.
const SLOT_RE = /^[0-9a-f]{32}$/;

function freshSlot() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

function stored(storage) {
  try {
    const slot = storage.getItem("egonb-save-slot");
    return SLOT_RE.test(slot || "") ? slot : null;
  } catch (err) {
    return null; // storage switched off: this page's game is saved, but only this page knows its slot
  }
}

function remember(slot) {
  for (const storage of [sessionStorage, localStorage]) {
    try { storage.setItem("egonb-save-slot", slot); } catch (err) { /* storage switched off */ }
  }
}

// Hold the lock named after `slot` until the page goes away; false if another tab holds it (after
// `waitMs`: a reloading tab's previous page may still be letting go of its own slot).
function lockSlot(slot, waitMs) {
  if (!navigator.locks) return Promise.resolve(true); // no Web Locks (plain http on a LAN): no guard
  return new Promise((resolve) => {
    const options = waitMs ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
    navigator.locks.request(`egonb-save-slot-${slot}`, options, (lock) => {
      resolve(lock !== null);
      return lock ? new Promise(() => {}) : undefined;
    }).catch(() => resolve(false));
  });
}

export async function claimSlot() {
  const mine = stored(sessionStorage);
  if (mine && await lockSlot(mine, 2000)) {
    remember(mine);
    return mine;
  }
  const last = stored(localStorage);
  if (last && last !== mine && await lockSlot(last, 0)) {
    remember(last);
    return last;
  }
  const slot = freshSlot();
  await lockSlot(slot, 0);
  remember(slot);
  return slot;
}
