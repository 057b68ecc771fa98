// Game AI Lab: what a student did in each lesson, read from their progress entries (the entries
// of games/course_progress.js). The course map shows it to the student (lite/my-work.js) and the
// class view to the teacher (lite/class-view.js): one reading, so both say the same.
globalThis.gameAiLabSummary = (function () {
  // A student "may be stuck" in a lesson after this many failed checks of an exercise never passed.
  const STUCK_AFTER_FAILS = 3;

  function parsed(detail) {
    try { return JSON.parse(detail); } catch (error) { return null; }
  }

  function minutesBetween(from, to) {
    const ms = Date.parse(to) - Date.parse(from);
    return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 60000) : null;
  }

  // The summary of one lesson: entries are that lesson's progress entries, exercises its
  // exercises' names, copied whether the student has their own copy of the notebook.
  function lesson(entries, exercises, copied) {
    const of = kind => entries.filter(e => e.kind === kind);
    const passedFirst = new Map(of("passed").map(e => [e.name, e.first]));
    const passed = exercises.filter(name => passedFirst.has(name));
    const failedBy = new Map();
    for (const e of of("failed")) failedBy.set(e.name, (failedBy.get(e.name) || 0) + 1);
    const failed = [...failedBy.values()].reduce((a, b) => a + b, 0);
    const hints = of("hint").reduce((sum, e) => sum + (parseInt(e.detail, 10) || 1), 0);
    const seen = [...new Set(of("solution").map(e => e.name))];
    const answers = of("answer").map(e => parsed(e.detail)).filter(a => a && typeof a.right === "boolean");
    const plan = of("plan").map(e => parsed(e.detail)).find(Boolean) || null;
    const reflection = of("reflect").map(e => parsed(e.detail)).find(Boolean) || null;
    const opened = entries.length > 0 || copied;
    const done = exercises.length ? passed.length === exercises.length : opened;
    const state = done ? "done" : opened ? "started" : "new";
    let minutes = null;
    if (done && exercises.length) {
      const starts = entries.filter(e => e.kind === "opened").map(e => e.first);
      const start = starts.length ? starts.sort()[0] : entries.map(e => e.first).sort()[0];
      minutes = minutesBetween(start, exercises.map(name => passedFirst.get(name)).sort().pop());
    }
    const ratings = reflection && Array.isArray(reflection.ratings) ? reflection.ratings.map(String) : [];
    const why = [];
    for (const [name, count] of failedBy) {
      if (count >= STUCK_AFTER_FAILS && !passedFirst.has(name)) why.push("failing");
    }
    if (seen.some(name => !passedFirst.has(name))) why.push("solution");
    if (ratings.includes("not_yet")) why.push("not_yet");
    return {
      state, exercises, passed, failed, hints, seen, answers,
      right: answers.filter(a => a.right).length,
      goal: plan && typeof plan.goal === "string" ? plan.goal : "",
      expected: plan && Number.isFinite(plan.minutes) ? plan.minutes : null,
      ratings, line: reflection && typeof reflection.line === "string" ? reflection.line : "",
      minutes, stuck: [...new Set(why)],
    };
  }

  // Progress entries grouped by lesson ("en/10_tictactoe_1_env.ipynb" -> [entries]).
  function byLesson(entries) {
    const groups = new Map();
    for (const entry of entries) {
      if (!entry || typeof entry.lesson !== "string" || typeof entry.kind !== "string") continue;
      if (!groups.has(entry.lesson)) groups.set(entry.lesson, []);
      groups.get(entry.lesson).push(entry);
    }
    return groups;
  }

  return { lesson, byLesson, STUCK_AFTER_FAILS };
})();
