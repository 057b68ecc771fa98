// Game AI Lab: the teacher's class view (teachers/<language>/class/, written by sitebuild/class_view.py).
// The teacher drops the class's work files (the zips of "Download all my work"); the page reads
// only each zip's game-ai-lab-work.json, in this browser, and shows a table of students x lessons
// (lite/lesson-summary.js reads each lesson as the student's own map does), who may be stuck, and
// a CSV. The files are someone else's: each is size-checked before it is unpacked, everything in
// them is shown as text (textContent), never as HTML, and a file that is not a work file is left out
// with a message.
(function () {
  const { readZip, Damaged } = globalThis.gameAiLabZip;
  const summary = globalThis.gameAiLabSummary;
  const MANIFEST = "game-ai-lab-work.json";
  const MAX_ZIP = 100 * 1024 * 1024;       // a work file with many notebooks and agents stays well under this
  const MAX_MANIFEST = 8 * 1024 * 1024;     // the progress list of a whole course is far smaller
  const page = document.querySelector(".class-view");
  const language = page.dataset.language;
  const lessons = JSON.parse(document.getElementById("class-lessons").textContent);

  const WORDS = {
    en: {
      notZip: "{file}: not a zip file, left out.",
      foreign: "{file}: not a Game AI Lab work file (it has no {manifest}), left out.",
      broken: "{file}: damaged ({what}), left out.",
      tooBig: "{file}: larger than {mb} MB, left out.",
      newer: "{file}: made by a newer version of the site, left out.",
      older: "{file}: an older work file of {name}; the newer one ({newer}) counts.",
      read: "{n} students read from {m} files in {s} s.",
      noName: "(no name: {file})",
      student: "Student", lesson: "Lesson", state: "State", passed: "Checks passed", failed: "Checks failed",
      hints: "Hints", solution: "Solution seen", questions: "Questions right", goal: "Goal", rating: "Self-rating",
      line: "Reflection", time: "Minutes", stuck: "May be stuck",
      new: "new", started: "started", done: "done",
      can: "I can", nearly: "nearly", not_yet: "not yet",
      why_failing: "failed a check {n}+ times, never passed", why_solution: "saw the solution, never passed",
      why_not_yet: "rated \u201cnot yet\u201d",
      allLessons: "All lessons", onlyStuck: "Only who may be stuck", findName: "Find a student",
      csv: "Download as CSV", overview: "Students \u00d7 lessons", details: "Details",
      stuckLessons: "Lessons where most students may be stuck: {list}",
      noStuckLesson: "No lesson where most students may be stuck.",
      stuckCount: "{n} of {m}", separator: "; ",
    },
    ja: {
      notZip: "{file}: zip ファイルではないので、除きました。",
      foreign: "{file}: Game AI Lab の作業ファイルではない（{manifest} がない）ので、除きました。",
      broken: "{file}: こわれている（{what}）ので、除きました。",
      tooBig: "{file}: {mb} MB より大きいので、除きました。",
      newer: "{file}: 新しい版のサイトで作られたファイルなので、除きました。",
      older: "{file}: {name} さんの古い作業ファイルです。新しい方（{newer}）を使います。",
      read: "{m} 個のファイルから {n} 人分を {s} 秒で読みました。",
      noName: "（名前なし: {file}）",
      student: "生徒", lesson: "レッスン", state: "状態", passed: "チェック合格", failed: "チェック不合格",
      hints: "ヒント", solution: "答えの例を見た", questions: "問題の正解", goal: "目標", rating: "自己評価",
      line: "ふりかえり", time: "時間（分）", stuck: "つまずき？",
      new: "未着手", started: "取り組み中", done: "できた",
      can: "できた", nearly: "だいたい", not_yet: "まだ",
      why_failing: "チェックに {n} 回以上不合格で、まだ合格していない", why_solution: "答えの例を見て、まだ合格していない",
      why_not_yet: "「まだ」と自己評価",
      allLessons: "すべてのレッスン", onlyStuck: "つまずいていそうな生徒だけ", findName: "生徒をさがす",
      csv: "CSV でダウンロード", overview: "生徒 × レッスン", details: "くわしく",
      stuckLessons: "半分以上の生徒がつまずいていそうなレッスン: {list}",
      noStuckLesson: "半分以上の生徒がつまずいていそうなレッスンはありません。",
      stuckCount: "{m} 人中 {n} 人", separator: "、",
    },
  };

  function say(key, fields) {
    const text = (WORDS[language] || WORDS.en)[key];
    return text.replace(/\{(\w+)\}/g, (_, name) => (fields && name in fields ? fields[name] : ""));
  }

  function element(tag, text, attributes) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = String(text);  // never innerHTML
    for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value);
    return made;
  }

  // ------------------------------------------------------------ reading the files

  class Refused extends Error {
    constructor(key, fields) { super(key); this.key = key; this.fields = fields; }
  }

  // {name, saved, file, lessons: Map(file name -> summary)} of one work file, or Refused.
  async function readWork(file) {
    if (file.size > MAX_ZIP) throw new Refused("tooBig", { mb: MAX_ZIP / 1024 / 1024 });
    let zipped;
    try {
      zipped = await readZip(await file.arrayBuffer(), { only: name => name === MANIFEST, maxBytes: MAX_MANIFEST });
    } catch (error) {
      if (error instanceof Damaged) throw new Refused("broken", { what: error.message });
      throw new Refused("notZip");
    }
    if (!zipped[MANIFEST]) throw new Refused("foreign", { manifest: MANIFEST });
    let manifest;
    try {
      manifest = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(zipped[MANIFEST]));
    } catch (error) {
      throw new Refused("broken", { what: MANIFEST });
    }
    if (!manifest || typeof manifest !== "object" || manifest.format !== "game-ai-lab-work") {
      throw new Refused("foreign", { manifest: MANIFEST });
    }
    if (manifest.version > 1) throw new Refused("newer");
    if (!Array.isArray(manifest.progress) || !Array.isArray(manifest.files)) throw new Refused("broken", { what: MANIFEST });
    // Entries of either language count for the lesson's file ("ja/10_x.ipynb" and "en/10_x.ipynb").
    const entries = manifest.progress.filter(e => e && typeof e.lesson === "string" && typeof e.kind === "string")
      .map(e => ({ ...e, lesson: e.lesson.split("/").pop(), name: String(e.name || ""), first: String(e.first || ""),
                   detail: String(e.detail || "") }));
    const copies = new Set(manifest.files.filter(f => f && typeof f.path === "string").map(f => f.path.split("/").pop()));
    const groups = summary.byLesson(entries);
    const read = new Map(lessons.map(lesson => [lesson.file, summary.lesson(
      groups.get(lesson.file) || [], lesson.exercises, copies.has(lesson.file))]));
    const name = typeof manifest.student === "string" ? manifest.student.trim().slice(0, 60) : "";
    return { name: name || say("noName", { file: file.name }), saved: String(manifest.saved || ""), file: file.name,
             lessons: read };
  }

  async function readAll(files) {
    const started = performance.now();
    const messages = [];
    const students = new Map();
    for (const file of files) {
      let work;
      try {
        work = await readWork(file);
      } catch (error) {
        const key = error instanceof Refused ? error.key : "broken";
        messages.push(say(key, { file: file.name, ...(error.fields || { what: String(error) }) }));
        continue;
      }
      const other = students.get(work.name);
      if (other) {
        const [newer, older] = work.saved > other.saved ? [work, other] : [other, work];
        messages.push(say("older", { file: older.file, name: work.name, newer: newer.file }));
        students.set(work.name, newer);
      } else {
        students.set(work.name, work);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    messages.push(say("read", { n: students.size, m: files.length, s: seconds }));
    return { students: [...students.values()].sort((a, b) => a.name.localeCompare(b.name)), messages };
  }

  // ------------------------------------------------------------ the table

  const COLUMNS = ["student", "lesson", "state", "passed", "failed", "hints", "solution", "questions", "goal",
                   "rating", "line", "time", "stuck"];

  function ratingText(ratings) { return ratings.map(code => say(code) || code).join(", "); }

  function whyText(why) {
    return why.map(reason => say(`why_${reason}`, { n: summary.STUCK_AFTER_FAILS })).join(say("separator"));
  }

  // One row of the details and the CSV: the figures of one student in one lesson.
  function row(student, lesson) {
    const s = student.lessons.get(lesson.file);
    return {
      student: student.name, lesson: `${lesson.number} ${lesson.title}`, lessonFile: lesson.file, stateCode: s.state,
      state: say(s.state), passed: s.exercises.length ? `${s.passed.length}/${s.exercises.length}` : "",
      failed: s.failed, hints: s.hints, solution: s.seen.join(", "),
      questions: s.answers.length ? `${s.right}/${s.answers.length}` : "", goal: s.goal, rating: ratingText(s.ratings),
      line: s.line, time: s.minutes === null ? "" : s.minutes, stuck: whyText(s.stuck), isStuck: s.stuck.length > 0,
    };
  }

  let loaded = { students: [] };
  const view = { lesson: "", onlyStuck: false, find: "", sortBy: "student", descending: false };

  function shownLessons() {
    return lessons.filter(lesson => !view.lesson || lesson.file === view.lesson);
  }

  function shownStudents() {
    const find = view.find.trim().toLowerCase();
    return loaded.students.filter(student => (!find || student.name.toLowerCase().includes(find))
      && (!view.onlyStuck || shownLessons().some(lesson => student.lessons.get(lesson.file).stuck.length)));
  }

  function overview() {
    const table = element("table", null, { class: "class-overview" });
    const head = element("tr");
    head.appendChild(element("th", say("student")));
    for (const lesson of shownLessons()) head.appendChild(element("th", lesson.number, { title: lesson.title }));
    table.appendChild(element("thead")).appendChild(head);
    const body = table.appendChild(element("tbody"));
    for (const student of shownStudents()) {
      const line = element("tr");
      line.appendChild(element("th", student.name, { scope: "row" }));
      for (const lesson of shownLessons()) {
        const s = student.lessons.get(lesson.file);
        const mark = { new: "", started: "…", done: "✓" }[s.state] + (s.stuck.length ? " ⚠" : "");
        const cell = element("td", mark, { "data-student": student.name, "data-lesson": lesson.number,
                                          "data-state": s.state, title: whyText(s.stuck) || say(s.state) });
        if (s.stuck.length) cell.dataset.stuck = "true";
        line.appendChild(cell);
      }
      body.appendChild(line);
    }
    return table;
  }

  function details() {
    const rows = [];
    for (const student of shownStudents()) {
      for (const lesson of shownLessons()) {
        const r = row(student, lesson);
        if (r.stateCode !== "new" && (!view.onlyStuck || r.isStuck)) rows.push(r);
      }
    }
    const key = view.sortBy;
    rows.sort((a, b) => {
      const x = a[key], y = b[key];
      const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return view.descending ? -order : order;
    });
    const table = element("table", null, { class: "class-details" });
    const head = element("tr");
    for (const column of COLUMNS) {
      const th = element("th", say(column) + (view.sortBy === column ? (view.descending ? " ▼" : " ▲") : ""),
                         { "data-column": column, tabindex: "0", role: "button" });
      const sort = () => {
        view.descending = view.sortBy === column ? !view.descending : false;
        view.sortBy = column;
        show();
      };
      th.addEventListener("click", sort);
      th.addEventListener("keydown", event => { if (event.key === "Enter") sort(); });
      head.appendChild(th);
    }
    table.appendChild(element("thead")).appendChild(head);
    const body = table.appendChild(element("tbody"));
    for (const r of rows) {
      const line = element("tr", null, { "data-student": r.student, "data-lesson": r.lessonFile.slice(0, 2),
                                         "data-state": r.stateCode });
      if (r.isStuck) line.dataset.stuck = "true";
      for (const column of COLUMNS) line.appendChild(element("td", r[column], { "data-column": column }));
      body.appendChild(line);
    }
    return { table, rows };
  }

  function stuckLessons() {
    const count = loaded.students.length;
    const found = lessons.map(lesson => ({ lesson, n: loaded.students
      .filter(student => student.lessons.get(lesson.file).stuck.length).length }))
      .filter(item => count && item.n * 2 > count);
    const text = found.length ? say("stuckLessons", { list: found.map(item =>
      `${item.lesson.number} ${item.lesson.title} (${say("stuckCount", { n: item.n, m: count })})`).join(", ") })
      : say("noStuckLesson");
    return element("p", text, { class: found.length ? "stuck-lessons found" : "stuck-lessons" });
  }

  // Text for a spreadsheet: a cell that starts like a formula is kept as text (the files are a student's).
  function csvCell(value) {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = "'" + text;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }

  function csv(rows) {
    const lines = [COLUMNS.map(column => csvCell(say(column))).join(",")];
    for (const r of rows) lines.push(COLUMNS.map(column => csvCell(r[column])).join(","));
    return "\ufeff" + lines.join("\r\n") + "\r\n";  // the mark: spreadsheets then read the Japanese as UTF-8
  }

  function controls(rows) {
    const bar = element("p", null, { class: "class-controls" });
    const choose = element("select", null, { class: "lesson-filter", "aria-label": say("lesson") });
    choose.appendChild(element("option", say("allLessons"), { value: "" }));
    for (const lesson of lessons) choose.appendChild(element("option", `${lesson.number} ${lesson.title}`, { value: lesson.file }));
    choose.value = view.lesson;
    choose.addEventListener("change", () => { view.lesson = choose.value; show(); });
    const stuckBox = element("input", null, { type: "checkbox", class: "only-stuck" });
    stuckBox.checked = view.onlyStuck;
    stuckBox.addEventListener("change", () => { view.onlyStuck = stuckBox.checked; show(); });
    const stuckLabel = element("label");
    stuckLabel.append(stuckBox, " " + say("onlyStuck"));
    const find = element("input", null, { type: "search", class: "find-student", placeholder: say("findName") });
    find.value = view.find;
    find.addEventListener("input", () => { view.find = find.value; show(true); });
    const download = element("button", say("csv"), { type: "button", class: "download-csv" });
    download.addEventListener("click", () => {
      const link = element("a", null, { download: `class-view-${new Date().toISOString().slice(0, 10)}.csv` });
      link.href = URL.createObjectURL(new Blob([csv(rows)], { type: "text/csv;charset=utf-8" }));
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
    });
    bar.append(choose, " ", stuckLabel, " ", find, " ", download);
    return bar;
  }

  function show(keepFocus) {
    const place = page.querySelector(".class-result");
    if (!loaded.students.length) { place.replaceChildren(); return; }
    const { table, rows } = details();
    const focused = keepFocus && document.activeElement && document.activeElement.classList.contains("find-student");
    place.replaceChildren(stuckLessons(), controls(rows), element("h2", say("overview")), overview(),
                          element("h2", say("details")), table);
    if (focused) { const find = place.querySelector(".find-student"); find.focus(); find.setSelectionRange(find.value.length, find.value.length); }
  }

  async function load(files) {
    loaded = await readAll([...files]);
    page.querySelector(".class-messages").replaceChildren(...loaded.messages.map(text => element("li", text)));
    show();
    page.dataset.loaded = String(loaded.students.length);  // for tests: how many students are shown
  }

  // ------------------------------------------------------------ dropping and choosing files

  // Every file of a dropped folder (or files), through the entries' API where there is one.
  async function droppedFiles(transfer) {
    const entries = [...transfer.items || []].map(item => item.webkitGetAsEntry && item.webkitGetAsEntry()).filter(Boolean);
    if (!entries.length) return [...transfer.files];
    const files = [];
    async function walk(entry) {
      if (entry.isFile) { files.push(await new Promise((resolve, reject) => entry.file(resolve, reject))); return; }
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        for (const child of batch) await walk(child);
      }
    }
    for (const entry of entries) await walk(entry);
    return files;
  }

  const zone = page.querySelector(".drop-zone");
  zone.addEventListener("dragover", event => { event.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", async event => {
    event.preventDefault();
    zone.classList.remove("over");
    load(await droppedFiles(event.dataTransfer));
  });
  for (const [button, input] of [["choose-files", "work-files"], ["choose-folder", "work-folder"]]) {
    const chooser = page.querySelector(`input.${input}`);
    page.querySelector(`button.${button}`).addEventListener("click", () => chooser.click());
    chooser.addEventListener("change", () => {
      const files = [...chooser.files].filter(file => input === "work-files" || file.name.toLowerCase().endsWith(".zip"));
      chooser.value = "";
      load(files);
    });
  }
  globalThis.gameAiLabClassView = { load, csv: () => csv(details().rows) };  // tests read the CSV the button makes
})();
