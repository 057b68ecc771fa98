// Game AI Lab: what a student did in each lesson, read from their progress entries (the entries
// of games/course_progress.js). The course map shows it to the student (lite/my-work.js) and the
// class view to the teacher (lite/class-view.js): one reading, so both say the same.
//
// The flags, the one place they are decided (the teachers' page explains them in the same words):
// - "stuck" in a lesson when, for an exercise never passed, its check failed on 3 or more different
//   pieces of code (a failure of the lesson's unchanged start does not count, nor a re-run on code
//   that was already checked); or the student saw an exercise's solution and never passed it; or
//   rated an objective "not yet" while a check of the lesson is still not passed;
// - "silent" (apart from stuck) when the lesson was opened more than 15 minutes before the work file
//   was saved and has no check, no answer and no reflection;
// - a "not yet" on a lesson whose checks all passed is shown, not flagged.
globalThis.gameAiLabSummary = (function () {
  const STUCK_AFTER_TRIES = 3;
  const SILENT_AFTER_MINUTES = 15;
  const ACTIVE = new Set(["passed", "failed", "answer", "reflect"]);

  function parsed(detail) {
    if (typeof detail !== "string") return null;
    try { return JSON.parse(detail); } catch (error) { return null; }
  }

  function minutesBetween(from, to) {
    const ms = Date.parse(to) - Date.parse(from);
    return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 60000) : null;
  }

  // The code a failure was checked on ("" in files made before checks recorded it).
  function codeOf(entry) {
    const detail = parsed(entry.detail);
    return detail && typeof detail === "object" && typeof detail.code === "string" ? detail.code : "";
  }

  // The summary of one lesson: entries are that lesson's progress entries, exercises its exercises'
  // names, copied whether the student has their own copy of the notebook. options: starts
  // ({exercise: [fingerprints of the start code]}), predictions (question keys that ask for a
  // prediction), saved (when the work file was made: the "now" of the silent flag).
  function lesson(entries, exercises, copied, options) {
    const starts = (options && options.starts) || {};
    const predictions = new Set((options && options.predictions) || []);
    const of = kind => entries.filter(e => e.kind === kind);
    const passedFirst = new Map(of("passed").map(e => [e.name, e.first]));
    const passed = exercises.filter(name => passedFirst.has(name));
    const failures = of("failed");
    // the tries that count: failures on code not checked before, and not the lesson's start
    const passedCodes = new Set(of("passed").map(codeOf).filter(Boolean));
    const triesBy = new Map();
    for (const e of failures) {
      const code = codeOf(e);
      const start = Array.isArray(starts[e.name]) && starts[e.name].includes(code);
      if (start || passedCodes.has(code)) continue;
      if (!triesBy.has(e.name)) triesBy.set(e.name, new Set());
      triesBy.get(e.name).add(code || `at ${e.first}`);
    }
    const tries = [...triesBy.values()].reduce((sum, codes) => sum + codes.size, 0);
    const hintEntries = of("hint");
    const hints = hintEntries.reduce((sum, e) => sum + (parseInt(e.detail, 10) || 1), 0);
    const solutions = of("solution");
    const seen = [...new Set(solutions.map(e => e.name))];
    // hints asked for an exercise before its solution was first seen
    const hintsBeforeSolution = seen.reduce((sum, name) => {
      const shown = solutions.filter(e => e.name === name).map(e => e.first).sort()[0];
      return sum + hintEntries.filter(e => e.name === name && e.first <= shown)
        .reduce((n, e) => n + (parseInt(e.detail, 10) || 1), 0);
    }, 0);
    const answers = of("answer").map(e => ({ key: e.name, ...(parsed(e.detail) || {}) }))
      .filter(a => typeof a.right === "boolean");
    const predicted = answers.filter(a => predictions.has(a.key));
    const concepts = answers.filter(a => !predictions.has(a.key));
    const plan = of("plan").map(e => parsed(e.detail)).find(d => d && typeof d === "object") || null;
    const reflection = of("reflect").map(e => parsed(e.detail)).find(d => d && typeof d === "object") || null;
    const opened = entries.length > 0 || copied;
    const allPassed = passed.length === exercises.length;
    const done = exercises.length ? allPassed : opened;
    const state = done ? "done" : opened ? "started" : "new";
    let minutes = null;
    const openedAt = of("opened").map(e => e.first).filter(Boolean).sort()[0];
    if (done && exercises.length) {
      const start = openedAt || entries.map(e => e.first).sort()[0];
      minutes = minutesBetween(start, exercises.map(name => passedFirst.get(name)).sort().pop());
    }
    const ratings = reflection && Array.isArray(reflection.ratings)
      ? reflection.ratings.map(code => (typeof code === "string" ? code : "?")) : [];
    const why = [];
    for (const [name, codes] of triesBy) {
      if (codes.size >= STUCK_AFTER_TRIES && !passedFirst.has(name)) why.push("failing");
    }
    if (seen.some(name => !passedFirst.has(name))) why.push("solution");
    const notes = [];
    if (ratings.includes("not_yet")) (allPassed ? notes : why).push("not_yet");
    const active = entries.some(e => ACTIVE.has(e.kind));
    const since = openedAt && options && options.saved ? minutesBetween(openedAt, options.saved) : null;
    const silent = !active && since !== null && since > SILENT_AFTER_MINUTES;
    return {
      state, exercises, passed, failed: failures.length, tries, hints, hintsBeforeSolution, seen, answers,
      right: answers.filter(a => a.right).length,
      // before: answered before another cell ran (the one it predicts); unknown: files made before it was recorded
      predictions: { n: predicted.length, right: predicted.filter(a => a.right).length,
                     before: predicted.filter(a => a.before_run === true).length,
                     unknown: predicted.filter(a => typeof a.before_run !== "boolean").length },
      concepts: { n: concepts.length, right: concepts.filter(a => a.right).length },
      goal: plan && typeof plan.goal === "string" ? plan.goal : "",
      expected: plan && Number.isFinite(plan.minutes) ? plan.minutes : null,
      ratings, reflected: !!reflection,
      line: reflection && typeof reflection.line === "string" ? reflection.line : "",
      minutes, stuck: [...new Set(why)], silent, notes,
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

  // The entries of several work files of one student, each event once (as games/course_progress.js
  // keeps them: one entry a key; the earliest first time, the latest last time and detail, the first
  // answer).
  function merged(lists) {
    const kept = new Map();
    for (const entries of lists) {
      for (const entry of entries) {
        const key = [entry.lesson, entry.kind, entry.name, entry.each ? entry.first : ""].join("|");
        const old = kept.get(key);
        if (!old) { kept.set(key, entry); continue; }
        const later = entry.last > old.last, earlier = entry.first < old.first;
        const detail = entry.kind === "answer" ? (earlier ? entry.detail : old.detail)
          : (later ? entry.detail : old.detail);
        kept.set(key, { ...old, first: earlier ? entry.first : old.first, last: later ? entry.last : old.last, detail });
      }
    }
    return [...kept.values()];
  }

  return { lesson, byLesson, merged, STUCK_AFTER_TRIES, SILENT_AFTER_MINUTES };
})();
