// Game AI Lab: the zip files of students' work ("Download all my work"), written and read in the
// page with nothing but the browser. Used by the course map (lite/my-work.js) and the teacher's
// class view (lite/class-view.js). Written uncompressed ("stored"); read stored or deflated (a zip
// packed again by a computer's own zip tool), deflated entries with fflate (lite/fflate.js, loaded first).
globalThis.gameAiLabZip = (function () {
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

  const LIMITS = { entries: 20000, entryBytes: 512 * 1024 * 1024, totalBytes: 1024 * 1024 * 1024 };

  // {name: bytes} of a zip file (an ArrayBuffer); NotAZip when it is not one, Damaged when a part
  // cannot be read or a limit is passed. A zip from someone else may be made to hurt: more entries
  // than options.maxEntries, two entries of one name, an entry said to unpack to more than
  // options.maxBytes, or wanted entries together over options.maxTotal are refused before anything
  // is unpacked; an entry is unpacked into a buffer of the size it states (never more: fflate's
  // inflate is stopped there), then its length and CRC-32 are checked. options.only(name): read
  // only the entries it accepts. Synchronous (fflate): the class view runs it in a Web Worker.
  function readZip(buffer, options) {
    const only = (options && options.only) || (() => true);
    const maxEntries = (options && options.maxEntries) || LIMITS.entries;
    const maxBytes = (options && options.maxBytes) || LIMITS.entryBytes;
    const maxTotal = (options && options.maxTotal) || LIMITS.totalBytes;
    const data = new Uint8Array(buffer);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let end = -1;
    for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65535); i--) {
      if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
    }
    if (end < 0) throw new NotAZip();
    const count = view.getUint16(end + 10, true);
    if (count > maxEntries) throw new Damaged(`more than ${maxEntries} entries`);
    let at = view.getUint32(end + 16, true);
    const decoder = new TextDecoder();
    const names = new Set();
    const wanted = [];
    let total = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > data.length || view.getUint32(at, true) !== 0x02014b50) throw new Damaged("the list of files");
      const nameLength = view.getUint16(at + 28, true);
      if (at + 46 + nameLength > data.length) throw new Damaged("the list of files");
      const entry = { method: view.getUint16(at + 10, true), crc: view.getUint32(at + 16, true),
                      packed: view.getUint32(at + 20, true), unpacked: view.getUint32(at + 24, true),
                      name: decoder.decode(data.subarray(at + 46, at + 46 + nameLength)),
                      local: view.getUint32(at + 42, true) };
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      if (names.has(entry.name)) throw new Damaged(`two entries named ${entry.name.slice(0, 80)}`);
      names.add(entry.name);
      if (entry.name.endsWith("/") || !only(entry.name)) continue;  // a folder, or a file not asked for
      if (entry.unpacked > maxBytes) throw new Damaged(`${entry.name.slice(0, 80)} is too large`);
      total += entry.unpacked;
      if (total > maxTotal) throw new Damaged("too large in all");
      wanted.push(entry);
    }
    const files = {};
    for (const entry of wanted) {
      const name = entry.name;
      if (entry.local + 30 > data.length || view.getUint32(entry.local, true) !== 0x04034b50) throw new Damaged(name);
      const start = entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true);
      if (start + entry.packed > data.length) throw new Damaged(name);
      const packed = data.subarray(start, start + entry.packed);
      let bytes;
      if (entry.method === 0) bytes = packed.slice();
      else if (entry.method === 8) bytes = inflate(packed, entry.unpacked, name);
      else throw new Damaged(name);
      if (bytes.length !== entry.unpacked || crc32(bytes) !== entry.crc) throw new Damaged(name);
      files[name] = bytes;
    }
    return files;
  }

  // A zip packed again by the computer's own zip tool is deflated. Fed to fflate in small steps, so an
  // entry that unpacks to more than it says is stopped within a step's worth of output (a step of
  // 16 kB unpacks to 16 MB at most), not after all of it.
  const STEP = 16 * 1024;
  function inflate(packed, size, name) {
    const out = new Uint8Array(size);
    let at = 0, over = false;
    const stream = new globalThis.fflate.Inflate(chunk => {
      if (over || at + chunk.length > size) { over = true; return; }
      out.set(chunk, at);
      at += chunk.length;
    });
    try {
      for (let i = 0; i < packed.length && !over; i += STEP) {
        stream.push(packed.subarray(i, i + STEP), i + STEP >= packed.length);
      }
    } catch (error) {
      throw new Damaged(name);
    }
    if (over || at !== size) throw new Damaged(name);
    return out;
  }

  return { makeZip, readZip, crc32, NotAZip, Damaged, LIMITS };
})();
