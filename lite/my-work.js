// Game AI Lab: the course map's progress, and the student's work in one file.
// course.py puts this file into the start pages, after games/course_progress.js.
//
// - Each lesson on the map (a.lesson[data-lesson]) gets data-state="new", "started" or "done":
//   done when every exercise of the lesson (data-exercises) has passed its check (a lesson with
//   no exercise: once opened); started when it was opened, or the student has a copy of it.
// - "Start here" leads to the first lesson that is not done.
// - "Download all my work": one zip with every notebook and file the student changed or created
//   (JupyterLite keeps them in this browser's IndexedDB) and their progress.
// - "Restore my work": such a zip back, on this or another computer. A file that is newer here
//   is kept, and the backup's copy is put beside it. A file that is not a backup changes nothing.
(function () {
  const progress = globalThis.gameAiLabProgress;
  const MANIFEST = "game-ai-lab-work.json";
  const FORMAT = "game-ai-lab-work";
  // JupyterLite's storage of the students' files (jupyterlite-core 0.8: localforage, IndexedDB),
  // one database per site, named after the site's folder on its host ("/" or "/game-ai-lab/").
  const siteFolder = new URL(document.getElementById("gail-home").getAttribute("href"), location.href).pathname;
  const JUPYTERLITE_DB = `JupyterLite Storage - ${siteFolder}`;
  const FILES = "files";
  // The stores localforage makes in a new database; a restore into a fresh browser makes the same.
  const JUPYTERLITE_STORES = ["files", "counters", "checkpoints", "local-forage-detect-blob-support"];

  const WORDS = {
    en: {
      done: "done ✓", started: "started", exercises: "{p} of {n} exercises passed",
      solutionSeen: "solution seen: {names}", result: "your AI against {who}: {text}",
      start: "Start here", continue: "Continue", allDone: "You have done every lesson. Well done!",
      nothing: "There is nothing to download yet: open a lesson and run or change it first.",
      downloaded: "Downloaded {file}: {n} files and your progress.",
      restored: "Restored {n} files and your progress.",
      keptBoth: "{m} of them were newer in this browser: they are kept, and the backup's copies are beside them as \u201c{example}\u201d.",
      same: "{n} files were already the same here.",
      notZip: "This file is not a backup of Game AI Lab work (it is not a zip file). Nothing was changed. Choose the file that \u201cDownload all my work\u201d made (game-ai-lab-work-\u2026.zip).",
      foreign: "This zip file is not a backup of Game AI Lab work (it has no {manifest}). Nothing was changed. Choose the file that \u201cDownload all my work\u201d made.",
      broken: "This backup is damaged: {what}. Nothing was changed. Try downloading your work again on the computer where it is.",
      newer: "This backup was made by a newer version of the site. Nothing was changed.",
      failed: "Something went wrong ({error}). Nothing was changed.",
      confirmReset: "Reset your progress? The map forgets which lessons you opened and which checks passed. Your notebooks stay.",
      reset: "Your progress is reset. Your notebooks are still here.",
      noStorage: "This browser keeps no site data (a private window?): progress and work cannot be saved here.",
      restoredName: "{stem} (from backup){ext}",
    },
    ja: {
      done: "できた ✓", started: "取り組み中", exercises: "練習問題 {n} 問中 {p} 問クリア",
      solutionSeen: "答えの例を見た: {names}", result: "あなたの AI 対 {who}: {text}",
      start: "ここから始めよう", continue: "続きから", allDone: "すべてのレッスンが終わりました。おめでとう！",
      nothing: "ダウンロードするものがまだありません。まずレッスンを開いて、実行したり書きかえたりしましょう。",
      downloaded: "{file} をダウンロードしました: ファイル {n} 個と進み具合。",
      restored: "ファイル {n} 個と進み具合を元に戻しました。",
      keptBoth: "そのうち {m} 個はこのブラウザの方が新しかったので残し、バックアップの方は「{example}」のような名前でとなりに置きました。",
      same: "{n} 個のファイルは、すでに同じものがありました。",
      notZip: "このファイルは Game AI Lab の作業のバックアップではありません（zip ファイルではありません）。何も変えていません。「作業をすべてダウンロード」で作ったファイル（game-ai-lab-work-….zip）を選んでください。",
      foreign: "この zip ファイルは Game AI Lab の作業のバックアップではありません（{manifest} がありません）。何も変えていません。「作業をすべてダウンロード」で作ったファイルを選んでください。",
      broken: "このバックアップはこわれています: {what}。何も変えていません。作業が残っているパソコンで、もう一度ダウンロードしてみてください。",
      newer: "このバックアップは、新しい版のサイトで作られたものです。何も変えていません。",
      failed: "うまくいきませんでした（{error}）。何も変えていません。",
      confirmReset: "進み具合をリセットしますか？ どのレッスンを開いたか、どのチェックに合格したかを忘れます。ノートブックは残ります。",
      reset: "進み具合をリセットしました。ノートブックは残っています。",
      noStorage: "このブラウザはサイトのデータを保存しません（シークレットウィンドウ？）。ここでは進み具合も作業も保存できません。",
      restoredName: "{stem}（バックアップ）{ext}",
    },
  };

  function say(language, key, fields) {
    const text = (WORDS[language] || WORDS.en)[key];
    return text.replace(/\{(\w+)\}/g, (_, name) => (fields && name in fields ? fields[name] : ""));
  }

  // ------------------------------------------------------------ JupyterLite's files

  // Open JupyterLite's database; with create false, a browser that has none gets null (and still none).
  function openJupyterLite(create) {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(JUPYTERLITE_DB);
      request.onupgradeneeded = (event) => {
        if (!create) { request.transaction.abort(); return; }
        if (event.oldVersion === 0) {
          for (const name of JUPYTERLITE_STORES) request.result.createObjectStore(name);
        }
      };
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(FILES)) {  // made by someone else: not ours to change
          db.close();
          resolve(null);
          return;
        }
        resolve(db);
      };
      request.onerror = () => (create ? reject(request.error) : resolve(null));
    });
  }

  function allItems(db) {
    return new Promise((resolve, reject) => {
      const store = db.transaction(FILES, "readonly").objectStore(FILES);
      const items = [];
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const at = cursor.result;
        if (!at) { resolve(items); return; }
        if (at.value && typeof at.key === "string") items.push(at.value);
        at.continue();
      };
      cursor.onerror = () => reject(cursor.error);
    });
  }

  async function studentFiles() {
    const db = await openJupyterLite(false);
    if (!db) return [];
    try { return await allItems(db); } finally { db.close(); }
  }

  // ------------------------------------------------------------ the map

  function lessonStates(entries, files) {
    const byLesson = new Map();
    for (const entry of entries) {
      if (!byLesson.has(entry.lesson)) byLesson.set(entry.lesson, []);
      byLesson.get(entry.lesson).push(entry);
    }
    const copies = new Set(files.map(item => item.path));
    return function state(link) {
      const lesson = link.dataset.lesson;
      const mine = byLesson.get(lesson) || [];
      const exercises = (link.dataset.exercises || "").split(",").filter(Boolean);
      const passed = new Set(mine.filter(e => e.kind === "passed").map(e => e.name));
      const passedHere = exercises.filter(name => passed.has(name));
      const seen = [...new Set(mine.filter(e => e.kind === "solution").map(e => e.name))];
      const language = lesson.split("/")[0];  // a trained agent's results are noted per game
      const results = link.dataset.results ? (byLesson.get(`${language}/game:${link.dataset.results}`) || [])
        .filter(e => e.kind === "result") : [];
      const opened = mine.length > 0 || copies.has(lesson);
      let name = "new";
      if (exercises.length ? passedHere.length === exercises.length : opened) name = "done";
      else if (opened) name = "started";
      return { name, exercises, passed: passedHere, seen, results };
    };
  }

  // The first lines of a result as the lesson printed it, without the heading: "A wins 97 ..."
  function shortResult(text) {
    const lines = text.split("\n").map(line => line.trim()).filter(Boolean);
    return (lines.length > 1 ? lines[1] : lines[0] || "").replace(/\s+/g, " ");
  }

  function showState(link, state, language) {
    link.dataset.state = state.name;
    const parts = [];
    if (state.name !== "new") parts.push(say(language, state.name));
    if (state.exercises.length && state.name !== "new") {
      parts.push(say(language, "exercises", { p: state.passed.length, n: state.exercises.length }));
    }
    if (state.seen.length) parts.push(say(language, "solutionSeen", { names: state.seen.join(", ") }));
    for (const result of state.results) {
      parts.push(say(language, "result", { who: result.name || "-", text: shortResult(result.detail || "") }));
    }
    const line = link.querySelector(".progress");
    if (line) line.textContent = parts.join(" · ");
    link.title = parts.join("\n");
  }

  async function showProgress() {
    let entries = [], files = [];
    try {
      [entries, files] = await Promise.all([progress.all(), studentFiles()]);
    } catch (error) { /* no storage here: every lesson stays new */ }
    const state = lessonStates(entries, files);
    document.querySelectorAll(".language[data-language]").forEach(block => {
      const language = block.dataset.language;
      const links = [...block.querySelectorAll("a.lesson[data-lesson]")];
      const states = links.map(link => state(link));
      links.forEach((link, i) => showState(link, states[i], language));
      const start = block.querySelector("a.start");
      const next = links.find((link, i) => states[i].name !== "done");
      if (start && next && next !== links[0]) {
        start.href = next.href;
        const title = next.querySelector(".title").textContent;
        start.textContent = `▶ ${say(language, "continue")}: ${title}`;
      } else if (start && !next) {
        start.textContent = `✓ ${say(language, "allDone")}`;
      }
    });
  }

  // ------------------------------------------------------------ zip files (written "stored", read stored or deflated)

  const CRC_TABLE = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    return table;
  })();

  function crc32(bytes) {
    let crc = 0xffffffff;
    for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  }

  // A zip of [{name, bytes}], uncompressed (notebooks are small; every unzip tool reads it).
  function makeZip(entries) {
    const encoder = new TextEncoder();
    const chunks = [], central = [];
    let offset = 0;
    for (const entry of entries) {
      const name = encoder.encode(entry.name);
      const crc = crc32(entry.bytes);
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true);
      local.setUint16(4, 20, true);
      local.setUint16(6, 0x0800, true);  // the name is UTF-8 (Japanese file names)
      local.setUint32(14, crc, true);
      local.setUint32(18, entry.bytes.length, true);
      local.setUint32(22, entry.bytes.length, true);
      local.setUint16(26, name.length, true);
      const head = new DataView(new ArrayBuffer(46));
      head.setUint32(0, 0x02014b50, true);
      head.setUint16(4, 20, true);
      head.setUint16(6, 20, true);
      head.setUint16(8, 0x0800, true);
      head.setUint32(16, crc, true);
      head.setUint32(20, entry.bytes.length, true);
      head.setUint32(24, entry.bytes.length, true);
      head.setUint16(28, name.length, true);
      head.setUint32(42, offset, true);
      chunks.push(local.buffer, name, entry.bytes);
      central.push(head.buffer, name);
      offset += 30 + name.length + entry.bytes.length;
    }
    const size = central.reduce((sum, part) => sum + part.byteLength, 0);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, entries.length, true);
    end.setUint16(10, entries.length, true);
    end.setUint32(12, size, true);
    end.setUint32(16, offset, true);
    return new Blob([...chunks, ...central, end.buffer], { type: "application/zip" });
  }

  class NotAZip extends Error {}
  class Damaged extends Error {}

  // {name: bytes} of a zip file; NotAZip when it is not one, Damaged when a part cannot be read.
  async function readZip(buffer) {
    const view = new DataView(buffer);
    let end = -1;
    for (let i = buffer.byteLength - 22; i >= Math.max(0, buffer.byteLength - 22 - 65535); i--) {
      if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
    }
    if (end < 0) throw new NotAZip();
    const count = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    const decoder = new TextDecoder();
    const files = {};
    for (let n = 0; n < count; n++) {
      if (at + 46 > buffer.byteLength || view.getUint32(at, true) !== 0x02014b50) throw new Damaged("the list of files");
      const method = view.getUint16(at + 10, true);
      const crc = view.getUint32(at + 16, true);
      const packed = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const name = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
      const local = view.getUint32(at + 42, true);
      at += 46 + skip;
      if (name.endsWith("/")) continue;  // a folder
      if (local + 30 > buffer.byteLength) throw new Damaged(name);
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      if (start + packed > buffer.byteLength) throw new Damaged(name);
      let bytes = new Uint8Array(buffer, start, packed);
      if (method === 8) bytes = await inflate(bytes, name);
      else if (method !== 0) throw new Damaged(name);
      if (crc32(bytes) !== crc) throw new Damaged(name);
      files[name] = bytes;
    }
    return files;
  }

  // A zip packed again by the computer's own zip tool is deflated.
  async function inflate(bytes, name) {
    if (typeof DecompressionStream === "undefined") throw new Damaged(name);
    try {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    } catch (error) {
      throw new Damaged(name);
    }
  }

  // ------------------------------------------------------------ download

  function itemBytes(item) {
    if (item.type === "directory" || item.content === null || item.content === undefined) return new Uint8Array(0);
    if (item.format === "json") return new TextEncoder().encode(JSON.stringify(item.content, null, 1) + "\n");
    if (item.format === "base64") return Uint8Array.from(atob(item.content), c => c.charCodeAt(0));
    return new TextEncoder().encode(String(item.content));
  }

  function about(item) {
    const { name, path, type, format, mimetype, created, last_modified } = item;
    return { name, path, type, format, mimetype, created, last_modified };
  }

  async function downloadAll(language, status) {
    const [files, entries] = await Promise.all([studentFiles(), progress.all()]);
    if (!files.length && !entries.length) { status(say(language, "nothing")); return; }
    const manifest = { format: FORMAT, version: 1, saved: new Date().toISOString(),
                       files: files.map(about), progress: entries };
    const zipped = [{ name: MANIFEST, bytes: new TextEncoder().encode(JSON.stringify(manifest, null, 1)) }];
    for (const item of files) {
      if (item.type !== "directory") zipped.push({ name: item.path, bytes: itemBytes(item) });
    }
    const day = new Date().toISOString().slice(0, 10);
    const file = `game-ai-lab-work-${day}.zip`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(makeZip(zipped));
    link.download = file;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    status(say(language, "downloaded", { file, n: files.filter(i => i.type !== "directory").length }));
  }

  // ------------------------------------------------------------ restore

  function bytesToBase64(bytes) {
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }

  // Every file of a backup as JupyterLite keeps it; throws before anything is written.
  function itemsOf(manifest, zipped) {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    return manifest.files.map(file => {
      if (!file || typeof file.path !== "string" || !file.path || file.path.startsWith("/") || file.path.split("/").includes("..")) {
        throw new Damaged(String(file && file.path));
      }
      if (file.type === "directory") return { ...file, content: null, size: 0, writable: true };
      const bytes = zipped[file.path];
      if (!bytes) throw new Damaged(file.path);
      let content;
      try {
        if (file.format === "json") content = JSON.parse(decoder.decode(bytes));
        else if (file.format === "base64") content = bytesToBase64(bytes);
        else content = decoder.decode(bytes);
      } catch (error) {
        throw new Damaged(file.path);
      }
      return { ...file, name: file.path.split("/").pop(), content, size: bytes.length, writable: true };
    });
  }

  function sameContent(a, b) {
    return a.format === b.format && JSON.stringify(a.content) === JSON.stringify(b.content);
  }

  function besideName(item, taken, language) {
    const slash = item.path.lastIndexOf("/");
    const folder = item.path.slice(0, slash + 1);
    const dot = item.name.lastIndexOf(".");
    const stem = dot > 0 ? item.name.slice(0, dot) : item.name;
    const ext = dot > 0 ? item.name.slice(dot) : "";
    let name = say(language, "restoredName", { stem, ext });
    for (let n = 2; taken.has(folder + name); n++) name = say(language, "restoredName", { stem: `${stem} ${n}`, ext });
    return { ...item, name, path: folder + name };
  }

  // Write the backup's files in one transaction: all of them, or none.
  function writeFiles(db, items, language) {
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(FILES, "readwrite");
      const store = transaction.objectStore(FILES);
      const counts = { written: 0, same: 0, beside: [] };
      const keys = store.getAllKeys();
      keys.onsuccess = () => {
        const taken = new Set(keys.result);
        const folders = items.filter(item => item.type === "directory");
        const others = items.filter(item => item.type !== "directory");
        for (const item of folders) {
          if (!taken.has(item.path)) { store.put(item, item.path); taken.add(item.path); }
        }
        for (const item of others) {
          const get = store.get(item.path);
          get.onsuccess = () => {
            const here = get.result;
            if (here && sameContent(here, item)) { counts.same++; return; }
            if (here && (here.last_modified || "") > (item.last_modified || "")) {
              const copy = besideName(item, taken, language);  // newer here: keep both
              taken.add(copy.path);
              store.put(copy, copy.path);
              counts.beside.push(copy.name);
            } else {
              store.put(item, item.path);
            }
            counts.written++;
          };
        }
      };
      transaction.oncomplete = () => resolve(counts);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }

  async function restore(file, language, status) {
    let zipped;
    try {
      zipped = await readZip(await file.arrayBuffer());
    } catch (error) {
      if (error instanceof Damaged) { status(say(language, "broken", { what: error.message }), true); return; }
      status(say(language, "notZip"), true);
      return;
    }
    if (!zipped[MANIFEST]) { status(say(language, "foreign", { manifest: MANIFEST }), true); return; }
    let manifest, items;
    try {
      manifest = JSON.parse(new TextDecoder().decode(zipped[MANIFEST]));
      if (!manifest || manifest.format !== FORMAT) { status(say(language, "foreign", { manifest: MANIFEST }), true); return; }
      if (manifest.version > 1) { status(say(language, "newer"), true); return; }
      if (!Array.isArray(manifest.files) || !Array.isArray(manifest.progress)) throw new Damaged(MANIFEST);
      items = itemsOf(manifest, zipped);
    } catch (error) {
      status(say(language, "broken", { what: error instanceof Damaged ? error.message : MANIFEST }), true);
      return;
    }
    let counts;
    try {
      const db = await openJupyterLite(true);
      if (!db) throw new Error(JUPYTERLITE_DB);
      try { counts = await writeFiles(db, items, language); } finally { db.close(); }
      await progress.merge(manifest.progress.filter(e => e && typeof e.lesson === "string" && typeof e.kind === "string"));
    } catch (error) {
      status(say(language, "failed", { error: String(error && error.message || error) }), true);
      return;
    }
    const lines = [say(language, "restored", { n: counts.written })];
    if (counts.beside.length) lines.push(say(language, "keptBoth", { m: counts.beside.length, example: counts.beside[0] }));
    if (counts.same) lines.push(say(language, "same", { n: counts.same }));
    status(lines.join("\n"));
    await showProgress();
  }

  // ------------------------------------------------------------ the buttons

  document.querySelectorAll(".language[data-language]").forEach(block => {
    const language = block.dataset.language;
    const line = block.querySelector(".my-work-status");
    if (!line) return;
    const status = (text, problem) => {
      line.textContent = text;
      line.classList.toggle("problem", !!problem);
    };
    if (typeof indexedDB === "undefined") status(say(language, "noStorage"), true);
    block.querySelector("button.download-all").addEventListener("click", () =>
      downloadAll(language, status).catch(error => status(say(language, "failed", { error: String(error) }), true)));
    const chooser = block.querySelector("input.restore-file");
    block.querySelector("button.restore").addEventListener("click", () => chooser.click());
    chooser.addEventListener("change", () => {
      const file = chooser.files && chooser.files[0];
      chooser.value = "";
      if (file) restore(file, language, status);
    });
    block.querySelector("button.reset-progress").addEventListener("click", async () => {
      if (!window.confirm(say(language, "confirmReset"))) return;
      await progress.clear();
      status(say(language, "reset"));
      await showProgress();
    });
  });

  showProgress();
  // Back to the map with the browser's Back button: the page may come from its cache.
  window.addEventListener("pageshow", event => { if (event.persisted) showProgress(); });
})();
