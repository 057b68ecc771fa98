// Game AI Lab: the teacher's class view (teachers/<language>/class/, written by sitebuild/class_view.py).
// The teacher gives a class list (pasted, or a CSV of 出席番号 and name) and drops the class's work
// files (the zips of "Download all my work"). Each file is read on its own in a Web Worker
// (work-reader.js) with a time limit; a file that cannot be read gets one line saying why, and every
// other student still shows. Files are matched to the list by number; two files of one student are
// merged event by event; files that disagree (one number, two names; one browser, two names; a
// student not on the list) are shown apart, with a line that says so. The page then shows a grid of
// students x lessons, who may be stuck or silent (lite/lesson-summary.js decides), the evidence for
// 観点別評価 per student and lesson, and a CSV. Everything from a file is shown as text, never HTML.
(function () {
  const summary = globalThis.gameAiLabSummary;
  const page = document.querySelector(".class-view");
  const language = page.dataset.language;
  const lessons = JSON.parse(document.getElementById("class-lessons").textContent);
  const READER = "work-reader.js";
  const SECONDS_PER_FILE = 5;   // far more than a real work file needs, even on a slow Chromebook
  const LIST_KEY = "gail-class-list";

  const WORDS = {
    en: {
      notZip: "{file}: not a zip file, left out.",
      foreign: "{file}: not a Game AI Lab work file (it has no {manifest}), left out.",
      broken: "{file}: damaged ({what}), left out.",
      tooBig: "{file}: larger than {mb} MB, left out.",
      slow: "{file}: took longer than {s} s to read, left out.",
      newer: "{file}: made by a newer version of the site, left out.",
      skipped: "{file}: {n} progress entries could not be read and are left out; the rest counts.",
      doubts: "{file}: could not read {fields}; shown as \u201c?\u201d or left empty, the rest counts.",
      merged: "{who}: {n} files put together ({files}); each event counts once.",
      twoNames: "Number {number} is claimed by different names: {list}. Shown apart; ask the students.",
      listName: "{file} says number {number} is {name}; the class list says {listed}. Shown apart.",
      oneId: "One browser made files under different names: {list}. Shown apart.",
      notListed: "{file}: {name} (number {number}) is not on the class list. Shown apart.",
      noNumber: "{file}: {name} gave no number. Shown apart.",
      missing: "Handed in nothing ({n}): {list}",
      noneMissing: "Everyone on the class list handed in a file.",
      read: "{n} students read from {m} files in {s} s.",
      noName: "(no name)",
      student: "Student", lesson: "Lesson", state: "State", hints: "Hints", time: "Minutes", flag: "Flag",
      new: "new", started: "started", done: "done", missingState: "no file", unknown: "?",
      can: "I can", nearly: "nearly", not_yet: "not yet",
      why_failing: "failed {n}+ tries on different code, never passed",
      why_solution: "saw the solution, has not passed since",
      why_not_yet: "rated \u201cnot yet\u201d, a check not passed",
      why_silent: "silent: opened over {m} min before saving, no check, answer or reflection",
      note_not_yet: "rated \u201cnot yet\u201d (all checks passed)",
      legend: "✓ done · … started · ⚠ may be stuck · ◇ silent · ⚑ shown apart (see the lines above)",
      allLessons: "All lessons", onlyFlagged: "Only flagged students", findName: "Find a student",
      csv: "Download as CSV", overview: "Students \u00d7 lessons", details: "Details",
      stuckLessons: "Lessons where more than half of the students who opened it may be stuck: {list}",
      noStuckLesson: "No lesson where more than half of the students who opened it may be stuck.",
      stuckCount: "{n} of {m} who opened it", separator: "; ",
      listTitle: "Class list", listHelp: "One student a line: number and name (\u201c12, Aiko Sato\u201d), or names only (numbered 1, 2, 3 \u2026 in order). A CSV with the columns 出席番号 (or number) and name works too.",
      listUse: "Use this list", listFile: "Choose a CSV", listClear: "Clear",
      listSaved: "{n} students on the list (kept in this browser).", listEmpty: "No class list: files are matched by number, then by browser.",
      rules: "How the flags are decided",
    },
    ja: {
      notZip: "{file}: zip ファイルではないので、除きました。",
      foreign: "{file}: Game AI Lab の作業ファイルではない（{manifest} がない）ので、除きました。",
      broken: "{file}: こわれている（{what}）ので、除きました。",
      tooBig: "{file}: {mb} MB より大きいので、除きました。",
      slow: "{file}: 読むのに {s} 秒より長くかかったので、除きました。",
      newer: "{file}: 新しい版のサイトで作られたファイルなので、除きました。",
      skipped: "{file}: 進み具合の記録のうち {n} 件が読めなかったので除きました。ほかの記録は使います。",
      doubts: "{file}: {fields} が読めませんでした。「?」か空欄にして、ほかは使います。",
      merged: "{who}: {n} 個のファイル（{files}）をまとめました。同じ記録は 1 回だけ数えます。",
      twoNames: "出席番号 {number} を、ちがう名前のファイルが使っています: {list}。別々に表示します。生徒に確認してください。",
      listName: "{file} は出席番号 {number} を {name} としていますが、クラス名簿では {listed} です。別々に表示します。",
      oneId: "1 つのブラウザーから、ちがう名前のファイルが作られています: {list}。別々に表示します。",
      notListed: "{file}: {name}（出席番号 {number}）はクラス名簿にいません。別々に表示します。",
      noNumber: "{file}: {name} は出席番号を入れていません。別々に表示します。",
      missing: "提出なし（{n} 人）: {list}",
      noneMissing: "クラス名簿の全員がファイルを提出しました。",
      read: "{m} 個のファイルから {n} 人分を {s} 秒で読みました。",
      noName: "（名前なし）",
      student: "生徒", lesson: "レッスン", state: "状態", hints: "ヒント", time: "時間（分）", flag: "しるし",
      new: "未着手", started: "取り組み中", done: "できた", missingState: "提出なし", unknown: "?",
      can: "できた", nearly: "だいたい", not_yet: "まだ",
      why_failing: "ちがうコードで {n} 回以上不合格で、まだ合格していない",
      why_solution: "答えの例を見て、そのあと合格していない",
      why_not_yet: "「まだ」と自己評価し、合格していないチェックがある",
      why_silent: "手が止まっている: 開いてから保存まで {m} 分より長く、チェックも答えもふりかえりもない",
      note_not_yet: "「まだ」と自己評価（チェックはすべて合格）",
      legend: "✓ できた · … 取り組み中 · ⚠ つまずいていそう · ◇ 手が止まっている · ⚑ 別々に表示（上の説明を見てください）",
      allLessons: "すべてのレッスン", onlyFlagged: "しるしのある生徒だけ", findName: "生徒をさがす",
      csv: "CSV でダウンロード", overview: "生徒 × レッスン", details: "くわしく",
      stuckLessons: "開いた生徒の半分より多くがつまずいていそうなレッスン: {list}",
      noStuckLesson: "開いた生徒の半分より多くがつまずいていそうなレッスンはありません。",
      stuckCount: "開いた {m} 人中 {n} 人", separator: "、",
      listTitle: "クラス名簿", listHelp: "1 行に 1 人: 出席番号と名前（「12, 佐藤愛子」）、または名前だけ（上から 1, 2, 3 … 番）。出席番号と名前の列がある CSV も使えます。",
      listUse: "この名簿を使う", listFile: "CSV を選ぶ", listClear: "消す",
      listSaved: "名簿に {n} 人（このブラウザーに保存）。", listEmpty: "名簿なし: ファイルは出席番号、次にブラウザーで合わせます。",
      rules: "しるしの決め方",
    },
  };

  // The evidence columns' names come only from the build (sitebuild/viewpoints.py EVIDENCE), in the words of the
  // teachers' pages' A/B/C criteria.
  const evidence = document.getElementById("class-words");
  if (evidence) Object.assign(WORDS[language] || WORDS.en, JSON.parse(evidence.textContent));

  // A text of the page's language; a missing key or field gives "?", never an error.
  function say(key, fields) {
    const words = WORDS[language] || WORDS.en;
    const text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : "?";
    return text.replace(/\{(\w+)\}/g, (_, name) => (fields && name in fields ? String(fields[name]) : "?"));
  }

  function known(key) { return Object.prototype.hasOwnProperty.call(WORDS[language] || WORDS.en, key); }

  function element(tag, text, attributes) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = String(text);  // never innerHTML
    for (const [name, value] of Object.entries(attributes || {})) made.setAttribute(name, value);
    return made;
  }

  // ------------------------------------------------------------ the class list

  // 出席番号 as the list and the files write it: full-width digits made plain, no leading zeros.
  function plainNumber(value) {
    const text = String(value || "").normalize("NFKC").trim().replace(/^0+(?=\d)/, "");
    return /^\d{1,6}$/.test(text) ? text : "";
  }

  function plainName(value) { return String(value || "").normalize("NFKC").replace(/\s+/g, "").toLowerCase(); }

  // "山田" and "山田太郎" are one student: one name may hold the other (a family name alone).
  function sameName(a, b) {
    const x = plainName(a), y = plainName(b);
    return !!x && !!y && (x === y || x.includes(y) || y.includes(x));
  }

  function cells(line) {
    return line.split(/\t|,|;/).map(cell => cell.trim().replace(/^"(.*)"$/, "$1").trim());
  }

  // [{number, name}] from pasted text or a CSV: "number, name" lines, or names only (numbered in order).
  function parseList(text) {
    const lines = String(text).replace(/^\ufeff/, "").split(/\r?\n/).map(line => line.trim()).filter(Boolean);
    if (!lines.length) return [];
    let numberAt = 0, nameAt = 1;
    const head = cells(lines[0]).map(cell => cell.normalize("NFKC").toLowerCase());
    const numberHead = head.findIndex(cell => /出席番号|番号|^no\.?$|number|^#$/.test(cell));
    const nameHead = head.findIndex(cell => /名前|氏名|name/.test(cell) && !/番号|number/.test(cell));
    if (numberHead >= 0 || nameHead >= 0) {
      lines.shift();
      numberAt = numberHead;
      nameAt = nameHead >= 0 ? nameHead : (numberHead === 0 ? 1 : 0);
    }
    const list = [];
    lines.forEach((line, i) => {
      const row = cells(line);
      let number = numberAt >= 0 ? plainNumber(row[numberAt]) : "";
      let name = row[nameAt] || "";
      const spaced = row.length === 1 && row[0].normalize("NFKC").match(/^(\d{1,6})\s+(.+)$/);  // "12 佐藤"
      if (!number && spaced) { number = plainNumber(spaced[1]); name = spaced[2]; }
      if (!number && row.length === 1) { number = String(i + 1); name = row[0]; }  // names only
      if (!number && plainNumber(row[0])) { number = plainNumber(row[0]); name = row.slice(1).join(" "); }
      if (number && !list.some(s => s.number === number)) list.push({ number, name: name.slice(0, 60) });
    });
    return list;
  }

  let classList = [];
  try { classList = parseList(localStorage.getItem(LIST_KEY) || ""); } catch (error) { classList = []; }

  // ------------------------------------------------------------ reading the files, each in a worker

  // Reads files with a few workers; each file gets SECONDS_PER_FILE, then its worker is ended.
  function readFiles(files) {
    const results = new Array(files.length);
    const lanes = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2, files.length));
    let next = 0;
    function lane() {
      return new Promise(resolve => {
        let worker = new Worker(READER);
        function take() {
          if (next >= files.length) { worker.terminate(); resolve(); return; }
          const at = next++;
          const timer = setTimeout(() => {
            worker.terminate();
            results[at] = { refused: { key: "slow", fields: { s: SECONDS_PER_FILE } } };
            worker = new Worker(READER);
            take();
          }, SECONDS_PER_FILE * 1000);
          worker.onmessage = event => {
            clearTimeout(timer);
            const answer = event.data && event.data.id === at ? event.data : { refused: { key: "broken", fields: {} } };
            results[at] = answer;
            take();
          };
          worker.onerror = event => {
            if (event.preventDefault) event.preventDefault();
            clearTimeout(timer);
            worker.terminate();
            results[at] = { refused: { key: "broken", fields: { what: "?" } } };
            worker = new Worker(READER);
            take();
          };
          worker.postMessage({ id: at, file: files[at] });
        }
        take();
      });
    }
    return Promise.all(Array.from({ length: lanes }, lane)).then(() => results);
  }

  // ------------------------------------------------------------ students: matching, merging, conflicts

  function label(student) {
    return [student.number, student.name || say("noName")].filter(Boolean).join(" ");
  }

  function fileList(works) { return works.map(w => `${w.name || say("noName")} (${w.file})`).join(", "); }

  // Students from the files that could be read: [{key, number, name, files, entries, copies, saved,
  // apart}], and the lines that say what was merged or shown apart.
  function students(works) {
    const messages = [];
    const listed = new Map(classList.map(s => [s.number, s]));
    const apart = new Set();  // works shown on their own row
    // one browser under two names
    const byId = new Map();
    for (const w of works) if (w.id) (byId.get(w.id) || byId.set(w.id, []).get(w.id)).push(w);
    for (const group of byId.values()) {
      if (group.some(w => !sameName(w.name, group[0].name))) {
        messages.push(say("oneId", { list: fileList(group) }));
        group.forEach(w => apart.add(w));
      }
    }
    // one number under two names, a name the list does not give, a number not on the list
    const byNumber = new Map();
    for (const w of works) {
      const number = plainNumber(w.number);
      if (!number) {
        if (classList.length) { messages.push(say("noNumber", { file: w.file, name: w.name || say("noName") })); apart.add(w); }
        continue;
      }
      (byNumber.get(number) || byNumber.set(number, []).get(number)).push(w);
    }
    for (const [number, group] of byNumber) {
      if (group.some(w => !sameName(w.name, group[0].name))) {
        messages.push(say("twoNames", { number, list: fileList(group) }));
        group.forEach(w => apart.add(w));
        continue;
      }
      if (!classList.length) continue;
      const entry = listed.get(number);
      for (const w of group) {
        if (!entry) {
          messages.push(say("notListed", { file: w.file, name: w.name || say("noName"), number }));
          apart.add(w);
        } else if (!sameName(w.name, entry.name)) {
          messages.push(say("listName", { file: w.file, number, name: w.name || say("noName"), listed: entry.name }));
          apart.add(w);
        }
      }
    }
    // group the rest: by number, else by browser, else by name
    const groups = new Map();
    for (const w of works) {
      const number = plainNumber(w.number);
      const key = apart.has(w) ? `file:${w.file}:${w.index}` : number ? `n:${number}`
        : w.id ? `id:${w.id}` : `name:${plainName(w.name)}`;
      (groups.get(key) || groups.set(key, []).get(key)).push(w);
    }
    const found = [];
    for (const [key, group] of groups) {
      const number = plainNumber(group[0].number);
      const onList = !apart.has(group[0]) && number ? listed.get(number) : null;
      const student = { key, number, name: onList ? onList.name : group[0].name, files: group.map(w => w.file),
                        entries: group.length > 1 ? summary.merged(group.map(w => w.entries)) : group[0].entries,
                        copies: new Set(group.flatMap(w => w.copies)),
                        saved: group.map(w => w.saved).sort().pop() || "", apart: apart.has(group[0]) };
      if (group.length > 1) messages.push(say("merged", { who: label(student), n: group.length, files: student.files.join(", ") }));
      found.push(student);
    }
    const handedIn = new Set(works.map(w => plainNumber(w.number)));  // a file shown apart was handed in too
    const missing = classList.filter(s => !handedIn.has(s.number));
    for (const s of missing) found.push({ key: `missing:${s.number}`, number: s.number, name: s.name, files: [],
                                          entries: [], copies: new Set(), saved: "", missing: true });
    if (classList.length) {
      messages.push(missing.length ? say("missing", { n: missing.length, list: missing.map(label).join(", ") })
        : say("noneMissing"));
    }
    const order = s => [s.number ? Number(s.number) : Infinity, s.name];
    found.sort((a, b) => { const [x, y] = [order(a), order(b)]; return x[0] - y[0] || String(x[1]).localeCompare(String(y[1])); });
    return { found, messages };
  }

  // Each lesson's summary of one student; a student whose summary fails gets "?" everywhere.
  function summarise(student) {
    const groups = summary.byLesson(student.entries);
    student.lessons = new Map();
    for (const lesson of lessons) {
      let s;
      try {
        s = summary.lesson(groups.get(lesson.file) || [], lesson.exercises, student.copies.has(lesson.file),
                           { starts: lesson.starts, predictions: lesson.predictions, saved: student.saved });
      } catch (error) {
        s = null;
      }
      student.lessons.set(lesson.file, s);
    }
    return student;
  }

  async function readAll(files) {
    const started = performance.now();
    const messages = [];
    const answers = await readFiles(files);
    const works = [];
    answers.forEach((answer, index) => {
      const file = files[index].name;
      if (!answer || !answer.work) {
        const refused = (answer && answer.refused) || { key: "broken", fields: {} };
        const key = known(refused.key) ? refused.key : "broken";
        messages.push(say(key, { what: "?", ...(refused.fields || {}), file }));
        return;
      }
      if (answer.work.skipped) messages.push(say("skipped", { file, n: answer.work.skipped }));
      if (answer.work.doubts && answer.work.doubts.length) {
        messages.push(say("doubts", { file, fields: answer.work.doubts.join(", ") }));
      }
      works.push({ ...answer.work, file, index });
    });
    const { found, messages: matched } = students(works);
    found.forEach(summarise);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    messages.push(...matched);
    messages.push(say("read", { n: found.filter(s => !s.missing).length, m: files.length, s: seconds }));
    return { students: found, messages };
  }

  // ------------------------------------------------------------ the tables

  const COLUMNS = ["student", "lesson", "state", "passed", "of", "tries", "hints", "hintsFirst", "solution",
                   "predRight", "predN", "predBefore", "conceptRight", "conceptN", "goal", "rating", "line", "time",
                   "flag"];

  function ratingText(ratings) {
    return ratings.map(code => (known(code) && ["can", "nearly", "not_yet"].includes(code) ? say(code) : say("unknown")))
      .join(", ");
  }

  // Predictions answered before running: a number; "?" for answers whose timing no file recorded.
  function beforeText(predictions) {
    if (!predictions.unknown) return predictions.before;
    return predictions.before ? `${predictions.before} + ${say("unknown")}` : say("unknown");
  }

  function flagText(s) {
    const parts = s.stuck.map(reason => say(`why_${reason}`, { n: summary.STUCK_AFTER_TRIES }));
    if (s.silent) parts.push(say("why_silent", { m: summary.SILENT_AFTER_MINUTES }));
    for (const note of s.notes) parts.push(say(`note_${note}`));
    return parts.join(say("separator"));
  }

  // One row of the details and the CSV: the figures of one student in one lesson (numbers as numbers).
  function row(student, lesson) {
    const s = student.lessons.get(lesson.file);
    const base = { student: label(student), lesson: `${lesson.number} ${lesson.title}`, lessonFile: lesson.file };
    if (!s) return { ...base, stateCode: "unknown", state: say("unknown"), isStuck: false, isSilent: false };
    const some = (value, when) => (when ? value : "");
    return {
      ...base, stateCode: s.state, state: say(s.state),
      passed: some(s.passed.length, s.exercises.length), of: some(s.exercises.length, s.exercises.length),
      tries: s.tries, hints: s.hints, hintsFirst: some(s.hintsBeforeSolution, s.seen.length),
      solution: s.seen.join(", "),
      predRight: some(s.predictions.right, s.predictions.n), predN: some(s.predictions.n, s.predictions.n),
      predBefore: some(beforeText(s.predictions), s.predictions.n),
      conceptRight: some(s.concepts.right, s.concepts.n), conceptN: some(s.concepts.n, s.concepts.n),
      goal: s.goal, rating: ratingText(s.ratings), line: s.line, time: s.minutes === null ? "" : s.minutes,
      flag: flagText(s), isStuck: s.stuck.length > 0, isSilent: s.silent,
    };
  }

  let loaded = { students: [], messages: [] };
  const view = { lesson: "", onlyFlagged: false, find: "", sortBy: "student", descending: false };

  function shownLessons() { return lessons.filter(lesson => !view.lesson || lesson.file === view.lesson); }

  function flagged(student) {
    return shownLessons().some(lesson => {
      const s = student.lessons.get(lesson.file);
      return s && (s.stuck.length || s.silent);
    });
  }

  function shownStudents() {
    const find = view.find.trim().toLowerCase();
    return loaded.students.filter(student => (!find || label(student).toLowerCase().includes(find))
      && (!view.onlyFlagged || flagged(student)));
  }

  function overview() {
    const box = element("div", null, { class: "class-scroll" });
    const table = box.appendChild(element("table", null, { class: "class-overview" }));
    const head = element("tr");
    head.appendChild(element("th", say("student")));
    for (const lesson of shownLessons()) head.appendChild(element("th", lesson.number, { title: lesson.title }));
    table.appendChild(element("thead")).appendChild(head);
    const body = table.appendChild(element("tbody"));
    for (const student of shownStudents()) {
      const line = element("tr", null, { "data-key": student.key });
      if (student.missing) line.dataset.missing = "true";
      if (student.apart) line.dataset.apart = "true";
      line.appendChild(element("th", label(student) + (student.apart ? " ⚑" : ""), { scope: "row",
        title: student.files.join(", ") || say("missingState") }));
      if (student.missing) {
        line.appendChild(element("td", say("missingState"), { colspan: String(shownLessons().length), class: "missing" }));
        body.appendChild(line);
        continue;
      }
      for (const lesson of shownLessons()) {
        const s = student.lessons.get(lesson.file);
        const state = s ? s.state : "unknown";
        const mark = (s ? { new: "", started: "…", done: "✓" }[state] : "?") + (s && s.stuck.length ? " ⚠" : "")
          + (s && s.silent ? " ◇" : "");
        const cell = element("td", mark, { "data-student": label(student), "data-lesson": lesson.number,
                                          "data-state": state, title: (s && flagText(s)) || say(state) });
        if (s && s.stuck.length) cell.dataset.stuck = "true";
        if (s && s.silent) cell.dataset.silent = "true";
        line.appendChild(cell);
      }
      body.appendChild(line);
    }
    return box;
  }

  function details() {
    const rows = [];
    for (const [order, student] of shownStudents().entries()) {
      if (student.missing) continue;
      for (const lesson of shownLessons()) {
        const r = { ...row(student, lesson), order };  // the class list's order: 2 before 10
        if (r.stateCode !== "new" && (!view.onlyFlagged || r.isStuck || r.isSilent)) rows.push(r);
      }
    }
    const key = view.sortBy;
    rows.sort((a, b) => {
      const [x, y] = key === "student" ? [a.order, b.order] : [a[key] ?? "", b[key] ?? ""];
      const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return view.descending ? -order : order;
    });
    const box = element("div", null, { class: "class-scroll" });
    const table = box.appendChild(element("table", null, { class: "class-details" }));
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
      if (r.isSilent) line.dataset.silent = "true";
      for (const column of COLUMNS) line.appendChild(element("td", r[column] ?? "", { "data-column": column }));
      body.appendChild(line);
    }
    return { table: box, rows };
  }

  // Lessons where more than half of the students who opened them may be stuck.
  function stuckLessons() {
    const shown = loaded.students.filter(s => !s.missing);
    const found = lessons.map(lesson => {
      const opened = shown.map(s => s.lessons.get(lesson.file)).filter(s => s && s.state !== "new");
      return { lesson, n: opened.filter(s => s.stuck.length).length, m: opened.length };
    }).filter(item => item.m && item.n * 2 > item.m);
    const text = found.length ? say("stuckLessons", { list: found.map(item =>
      `${item.lesson.number} ${item.lesson.title} (${say("stuckCount", { n: item.n, m: item.m })})`).join(", ") })
      : say("noStuckLesson");
    return element("p", text, { class: found.length ? "stuck-lessons found" : "stuck-lessons" });
  }

  // Text for a spreadsheet: a cell that starts like a formula is kept as text (the files are a student's).
  function csvCell(value) {
    let text = String(value ?? "");
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
    const box = element("input", null, { type: "checkbox", class: "only-flagged" });
    box.checked = view.onlyFlagged;
    box.addEventListener("change", () => { view.onlyFlagged = box.checked; show(); });
    const boxLabel = element("label");
    boxLabel.append(box, " " + say("onlyFlagged"));
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
    bar.append(choose, " ", boxLabel, " ", find, " ", download);
    return bar;
  }

  function show(keepFocus) {
    const place = page.querySelector(".class-result");
    if (!loaded.students.length) { place.replaceChildren(); return; }
    const { table, rows } = details();
    const focused = keepFocus && document.activeElement && document.activeElement.classList.contains("find-student");
    place.replaceChildren(stuckLessons(), controls(rows), element("h2", say("overview")),
                          element("p", say("legend"), { class: "note legend" }), overview(),
                          element("h2", say("details")), table);
    if (focused) { const find = place.querySelector(".find-student"); find.focus(); find.setSelectionRange(find.value.length, find.value.length); }
  }

  let lastFiles = [];
  async function load(files) {
    lastFiles = [...files];
    delete page.dataset.loaded;
    try {
      loaded = await readAll(lastFiles);
    } catch (error) {  // never a blank page: say so, keep what was shown
      loaded = { students: loaded.students, messages: [say("broken", { file: "?", what: String(error && error.name) })] };
    }
    page.querySelector(".class-messages").replaceChildren(...loaded.messages.map(text => element("li", text)));
    try { show(); } catch (error) { page.querySelector(".class-messages").appendChild(element("li", String(error))); }
    page.dataset.loaded = String(loaded.students.filter(s => !s.missing).length);  // for tests: students shown
  }

  // ------------------------------------------------------------ the class list box

  function listBox() {
    const box = page.querySelector(".class-list");
    if (!box) return;
    const area = box.querySelector("textarea");
    const said = box.querySelector(".list-status");
    const tell = () => { said.textContent = classList.length ? say("listSaved", { n: classList.length }) : say("listEmpty"); };
    area.value = classList.map(s => `${s.number}, ${s.name}`).join("\n");
    box.open = !classList.length;  // a list kept from before stays folded away
    tell();
    const use = text => {
      classList = parseList(text);
      try { localStorage.setItem(LIST_KEY, classList.map(s => `${s.number}, ${s.name}`).join("\n")); } catch (error) { /* fine */ }
      area.value = classList.map(s => `${s.number}, ${s.name}`).join("\n");
      tell();
      if (lastFiles.length) load(lastFiles);
    };
    box.querySelector("button.use-list").addEventListener("click", () => use(area.value));
    box.querySelector("button.clear-list").addEventListener("click", () => use(""));
    const chooser = box.querySelector("input.list-file");
    box.querySelector("button.choose-list").addEventListener("click", () => chooser.click());
    chooser.addEventListener("change", async () => {
      const file = chooser.files && chooser.files[0];
      chooser.value = "";
      if (file && file.size < 1024 * 1024) use(new TextDecoder().decode(await file.arrayBuffer()));
    });
  }
  listBox();

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
  // tests read the CSV the button makes, and parse class lists
  globalThis.gameAiLabClassView = { load, csv: () => csv(details().rows), parseList };
})();
