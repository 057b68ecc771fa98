// Game AI Lab: the course map's progress, and the student's work in one file.
// course.py puts this file into the start pages, after games/course_progress.js.
//
// - Each lesson on the map (a.lesson[data-lesson]) gets data-state="new", "started" or "done":
//   done when every exercise of the lesson (data-exercises) has passed its check (a lesson with
//   no exercise: once opened); started when it was opened, or the student has a copy of it.
//   Each lesson also shows, from lite/lesson-summary.js, the student's goal, questions right,
//   self-rating and time, and "My history" lists every event in time order.
// - "Start here" leads to the first lesson that is not done.
// - The student's name (or class number), kept in this browser, goes into the work file.
// - The browser is asked to keep the site's storage (navigator.storage.persist()); where it does
//   not, the map says so.
// - "Download all my work": one zip with every notebook and file the student changed or created
//   (JupyterLite keeps them in this browser's IndexedDB) and their progress.
// - "Restore my work": such a zip back, on this or another computer. A file that is newer here
//   is kept, and the backup's copy is put beside it. A file that is not a backup changes nothing.
(function () {
  const progress = globalThis.gameAiLabProgress;
  const summary = globalThis.gameAiLabSummary;
  const { makeZip, readZip, Damaged } = globalThis.gameAiLabZip;
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
      downloaded: "Downloaded {file}: {n} files and your progress, for {who}.",
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
      questions: "questions: {r} of {n} right", goal: "goal: {goal}", rated: "you rated: {ratings}",
      took: "{m} min", can: "I can", nearly: "nearly", not_yet: "not yet",
      nameAsk: "Before your first lesson: your class number and your name, for your teacher (they go into your work file only).",
      numberLabel: "Class number", nameLabel: "Name", nameChange: "Change",
      nameSave: "Save", nameSaved: "Saved: your work file will say “{name}”.", nameTooLong: "Use at most {n} characters.",
      nameEmpty: "Write your name first.", numberBad: "The class number is a number, like 12.",
      you: "You: {who}", nobody: "(no name yet)",
      history: "My history", historyEmpty: "Nothing yet: open a lesson to begin.",
      notKept: "This browser may delete your work (for example when you sign out). At the end of each lesson, press “Download all my work”.",
      event_opened: "opened", event_passed: "check passed: {name}", event_failed: "check failed: {name} ({detail} cases wrong)",
      event_hint: "hint {detail}: {name}", event_solution: "solution seen: {name}", event_plan: "goal: {goal} ({minutes} min)",
      event_answer: "question {name}: {verdict}", event_reflect: "reflected: {ratings} — {line}", event_result: "result: {name}",
      right: "right", wrong: "wrong",
    },
    ja: {
      done: "できた ✓", started: "取り組み中", exercises: "練習問題 {n} 問中 {p} 問クリア",
      solutionSeen: "答えの例を見た: {names}", result: "あなたの AI 対 {who}: {text}",
      start: "ここから始めよう", continue: "続きから", allDone: "すべてのレッスンが終わりました。おめでとう！",
      nothing: "ダウンロードするものがまだありません。まずレッスンを開いて、実行したり書きかえたりしましょう。",
      downloaded: "{file} をダウンロードしました: ファイル {n} 個と進み具合（{who}）。",
      restored: "ファイル {n} 個と進み具合を元に戻しました。",
      keptBoth: "そのうち {m} 個はこのブラウザーの方が新しかったので残し、バックアップの方は「{example}」のような名前でとなりに置きました。",
      same: "{n} 個のファイルは、すでに同じものがありました。",
      notZip: "このファイルは Game AI Lab の作業のバックアップではありません（zip ファイルではありません）。何も変えていません。「作業をすべてダウンロード」で作ったファイル（game-ai-lab-work-….zip）を選んでください。",
      foreign: "この zip ファイルは Game AI Lab の作業のバックアップではありません（{manifest} がありません）。何も変えていません。「作業をすべてダウンロード」で作ったファイルを選んでください。",
      broken: "このバックアップはこわれています: {what}。何も変えていません。作業が残っているパソコンで、もう一度ダウンロードしてみてください。",
      newer: "このバックアップは、新しい版のサイトで作られたものです。何も変えていません。",
      failed: "うまくいきませんでした（{error}）。何も変えていません。",
      confirmReset: "進み具合をリセットしますか？ どのレッスンを開いたか、どのチェックに合格したかを忘れます。ノートブックは残ります。",
      reset: "進み具合をリセットしました。ノートブックは残っています。",
      noStorage: "このブラウザーはサイトのデータを保存しません（シークレットウィンドウ？）。ここでは進み具合も作業も保存できません。",
      restoredName: "{stem}（バックアップ）{ext}",
      questions: "問題: {n} 問中 {r} 問正解", goal: "目標: {goal}", rated: "自己評価: {ratings}",
      took: "{m} 分", can: "できた", nearly: "だいたい", not_yet: "まだ",
      nameAsk: "最初のレッスンの前に: 出席番号と名前を書いてください（先生のため。作業ファイルにだけ書かれます）。",
      numberLabel: "出席番号", nameLabel: "名前", nameChange: "変える",
      nameSave: "保存", nameSaved: "保存しました。作業ファイルに「{name}」と書かれます。", nameTooLong: "{n} 文字以内にしてください。",
      nameEmpty: "先に名前を書いてください。", numberBad: "出席番号は 12 のような数で書いてください。",
      you: "あなた: {who}", nobody: "（名前がまだありません）",
      history: "これまでの記録", historyEmpty: "まだ何もありません。レッスンを開いて始めましょう。",
      notKept: "このブラウザーは、作業を消すことがあります（サインアウトしたときなど）。レッスンの終わりには「作業をすべてダウンロード」を押しましょう。",
      event_opened: "開いた", event_passed: "チェック合格: {name}", event_failed: "チェック不合格: {name}（{detail} ケースまちがい）",
      event_hint: "ヒント {detail}: {name}", event_solution: "答えの例を見た: {name}", event_plan: "目標: {goal}（{minutes} 分）",
      event_answer: "問題 {name}: {verdict}", event_reflect: "ふりかえり: {ratings} — {line}", event_result: "結果: {name}",
      right: "正解", wrong: "不正解",
    },
  };

  function say(language, key, fields) {
    const words = WORDS[language] || WORDS.en;
    const text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : "?";  // an unknown code: "?"
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
    const byLesson = summary.byLesson(entries);
    const copies = new Set(files.map(item => item.path));
    return function state(link) {
      const lesson = link.dataset.lesson;
      const exercises = (link.dataset.exercises || "").split(",").filter(Boolean);
      const done = summary.lesson(byLesson.get(lesson) || [], exercises, copies.has(lesson));
      const language = lesson.split("/")[0];  // a trained agent's results are noted per game
      const results = link.dataset.results ? (byLesson.get(`${language}/game:${link.dataset.results}`) || [])
        .filter(e => e.kind === "result") : [];
      return { ...done, name: done.state, results };
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
    if (state.answers.length) parts.push(say(language, "questions", { r: state.right, n: state.answers.length }));
    if (state.goal) parts.push(say(language, "goal", { goal: state.goal }));
    if (state.ratings.length) {
      parts.push(say(language, "rated", { ratings: state.ratings.map(code => say(language, code)).join(", ") }));
    }
    if (state.minutes !== null) parts.push(say(language, "took", { m: state.minutes }));
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
      if (block.querySelector(".my-work")) showHistory(block, language);
    });
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
    const manifest = { format: FORMAT, version: 1, saved: new Date().toISOString(), student: studentName(),
                       number: studentNumber(), id: browserId(), files: files.map(about), progress: entries };
    const zipped = [{ name: MANIFEST, bytes: new TextEncoder().encode(JSON.stringify(manifest, null, 1)) }];
    for (const item of files) {
      if (item.type !== "directory") zipped.push({ name: item.path, bytes: itemBytes(item) });
    }
    const day = new Date().toISOString().slice(0, 10);
    const who = [studentNumber(), studentName()].filter(Boolean).join("-").replace(/[^\p{L}\p{N}_-]+/gu, "_").slice(0, 40);
    const file = `game-ai-lab-work-${who ? who + "-" : ""}${day}.zip`;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(makeZip(zipped));
    link.download = file;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    status(say(language, "downloaded", { file, n: files.filter(i => i.type !== "directory").length,
                                         who: whoText(language) }));
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
      if (!studentName() && typeof manifest.student === "string") saveName(manifest.student.slice(0, NAME_MAX));
      if (!studentNumber() && plainNumber(manifest.number)) saveNumber(plainNumber(manifest.number));
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

  // ------------------------------------------------------------ the student's name, for the teacher

  // Kept in this browser only, and written into the work file for the teacher's class view: the
  // student's 出席番号 and name (asked once, above the map, changeable), and a random id made once
  // per browser (the class view tells two browsers of one student from two students of one name).
  const NAME_KEY = "gail-student-name";
  const NUMBER_KEY = "gail-student-number";
  const ID_KEY = "gail-student-id";
  const NAME_MAX = 40;

  function stored(key) {
    try { return localStorage.getItem(key) || ""; } catch (error) { return ""; }
  }

  function store(key, value) {
    try { localStorage.setItem(key, value); } catch (error) { /* no storage: the note says so */ }
  }

  function studentName() { return stored(NAME_KEY); }
  function studentNumber() { return stored(NUMBER_KEY); }
  function saveName(name) { store(NAME_KEY, name); }
  function saveNumber(number) { store(NUMBER_KEY, number); }

  function browserId() {
    let id = stored(ID_KEY);
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(12));
      id = [...bytes].map(b => b.toString(16).padStart(2, "0")).join("");
      store(ID_KEY, id);
    }
    return id;
  }

  // "１２" or "012" -> "12"; "" when it is not a number
  function plainNumber(value) {
    const text = String(value ?? "").normalize("NFKC").trim().replace(/^0+(?=\d)/, "");
    return /^\d{1,6}$/.test(text) ? text : "";
  }

  function whoText(language) {
    const who = [studentNumber(), studentName()].filter(Boolean).join(" ");
    return who || say(language, "nobody");
  }

  // The form above the map: open until the student saves, then one line with a button to change it.
  function addNameField(block, language) {
    const box = document.createElement("div");
    box.className = "student-name";
    const ask = document.createElement("p");
    ask.className = "name-ask";
    ask.textContent = say(language, "nameAsk");
    const form = document.createElement("p");
    const field = (labelKey, className, value, size) => {
      const label = document.createElement("label");
      label.textContent = say(language, labelKey) + " ";
      const input = document.createElement("input");
      input.type = "text";
      input.className = className;
      input.maxLength = size;
      input.value = value;
      input.autocomplete = "off";
      label.appendChild(input);
      return [label, input];
    };
    const [numberLabel, numberInput] = field("numberLabel", "student-number", studentNumber(), 6);
    numberInput.inputMode = "numeric";
    numberInput.size = 4;
    const [nameLabel, input] = field("nameLabel", "student-name-input", studentName(), NAME_MAX);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "save-name";
    button.textContent = say(language, "nameSave");
    const said = document.createElement("span");
    said.className = "name-status";
    said.setAttribute("role", "status");
    const you = document.createElement("p");
    you.className = "name-shown";
    const youText = document.createElement("span");
    const change = document.createElement("button");
    change.type = "button";
    change.className = "change-name";
    change.textContent = say(language, "nameChange");
    you.append(youText, " ", change);
    const showSaved = saved => {
      const known = !!studentName();
      ask.hidden = known;
      form.hidden = known && !saved.open;
      you.hidden = !known || saved.open;
      youText.textContent = say(language, "you", { who: whoText(language) });  // textContent: never HTML
    };
    button.addEventListener("click", () => {
      const name = input.value.trim().replace(/\s+/g, " ");
      const number = plainNumber(numberInput.value);
      if (!name) { said.textContent = say(language, "nameEmpty"); return; }
      if (name.length > NAME_MAX) { said.textContent = say(language, "nameTooLong", { n: NAME_MAX }); return; }
      if (numberInput.value.trim() && !number) { said.textContent = say(language, "numberBad"); return; }
      saveName(name);
      saveNumber(number);
      browserId();
      said.textContent = say(language, "nameSaved", { name: whoText(language) });
      showSaved({ open: false });
      you.after(said);
    });
    change.addEventListener("click", () => { showSaved({ open: true }); numberInput.focus(); });
    form.append(numberLabel, " ", nameLabel, " ", button, " ", said);
    box.append(ask, form, you);
    showSaved({ open: false });
    const start = block.querySelector("a.start");  // asked before the first lesson: above "Start here"
    const before = (start && start.closest("p")) || block.querySelector("h2") || block.firstChild;
    before.parentNode.insertBefore(box, before);
  }

  // ------------------------------------------------------------ my history

  // "2026-05-01 09:40" in the student's own time zone
  function localTime(iso) {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) return "";
    const two = n => String(n).padStart(2, "0");
    return `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())} ${two(when.getHours())}:${two(when.getMinutes())}`;
  }

  function eventLine(entry, language, titles) {
    const detail = (() => { try { return JSON.parse(entry.detail); } catch (error) { return null; } })();
    const fields = { name: entry.name, detail: entry.detail };
    if (entry.kind === "plan" && detail) Object.assign(fields, { goal: detail.goal, minutes: detail.minutes });
    if (entry.kind === "answer" && detail) fields.verdict = say(language, detail.right ? "right" : "wrong");
    if (entry.kind === "reflect" && detail) {
      Object.assign(fields, { ratings: (Array.isArray(detail.ratings) ? detail.ratings : [])
        .map(code => say(language, String(code))).join(", "), line: detail.line });
    }
    if (entry.kind === "failed") {  // {"failed": 2, "cases": 5, "code": ...}, or "2/5" in older files
      fields.detail = detail && typeof detail === "object" ? detail.failed : String(entry.detail).split("/")[0];
    }
    const known = (WORDS[language] || WORDS.en)[`event_${entry.kind}`];
    const what = known ? say(language, `event_${entry.kind}`, fields) : entry.kind;
    const lesson = titles.get(entry.lesson) || entry.lesson;
    return `${localTime(entry.first)}  ${lesson}: ${what}`;
  }

  async function showHistory(block, language) {
    let history = block.querySelector("details.my-history");
    if (!history) {
      history = document.createElement("details");
      history.className = "my-history";
      const heading = document.createElement("summary");
      heading.textContent = say(language, "history");
      history.append(heading, document.createElement("ol"));
      block.querySelector(".my-work").appendChild(history);
    }
    let entries = [];
    try { entries = await progress.all(); } catch (error) { /* no storage */ }
    const titles = new Map([...block.querySelectorAll("a.lesson[data-lesson]")]
      .map(link => [link.dataset.lesson, link.querySelector(".title").textContent]));
    const mine = entries.filter(e => e.lesson.startsWith(language + "/")).sort((a, b) => (a.first < b.first ? -1 : 1));
    const list = history.querySelector("ol");
    list.replaceChildren(...(mine.length ? mine : [null]).map(entry => {
      const item = document.createElement("li");
      item.textContent = entry ? eventLine(entry, language, titles) : say(language, "historyEmpty");
      return item;
    }));
  }

  // Ask the browser to keep this site's storage (it may say no, as guest or managed browsers do).
  async function keepStorage(blocks) {
    if (!navigator.storage || !navigator.storage.persist) return;
    let kept = false;
    try { kept = (await navigator.storage.persisted()) || (await navigator.storage.persist()); } catch (error) { /* fine */ }
    if (kept) return;
    blocks.forEach(block => {
      const note = block.querySelector(".my-work .note");
      if (note && !block.querySelector(".storage-note")) {
        const line = document.createElement("p");
        line.className = "note storage-note";
        line.textContent = say(block.dataset.language, "notKept");
        note.after(line);
      }
    });
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
    addNameField(block, language);
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
  keepStorage([...document.querySelectorAll(".language[data-language]")]);
  // Back to the map with the browser's Back button: the page may come from its cache.
  window.addEventListener("pageshow", event => { if (event.persisted) showProgress(); });
})();
