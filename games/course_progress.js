// Game AI Lab: the student's progress, kept in this browser's IndexedDB (nothing is sent anywhere).
// One file for every place that reads or writes it: the Python kernel's worker runs it through
// games/course_progress.py, and build.py puts it into the lesson pages and the course map.
//
// One entry per event and thing: {key, lesson, kind, name, first, last, detail}
//   lesson  "en/10_tictactoe_1_env.ipynb" (or "en/game:connectfour" for a trained agent's result)
//   kind    "opened" | "passed" | "failed" | "solution" | "hint" | "result" | "plan" | "answer" | "reflect"
//           (games/course_progress.py says what each detail holds)
//   name    the exercise ("winner") or the question, "" for "opened", "plan" and "reflect"
//   first / last  ISO times of the first and the latest time it happened; detail: the latest detail
//           ("answer": the first one, a student's first answer is what counts)
//   each    true for an event kept every time it happens ("failed"): its time is part of its key
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

  const FIRST_DETAIL_COUNTS = new Set(["answer"]);

  function keyOf(entry) {
    const key = [entry.lesson, entry.kind, entry.name || ""];
    if (entry.each) key.push(entry.first);
    return key.join("|");
  }

  // Keep the earliest first time, the latest last time, and the latest detail.
  function combined(old, entry) {
    if (!old) return entry;
    const later = (entry.last || "") >= (old.last || "");
    const earlier = (entry.first || "") < (old.first || "");
    const detail = FIRST_DETAIL_COUNTS.has(entry.kind) ? (earlier ? entry.detail : old.detail)
      : (later ? entry.detail : old.detail);
    return { ...old, first: earlier ? entry.first : old.first, last: later ? entry.last : old.last, detail };
  }

  function put(store, entry) {
    const request = store.get(entry.key);
    request.onsuccess = () => store.put(combined(request.result, entry));
  }

  return {
    // Record that something happened now.
    note(lesson, kind, name, detail, each) {
      const now = new Date().toISOString();
      const entry = { lesson, kind, name: name || "", first: now, last: now, detail: detail || "" };
      if (each) entry.each = true;
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
