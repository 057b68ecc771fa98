// Game AI Lab: the student's progress, kept in this browser's IndexedDB (nothing is sent anywhere).
// One file for every place that reads or writes it: the Python kernel's worker runs it through
// games/course_progress.py, and build.py puts it into the lesson pages and the course map.
//
// One entry per event and thing: {key, lesson, kind, name, first, last, detail}
//   lesson  "en/10_tictactoe_1_env.ipynb" (or "en/game:connectfour" for a trained agent's result)
//   kind    "opened" | "passed" | "solution" | "hint" | "result"
//   name    the exercise ("winner"), "" for "opened"
//   first / last  ISO times of the first and the latest time it happened; detail: the result's text
// One entry per key means two tabs writing at once never lose each other's events.
globalThis.gameAiLabProgress = (function () {
  const DATABASE = "game-ai-lab";
  const STORE = "progress";

  function open() {
    return new Promise((resolve, reject) => {
      if (typeof indexedDB === "undefined") { resolve(null); return; }  // Node.js, or storage off
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  // Run fn(store) in one transaction; resolves with what fn's last request gave.
  async function withStore(mode, fn) {
    const db = await open();
    if (!db) return null;
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      let answer = null;
      const request = fn(transaction.objectStore(STORE));
      if (request) request.onsuccess = () => { answer = request.result; };
      transaction.oncomplete = () => { db.close(); resolve(answer); };
      transaction.onerror = () => { db.close(); reject(transaction.error); };
      transaction.onabort = () => { db.close(); reject(transaction.error); };
    });
  }

  function keyOf(entry) {
    return [entry.lesson, entry.kind, entry.name || ""].join("|");
  }

  // Keep the earliest first time, the latest last time, and the latest detail.
  function combined(old, entry) {
    if (!old) return entry;
    const later = (entry.last || "") >= (old.last || "");
    return { ...old, first: (old.first || "") <= (entry.first || "") ? old.first : entry.first,
             last: later ? entry.last : old.last, detail: later ? entry.detail : old.detail };
  }

  function put(store, entry) {
    const request = store.get(entry.key);
    request.onsuccess = () => store.put(combined(request.result, entry));
  }

  return {
    // Record that something happened now.
    note(lesson, kind, name, detail) {
      const now = new Date().toISOString();
      const entry = { lesson, kind, name: name || "", first: now, last: now, detail: detail || "" };
      entry.key = keyOf(entry);
      return withStore("readwrite", store => put(store, entry)).catch(() => null);
    },
    // Every entry (an empty list where there is no storage).
    async all() {
      return (await withStore("readonly", store => store.getAll())) || [];
    },
    // Entries from a backup, combined with what is here (nothing is lost either way).
    merge(entries) {
      return withStore("readwrite", store => {
        for (const entry of entries) put(store, { ...entry, key: keyOf(entry) });
      });
    },
    // Forget all progress (the notebooks stay).
    clear() {
      return withStore("readwrite", store => store.clear());
    },
  };
})();
