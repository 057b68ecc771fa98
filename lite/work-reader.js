// Game AI Lab: one work file read in a Web Worker of the teacher's class view (lite/class-view.js).
// sitebuild/class_view.py writes teachers/<language>/class/work-reader.js as lite/fflate.js +
// lite/work-zip.js + this file. The page sends {id, file} and gets back {id, work} or {id, refused:
// {key, fields}}; a file that takes too long is stopped by the page, which ends this worker.
// Everything in the file is someone else's: each field is checked and cut to size here, so the page
// only ever sees strings, numbers and booleans of known shapes.
(function () {
  const { readZip, NotAZip, Damaged } = globalThis.gameAiLabZip;
  const MANIFEST = "game-ai-lab-work.json";
  const MAX_ZIP = 100 * 1024 * 1024;       // a work file with many notebooks and agents stays well under this
  const MAX_MANIFEST = 8 * 1024 * 1024;     // the progress list of a whole course is far smaller
  const MAX_ENTRIES = 50000;                // progress entries of one student
  const MAX_FILES = 5000;                   // notebooks and files of one student

  class Refused extends Error {
    constructor(key, fields) { super(key); this.key = key; this.fields = fields || {}; }
  }

  const KINDS = new Set(["opened", "passed", "failed", "solution", "hint", "result", "plan", "answer", "reflect"]);
  const RATINGS = new Set(["can", "nearly", "not_yet"]);

  function knownRatings(detail) {
    try {
      const ratings = JSON.parse(detail).ratings;
      return Array.isArray(ratings) && ratings.every(code => RATINGS.has(code));
    } catch (error) {
      return false;
    }
  }

  function text(value, most) {
    return typeof value === "string" ? value.slice(0, most) : null;
  }

  // A progress entry with every field a short string (the detail a longer one), else null.
  function entry(value) {
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const or = (field, missing) => (value[field] === undefined ? missing : value[field]);  // null is wrong
    const clean = { lesson: text(value.lesson, 200), kind: text(value.kind, 20), name: text(or("name", ""), 200),
                    first: text(or("first", ""), 40), last: text(or("last", or("first", "")), 40),
                    detail: text(or("detail", ""), 4000) };
    if (Object.values(clean).some(field => field === null)) return null;
    clean.lesson = clean.lesson.split("/").pop();  // either language's entries count for the lesson's file
    if (value.each === true) clean.each = true;
    return clean;
  }

  async function read(file) {
    if (!(file instanceof Blob)) throw new Refused("notZip");
    if (file.size > MAX_ZIP) throw new Refused("tooBig", { mb: MAX_ZIP / 1024 / 1024 });
    let zipped;
    try {
      zipped = readZip(await file.arrayBuffer(), { only: name => name === MANIFEST, maxBytes: MAX_MANIFEST,
                                                   maxTotal: MAX_MANIFEST });
    } catch (error) {
      if (error instanceof NotAZip) throw new Refused("notZip");
      throw new Refused("broken", { what: error instanceof Damaged ? error.message : String(error && error.name) });
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
    if (typeof manifest.version !== "number") throw new Refused("broken", { what: "version" });
    if (manifest.version > 1) throw new Refused("newer");
    if (!Array.isArray(manifest.progress)) throw new Refused("broken", { what: "progress" });
    if (manifest.progress.length > MAX_ENTRIES) throw new Refused("broken", { what: `> ${MAX_ENTRIES} progress` });
    const entries = manifest.progress.map(entry);
    const files = Array.isArray(manifest.files) ? manifest.files.slice(0, MAX_FILES) : [];
    const number = typeof manifest.number === "number" && Number.isFinite(manifest.number)
      ? String(manifest.number) : text(manifest.number, 12) || "";
    // fields that are there but not what the site writes: the page names the file and these
    const doubts = [];
    const shape = { student: "string", number: "string|number", id: "string", saved: "string" };
    for (const [field, kinds] of Object.entries(shape)) {
      const value = manifest[field];
      if (value !== undefined && !kinds.split("|").includes(typeof value)) doubts.push(field);
    }
    if (typeof manifest.student === "string" && manifest.student.length > 60) doubts.push("student");
    if (manifest.files !== undefined && !(Array.isArray(manifest.files)
        && manifest.files.every(f => f && typeof f === "object" && typeof f.path === "string"))) doubts.push("files");
    if (typeof manifest.saved === "string" && Number.isNaN(Date.parse(manifest.saved))) doubts.push("saved");
    const kept = entries.filter(Boolean);
    if (kept.some(e => !KINDS.has(e.kind))) doubts.push("kind");
    if (kept.some(e => e.kind === "reflect" && !knownRatings(e.detail))) doubts.push("ratings");
    return {
      name: (text(manifest.student, 60) || "").trim(), number: number.trim(), id: text(manifest.id, 64) || "",
      saved: text(manifest.saved, 40) || "", doubts,
      entries: kept, skipped: entries.length - kept.length,
      copies: files.map(f => (f && typeof f.path === "string" ? f.path.slice(0, 300).split("/").pop() : null))
        .filter(Boolean),
    };
  }

  self.onmessage = async event => {
    const { id, file } = event.data || {};
    try {
      self.postMessage({ id, work: await read(file) });
    } catch (error) {
      const refused = error instanceof Refused ? error : new Refused("broken", { what: String(error && error.name) });
      self.postMessage({ id, refused: { key: refused.key, fields: refused.fields } });
    }
  };
})();
