// Game AI Lab: the zip files of students' work ("Download all my work"), written and read in the
// page with nothing but the browser. Used by the course map (lite/my-work.js) and the teacher's
// class view (lite/class-view.js). Written uncompressed ("stored"); read stored or deflated (a zip
// packed again by a computer's own zip tool).
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

  // {name: bytes} of a zip file; NotAZip when it is not one, Damaged when a part cannot be read.
  // options.only(name): read only the files it accepts; options.maxBytes: a file that says, or
  // turns out, to unpack to more is Damaged, checked before and while unpacking (a zip from
  // someone else may be a "zip bomb").
  async function readZip(buffer, options) {
    const only = (options && options.only) || (() => true);
    const maxBytes = (options && options.maxBytes) || Infinity;
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
      const unpacked = view.getUint32(at + 24, true);
      const nameLength = view.getUint16(at + 28, true);
      const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const name = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
      const local = view.getUint32(at + 42, true);
      at += 46 + skip;
      if (name.endsWith("/") || !only(name)) continue;  // a folder, or a file not asked for
      if (unpacked > maxBytes) throw new Damaged(name);
      if (local + 30 > buffer.byteLength) throw new Damaged(name);
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      if (start + packed > buffer.byteLength) throw new Damaged(name);
      let bytes = new Uint8Array(buffer, start, packed);
      if (method === 8) bytes = await inflate(bytes, name, maxBytes);
      else if (method !== 0) throw new Damaged(name);
      if (crc32(bytes) !== crc) throw new Damaged(name);
      files[name] = bytes;
    }
    return files;
  }

  // A zip packed again by the computer's own zip tool is deflated.
  async function inflate(bytes, name, maxBytes) {
    if (typeof DecompressionStream === "undefined") throw new Damaged(name);
    const parts = [];
    let size = 0;
    try {
      const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > maxBytes) { reader.cancel(); throw new Damaged(name); }
        parts.push(value);
      }
    } catch (error) {
      throw new Damaged(name);
    }
    const whole = new Uint8Array(size);
    let at = 0;
    for (const part of parts) { whole.set(part, at); at += part.length; }
    return whole;
  }

  return { makeZip, readZip, crc32, NotAZip, Damaged };
})();
